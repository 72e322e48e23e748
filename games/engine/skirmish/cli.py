"""Command lines (skirmish.md §14.1): `apply POSITION.json MOVES.json [--dice …]`,
`army-cost ARMY.json` and `bench`. The last line printed is always one JSON object."""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence
from typing import Any

from games.engine.skirmish.armies import CostError, army_cost


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="python -m games.engine.skirmish", description="Skirmish rules engine tools."
    )
    sub = parser.add_subparsers(dest="command", required=True)
    cost = sub.add_parser("army-cost", help="cost and validate an army list (§5.2)")
    cost.add_argument("army", help="army list JSON file, or - for stdin")
    return parser


def _read(path: str) -> Any:
    text = sys.stdin.read() if path == "-" else open(path, encoding="utf-8").read()
    return json.loads(text)


def _emit(data: Any) -> None:
    print(json.dumps(data, sort_keys=True))


def run_army_cost(path: str) -> int:
    try:
        army = _read(path)
        if not isinstance(army, dict):
            raise ValueError("an army list is a JSON object")
        report = army_cost(army)
    except CostError as exc:
        _emit({"error": {"code": exc.code, "unit": exc.unit, "field": exc.field}})
        return 2
    except (OSError, ValueError) as exc:
        _emit({"error": {"code": "bad_army", "message": str(exc)}})
        return 4
    _emit(report)
    return 0


def main(argv: Sequence[str] | None = None) -> int:
    args = _parser().parse_args(argv)
    if args.command == "army-cost":
        return run_army_cost(args.army)
    return 1
