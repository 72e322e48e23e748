"""Command line: `python -m games.engine.neuroshima battle POSITION.json | bench | golden DIR`."""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from games.engine.neuroshima.position import Position, PositionError

BATTLE_HELP = """Resolve one battle on POSITION.json (or - for stdin) and print the position
after it, in the same JSON format (README.md, "Position format"). Every choice the rules give
during the battle takes its documented default, options[0] of the decision: a Clown attacks
rather than explodes, a Quartermaster swaps nothing, a medic heals the first wounded tile in
board order and absorbs the first attacker's damage. With --events the battle's events are
printed too, one JSON object per line, before the position."""


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="python -m games.engine.neuroshima",
        description="Neuroshima Hex rules engine tools.",
    )
    sub = parser.add_subparsers(dest="command", required=True)
    battle = sub.add_parser("battle", help="resolve one battle", description=BATTLE_HELP)
    battle.add_argument("position", help="position JSON file, or - for stdin")
    battle.add_argument("--events", action="store_true", help="also print the battle's events")
    bench = sub.add_parser(
        "bench",
        help="measure the engine",
        description="Measure the engine; the LAST line printed is one JSON object "
        "(battle_full_board_us_p50, random_games_per_s, ...).",
    )
    bench.add_argument("--only", nargs="*", help="sections to run (default: all)")
    bench.add_argument(
        "--bot-games",
        type=int,
        default=200,
        help="games per bot pairing (generic search medium vs random, own bot hard vs random and "
        "vs easy); 0 skips the bot section",
    )
    golden = sub.add_parser(
        "golden",
        help="check or regenerate the golden playthroughs",
        description="Replay the golden playthroughs in DIRECTORY (tests/engine/neuroshima/golden) "
        "and report any difference. --write records them again; it refuses to change a record "
        "made with the current system version (a rules change needs a version bump, "
        "ARCHITECTURE.md) unless --force.",
    )
    golden.add_argument("directory")
    golden.add_argument("--write", action="store_true", help="record the playthroughs again")
    golden.add_argument("--force", action="store_true", help="with --write: even same version")
    return parser


def golden_text(data: dict[str, Any]) -> str:
    """The record as JSON, one move and one step of events a line (readable diffs)."""
    parts = []
    for key, value in data.items():
        if isinstance(value, list) and key in ("moves", "events"):
            rows = ",\n".join(f"  {json.dumps(v)}" for v in value)
            parts.append(f" {json.dumps(key)}: [\n{rows}\n ]")
        else:
            parts.append(f" {json.dumps(key)}: {json.dumps(value)}")
    return "{\n" + ",\n".join(parts) + "\n}\n"


def run_golden(directory: str, write: bool, force: bool) -> int:
    from games.engine.neuroshima import golden

    folder = Path(directory)
    problems: list[str] = []
    for case in golden.CASES:
        path = folder / f"{case.name}.json"
        old = json.loads(path.read_text(encoding="utf-8")) if path.exists() else None
        if not write:
            problems += golden.differences(old) if old else [f"{case.name}: no {path}"]
            continue
        new = golden.record(case)
        if old and old != new and old.get("version") == new["version"] and not force:
            problems.append(
                f"{case.name}: changed at the same version {new['version']}; bump "
                "NeuroshimaSystem.version for a rules change (or --force)"
            )
            continue
        folder.mkdir(parents=True, exist_ok=True)
        path.write_text(golden_text(new), encoding="utf-8")
    for problem in problems:
        print(problem, file=sys.stderr)
    print(f"{len(golden.CASES)} playthroughs, {len(problems)} problem(s)")
    return 1 if problems else 0


def main(argv: Sequence[str] | None = None) -> int:
    args = _parser().parse_args(argv)
    if args.command == "battle":
        from games.engine.neuroshima.battle import resolve

        try:
            text = sys.stdin.read() if args.position == "-" else Path(args.position).read_text()
            position = Position.from_json(json.loads(text))
        except (OSError, ValueError, PositionError) as exc:
            print(f"error: {exc}", file=sys.stderr)
            return 2
        after, events = resolve(position)
        if args.events:
            for event in events:
                print(json.dumps({"kind": event.kind, **event.data}))
        print(json.dumps(after.to_json(), indent=1))
        return 0
    if args.command == "golden":
        return run_golden(args.directory, args.write, args.force)
    from games.engine.neuroshima import bench

    result = bench.run(tuple(args.only) if args.only else None, bot_games=args.bot_games)
    print(json.dumps(result))
    return 0
