"""games/engine is pure Python (ARCHITECTURE.md, "The shape of the house"): no Django or
Channels anywhere, never the `random` module's global generator, and no clock in anything a game
system runs. Measuring tools (benches, bot evaluations) may read the clock, but no module that a
registered system imports may."""

import ast
import pathlib

from games.engine.registry import _SYSTEM_MODULES

ROOT = pathlib.Path(__file__).resolve().parents[2]
ENGINE = ROOT / "games" / "engine"
NEVER = ("django", "channels", "random", "secrets")
CLOCK = ("time", "datetime")


def _imports(path):
    tree = ast.parse(path.read_text(encoding="utf-8"))
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            yield from (a.name for a in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            yield node.module
            yield from (f"{node.module}.{a.name}" for a in node.names)


def _file_of(module):
    base = ROOT.joinpath(*module.split("."))
    for candidate in (base.with_suffix(".py"), base / "__init__.py"):
        if candidate.exists():
            return candidate
    return None


def test_the_engine_never_imports_a_framework_or_the_global_random():
    offenders = [
        f"{path.relative_to(ENGINE)}: {name}"
        for path in sorted(ENGINE.rglob("*.py"))
        for name in _imports(path)
        if name.split(".")[0] in NEVER
    ]
    assert not offenders, offenders


def test_nothing_a_system_runs_reads_the_clock():
    todo = list(_SYSTEM_MODULES.values())
    seen = set()
    offenders = []
    while todo:
        module = todo.pop()
        path = _file_of(module)
        if path is None or path in seen:
            continue
        seen.add(path)
        for name in _imports(path):
            if name.split(".")[0] in CLOCK:
                offenders.append(f"{module}: {name}")
            elif name.startswith("games.engine"):
                todo.append(name)
    assert len(seen) > 5 and not offenders, offenders


def test_the_engine_does_no_io_at_import():
    for path in sorted(ENGINE.rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in tree.body:
            if isinstance(node, ast.Expr) and isinstance(node.value, ast.Call):
                func = node.value.func
                name = getattr(func, "id", getattr(func, "attr", ""))
                assert name == "register", f"{path.name} calls {name} at import"
