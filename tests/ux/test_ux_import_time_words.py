"""A sentence translated when a module is imported is written in whatever language was active
then, for every reader afterwards (the draw buttons' confirmations once read "Nulle proposée."
to English players). Module and class bodies use gettext_lazy; gettext runs inside functions."""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
EAGER = {"gettext", "ngettext", "pgettext", "npgettext"}


def _eager_names(tree: ast.Module) -> set[str]:
    return {
        alias.asname or alias.name
        for node in tree.body
        if isinstance(node, ast.ImportFrom) and node.module == "django.utils.translation"
        for alias in node.names
        if alias.name in EAGER
    }


def _calls_at_import(node: ast.AST, names: set[str], found: list[int]) -> None:
    if isinstance(node, ast.Lambda | ast.FunctionDef | ast.AsyncFunctionDef):
        return  # runs later, in the reader's language
    if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id in names:
        found.append(node.lineno)
    for child in ast.iter_child_nodes(node):
        _calls_at_import(child, names, found)


def _import_time_translations(source: str) -> list[int]:
    tree = ast.parse(source)
    names = _eager_names(tree)
    found: list[int] = []
    if names:
        for node in tree.body:
            _calls_at_import(node, names, found)
    return found


def test_no_site_module_translates_a_sentence_at_import():
    found = []
    for path in sorted([*ROOT.glob("games/**/*.py"), *ROOT.glob("hexsite/**/*.py")]):
        if "engine" in path.parts or "migrations" in path.parts:
            continue
        lines = _import_time_translations(path.read_text(encoding="utf-8"))
        found += [f"{path.relative_to(ROOT)}:{line}" for line in lines]
    assert not found, found


def test_the_check_sees_a_translation_at_import_and_not_one_in_a_function():
    eager = "from django.utils.translation import gettext as _\nWORDS = {'a': _('Draw offered.')}\n"
    later = "from django.utils.translation import gettext as _\ndef f():\n    return _('x')\n"
    in_lambda = "from django.utils.translation import gettext\nF = lambda: gettext('x')\n"
    assert _import_time_translations(eager) == [2]
    assert _import_time_translations(later) == []
    assert _import_time_translations(in_lambda) == []
