"""Command lines (skirmish.md §14.1): `apply POSITION.json MOVES.json [--dice …]`,
`army-cost ARMY.json` and `bench`. The last line printed is always one JSON object."""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from games.engine.skirmish.armies import CostError, army_cost


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="python -m games.engine.skirmish", description="Skirmish rules engine tools."
    )
    sub = parser.add_subparsers(dest="command", required=True)
    apply = sub.add_parser(
        "apply",
        help="apply moves to a position (§14.1)",
        description="Apply MOVES.json (a list of {seat, move}) to POSITION.json and print the "
        "complete resulting position. Without --dice or --seed no die may be rolled.",
    )
    apply.add_argument("position")
    apply.add_argument("moves")
    apply.add_argument("--dice", help="forced d6 results, comma-separated, in §14.2 order")
    apply.add_argument("--seed", help="roll seeded dice instead (exploring, not tests)")
    apply.add_argument("--view", help="print this seat's view instead of the position")
    apply.add_argument("--events", action="store_true", help="events to stderr, one per line")
    bench = sub.add_parser("bench", help="measure the engine; the last line is one JSON object")
    bench.add_argument("--seconds", type=float, default=3.0)
    bench.add_argument("--bot-games", type=int, default=24)
    bench.add_argument("--level", choices=("easy", "medium", "hard"), default="medium")
    cost = sub.add_parser("army-cost", help="cost and validate an army list (§5.2)")
    cost.add_argument("army", help="army list JSON file, or - for stdin")
    return parser


def _read(path: str) -> Any:
    text = sys.stdin.read() if path == "-" else Path(path).read_text(encoding="utf-8")
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


def _error(code: str, **data: Any) -> int:
    _emit({"error": {"code": code, **data}})
    return {"dice_exhausted": 3, "dice_unused": 3, "bad_position": 4}.get(code, 2)


def run_apply(args: argparse.Namespace) -> int:
    from games.engine.protocol import Event, IllegalMove
    from games.engine.rng import Rng
    from games.engine.skirmish import moves as mv
    from games.engine.skirmish import rules
    from games.engine.skirmish.dice import Dice, DiceExhausted
    from games.engine.skirmish.position import state_from_json, state_to_json
    from games.engine.skirmish.state import SEAT_NAMES
    from games.engine.skirmish.view import view

    try:
        state = state_from_json(_read(args.position))
    except (OSError, ValueError) as exc:
        return _error("bad_position", message=str(exc))
    try:
        moves = _read(args.moves)
        if not isinstance(moves, list):
            raise ValueError("a moves file is a list of {seat, move}")
    except (OSError, ValueError) as exc:
        # As the paintball command (§14.1 "as the paintball command"): a move error, index 0.
        return _error("malformed", message=f"unreadable moves file: {exc}", move_index=0)
    if args.dice is not None:
        try:
            forced = [int(x) for x in args.dice.split(",") if x.strip()]
        except ValueError:
            return _error("bad_dice", message="--dice takes comma-separated integers 1-6")
        if any(not 1 <= d <= 6 for d in forced):
            return _error("bad_dice", message="--dice takes comma-separated integers 1-6")
        dice = Dice(forced=forced)
    else:
        dice = Dice(Rng(str(args.seed))) if args.seed is not None else Dice()
    if args.view is not None and args.view not in ("", "none", *SEAT_NAMES):
        return _error("not_a_seat", message=f"--view takes red, blue or none, not {args.view!r}")
    played: list[Event] = []  # events are written only once every move is in (paintball spec §15)
    for index, entry in enumerate(moves):
        try:
            name = entry.get("seat") if isinstance(entry, dict) else None
            if name is not None and name not in SEAT_NAMES:
                raise IllegalMove(f"Unknown seat {name!r}.", "not_a_seat")
            seat = None if name is None else SEAT_NAMES.index(name)
            move = mv.decode(entry.get("move") if isinstance(entry, dict) else None)
            state, events = rules.play(state, seat, move, dice)
        except IllegalMove as exc:
            return _error(exc.code, message=exc.reason, move_index=index)
        except DiceExhausted:
            return _error("dice_exhausted", move_index=index)
        played += events
    if dice.unused:
        return _error("dice_unused", unused=dice.unused)
    seat_view = None if args.view in (None, "", "none") else SEAT_NAMES.index(args.view)
    if args.events:
        # With --view, the events as that seat saw them (orders stay secret until the reveal).
        for event in played:
            shown = (
                {"kind": event.kind, **event.data}
                if args.view is None
                else event.for_seat(seat_view)
            )
            if shown is not None:
                print(json.dumps(shown, sort_keys=True), file=sys.stderr)
    if args.view is not None:
        _emit(view(state, seat_view))
    else:
        _emit(state_to_json(state))
    return 0


def main(argv: Sequence[str] | None = None) -> int:
    args = _parser().parse_args(argv)
    if args.command == "army-cost":
        return run_army_cost(args.army)
    if args.command == "apply":
        return run_apply(args)
    from games.engine.skirmish import bench

    _emit(bench.run(args.seconds, args.bot_games, args.level))
    return 0
