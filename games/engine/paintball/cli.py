"""Command line (spec §15):

    python -m games.engine.paintball apply POSITION.json MOVES.json [--dice 5,2,3,5] [--seed N]
        [--view SEAT] [--events]
    python -m games.engine.paintball bench [--games N] [--bot-games N]

Exit codes: 0 done; 2 an illegal move; 3 dice exhausted or left over; 4 a bad position.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from games.engine.paintball import moves as mv
from games.engine.paintball.board import SEATS
from games.engine.paintball.dice import Dice, DiceExhausted
from games.engine.paintball.position import state_from_json, state_to_json
from games.engine.paintball.system import run
from games.engine.paintball.view import view
from games.engine.protocol import IllegalMove
from games.engine.rng import Rng


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="python -m games.engine.paintball")
    sub = parser.add_subparsers(dest="command", required=True)
    apply = sub.add_parser("apply", help="apply moves to a position and print the result")
    apply.add_argument("position", help="position JSON file (README.md, Position format)")
    apply.add_argument("moves", help='moves JSON file: [{"seat": "red", "move": {...}}, ...]')
    apply.add_argument("--dice", help="forced d6 results, comma-separated, in the spec's order")
    apply.add_argument("--seed", help="roll seeded dice instead (exploring, not tests)")
    apply.add_argument("--view", help="print that team's view instead (red or blue)")
    apply.add_argument("--events", action="store_true", help="events to stderr, one a line")
    bench = sub.add_parser("bench", help="measure the engine; the last line is JSON")
    bench.add_argument("--games", type=int, default=200, help="random games to time")
    bench.add_argument(
        "--bot-games",
        type=int,
        default=20,
        help="games of the computer (medium) against random moves",
    )
    return parser


def _out(data: Any) -> None:
    print(json.dumps(data, sort_keys=True))


def _error(code: str, **extra: Any) -> dict[str, Any]:
    return {"error": {"code": code, **extra}}


def apply_command(args: argparse.Namespace) -> int:
    try:
        state = state_from_json(json.loads(Path(args.position).read_text(encoding="utf-8")))
    except (OSError, ValueError) as exc:
        _out(_error("bad_position", message=str(exc)))
        return 4
    try:
        entries = json.loads(Path(args.moves).read_text(encoding="utf-8"))
        if not isinstance(entries, list):
            raise ValueError("a moves file is a list")
    except (OSError, ValueError) as exc:
        _out(_error("malformed", message=f"unreadable moves file: {exc}", move_index=0))
        return 2
    if args.dice is not None:
        try:
            forced = [int(v) for v in args.dice.split(",") if v.strip()]
        except ValueError:
            forced = [0]
        if not all(1 <= v <= 6 for v in forced):
            _out(_error("bad_dice", message="--dice takes whole numbers 1-6"))
            return 3
        dice = Dice(forced=forced)
    elif args.seed is not None:
        dice = Dice(Rng(str(args.seed)))
    else:
        dice = Dice(forced=[])  # C7: no die may be rolled without --dice or --seed
    if args.view is not None and args.view not in SEATS:
        # The spec names no code; the skirmish engine's (same spec family) is used.
        _out(_error("not_a_seat", message=f"--view takes red or blue, not {args.view!r}"))
        return 2
    events = []
    for index, entry in enumerate(entries):
        try:
            if not isinstance(entry, dict) or entry.get("seat") not in (*SEATS, None):
                raise IllegalMove("Each entry is {seat, move}.", "malformed")
            ctx = run(state, entry.get("seat"), mv.decode(entry.get("move")), dice)
        except IllegalMove as exc:
            _out(_error(exc.code, message=exc.reason, move_index=index))
            return 2
        except DiceExhausted:
            _out(_error("dice_exhausted", move_index=index))
            return 3
        state = ctx.state
        events += ctx.events
    if dice.forced:
        _out(_error("dice_unused", unused=len(dice.forced)))
        return 3
    if args.events:
        # With --view, the events as that team saw them (a sentry's policy is its own, §16).
        for event in events:
            shown = (
                event.for_seat(SEATS.index(args.view))
                if args.view
                else {"kind": event.kind, **event.data}
            )
            if shown is not None:
                print(json.dumps(shown, sort_keys=True), file=sys.stderr)
    _out(view(state, args.view) if args.view else state_to_json(state))
    return 0


def main(argv: Sequence[str] | None = None) -> int:
    args = _parser().parse_args(argv)
    if args.command == "apply":
        return apply_command(args)
    from games.engine.paintball.bench import bench

    _out(bench(args.games, args.bot_games))
    return 0
