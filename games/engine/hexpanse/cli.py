"""Command line (spec section 14.4):

    python -m games.engine.hexpanse apply POSITION.json MOVES.json [--seed N]
    python -m games.engine.hexpanse view POSITION.json --seat S
    python -m games.engine.hexpanse new CONFIG.json [--seed N]
    python -m games.engine.hexpanse bench [--games N] [--bot-games N] [--level L]

`apply` prints the resulting position (full, keys sorted), exit 0; a refused move prints
{"error": {"code", "move", "reason"}} and nothing is applied, exit 2; so does an unreadable
file or position (invalid_move, invalid_position). Hexpanse rolls no dice: `--dice` is accepted
and must be empty, for runners that pass it to every system.
"""

from __future__ import annotations

import argparse
import json
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from games.engine.hexpanse import flow
from games.engine.hexpanse.moves import decode
from games.engine.hexpanse.position import state_from_json, state_to_json
from games.engine.hexpanse.rules import play
from games.engine.hexpanse.state import State
from games.engine.hexpanse.view import view
from games.engine.hexpanse.work import Work
from games.engine.protocol import IllegalMove
from games.engine.rng import Rng


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="python -m games.engine.hexpanse")
    sub = parser.add_subparsers(dest="command", required=True)
    apply = sub.add_parser("apply", help="apply moves to a position and print the result")
    apply.add_argument("position", help="position JSON (spec section 14.1)")
    apply.add_argument("moves", help='moves JSON: [{"seat": 0, "do": "place", ...}, ...]')
    apply.add_argument("--seed", default="0", help="seeds a reshuffle of the discard (R84)")
    apply.add_argument("--dice", default="", help="unused: Hexpanse rolls no dice")
    show = sub.add_parser("view", help="print a seat's view of a position")
    show.add_argument("position")
    show.add_argument("--seat", required=True, help="a seat number, or 'none' for a spectator")
    new = sub.add_parser("new", help="print a fresh position for a config")
    new.add_argument("config", help='{"board", "mode", "variants", "teams", "players", ...}')
    new.add_argument("--seed", default="0")
    bench = sub.add_parser("bench", help="measure the engine; the last line is JSON")
    bench.add_argument("--games", type=int, default=40, help="random games to time")
    bench.add_argument("--bot-games", type=int, default=12, help="computer vs random games")
    bench.add_argument("--level", default="medium", help="the computer's level")
    return parser


def _out(data: Any) -> None:
    print(json.dumps(data, sort_keys=True, ensure_ascii=False))


def _error(code: str, reason: str, move: int | None = None) -> int:
    _out({"error": {"code": code, "move": move, "reason": reason}})
    return 2


def _read(path: str) -> Any:
    return json.loads(Path(path).read_text(encoding="utf-8"))


def _position(path: str) -> State:
    return state_from_json(_read(path))


def settle(state: State, rng: Rng) -> tuple[State, Rng]:
    """The automatic steps a position may still owe (its income, the market phase)."""
    w = Work.of(state, rng)
    flow.run(w)
    return w.freeze(), w.rng


def apply_command(args: argparse.Namespace) -> int:
    if args.dice.strip():
        return _error("invalid_move", "Hexpanse rolls no dice: --dice must be empty.")
    try:
        state = _position(args.position)
    except (OSError, ValueError) as exc:
        return _error("invalid_position", f"The position cannot be used: {exc}")
    try:
        entries = _read(args.moves)
        if not isinstance(entries, list):
            raise ValueError("a moves file is a JSON list")
    except (OSError, ValueError) as exc:
        return _error("invalid_move", f"The moves file cannot be read: {exc}", 0)
    state, rng = settle(state, Rng(str(args.seed)))
    for index, entry in enumerate(entries):
        try:
            move = decode(entry)
            if move.seat is None:
                raise IllegalMove('Each move names its "seat".', "invalid_move")
            work = play(state, move.seat, move, rng)
        except IllegalMove as exc:
            return _error(exc.code, exc.reason, index)
        state, rng = work.freeze(), work.rng
    _out(state_to_json(state))
    return 0


def main(argv: Sequence[str] | None = None) -> int:
    args = _parser().parse_args(argv)
    if args.command == "apply":
        return apply_command(args)
    if args.command == "view":
        try:
            state = _position(args.position)
        except (OSError, ValueError) as exc:
            return _error("invalid_position", f"The position cannot be used: {exc}")
        seat: int | None = None
        if args.seat.lower() not in ("none", "spectator"):
            if not args.seat.isdigit() or int(args.seat) >= len(state.seats):
                return _error(
                    "invalid_move",
                    f"--seat takes a seat number from 0 to {len(state.seats) - 1}, or none.",
                )
            seat = int(args.seat)
        _out(view(state, seat))
        return 0
    if args.command == "new":
        from games.engine.hexpanse.system import new_position

        try:
            _out(new_position(_read(args.config), str(args.seed)))
        except (OSError, ValueError) as exc:
            return _error("invalid_move", f"The config cannot be used: {exc}")
        return 0
    from games.engine.hexpanse.bench import bench

    _out(bench(args.games, args.bot_games, args.level))
    return 0
