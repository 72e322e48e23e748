"""Command line (spec E.4, E.5):

    python -m games.engine.infinity apply POSITION.json MOVES.json [--dice DICE] [--seed N]
        [--view SEAT]
    python -m games.engine.infinity view POSITION.json --seat SEAT
    python -m games.engine.infinity new SCENARIO.json LIST0.json LIST1.json --seed N
    python -m games.engine.infinity bench [--games N] [--bot-games N]
    python -m games.engine.infinity duel [--games N] [--level L] [--priors A B] [--boards ..]
        [--turns N] [--max-moves N] [--first N] [--armies A B]

`apply` prints the resulting position (or a seat's view) with `log` holding this call's events;
exit 0. A refused move prints {"error": {"move", "code", "message"}}, exit 2, nothing kept;
forced dice running out print {"error": {"code": "dice_exhausted", "key"}}, exit 3; an
unreadable position or file, exit 4.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from games.engine.infinity import moves as mv
from games.engine.infinity.dice import Dice, DiceExhausted
from games.engine.infinity.position import PositionError, state_from_json, state_to_json
from games.engine.infinity.setup import DEFAULTS
from games.engine.infinity.state import State
from games.engine.protocol import Event, IllegalMove, event_for_seat
from games.engine.rng import Rng


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="python -m games.engine.infinity")
    sub = parser.add_subparsers(dest="command", required=True)
    apply = sub.add_parser("apply", help="apply moves to a position and print the result")
    apply.add_argument("position", help="position JSON file (spec E.1)")
    apply.add_argument("moves", help="moves JSON file: a list of commands (spec E.2)")
    apply.add_argument("--dice", help='forced d20s: JSON {"<id>.<roll>": [..]}, inline or a file')
    apply.add_argument("--seed", help="seed the dice generator instead of hidden.engine's")
    apply.add_argument("--view", type=int, choices=(0, 1), help="print that seat's view")
    view = sub.add_parser("view", help="print a seat's view of a position")
    view.add_argument("position")
    view.add_argument("--seat", type=int, choices=(0, 1), required=True)
    new = sub.add_parser("new", help="set a game up from a scenario and two army lists")
    new.add_argument("scenario", help='scenario JSON: {"scenario", "board", "civilians", ...}')
    new.add_argument(
        "lists",
        nargs=2,
        help='army list JSON: {"roster": "corregidor"|"jsa"} or {"sectorial", "units": [...]}',
    )
    new.add_argument("--seed", default="0")
    bench = sub.add_parser("bench", help="measure the engine; the last line is JSON")
    bench.add_argument("--games", type=int, default=100, help="random games to time")
    bench.add_argument("--bot-games", type=int, default=10, help="medium bot vs random games")
    bench.add_argument("--level", default="medium", help="bot level: easy, medium or hard")
    duel = sub.add_parser(
        "duel", help="the computer against itself with another prior; the last line is JSON"
    )
    duel.add_argument("--games", type=int, default=2, help="games, seats swapped on each pair")
    duel.add_argument("--level", default="medium", help="bot level: easy, medium or hard")
    duel.add_argument(
        "--priors", type=float, nargs=2, default=[1.0, 0.0], help="computer A's, then B's"
    )
    duel.add_argument("--boards", nargs="+", default=["small", "town"], help="tables in turn")
    duel.add_argument("--turns", type=int, default=3, help="game turns (the lobby's: 3)")
    duel.add_argument("--max-moves", type=int, help="stop each game there (a quick check)")
    duel.add_argument("--first", type=int, default=0, help="first pair's seed: duel<first>")
    duel.add_argument(
        "--armies", nargs=2, default=["corregidor", "jsa"], help="seat 0's and seat 1's rosters"
    )
    duel.add_argument("--baseline", action="store_true", help="B judges without the approach terms")
    duel.add_argument(
        "--tally", action="store_true", help="count each profile's declarations and reactions"
    )
    return parser


def _out(data: Any) -> None:
    print(json.dumps(data, sort_keys=True))


def _read_json(text_or_path: str) -> Any:
    path = Path(text_or_path)
    if path.exists():
        return json.loads(path.read_text(encoding="utf-8"))
    return json.loads(text_or_path)


def _engine_rng(data: dict[str, Any], seed: str | None) -> Rng:
    raw = ((data.get("hidden") or {}).get("engine") or {}).get("rng") or {}
    if seed is not None:
        return Rng(str(seed))
    return Rng(str(raw.get("seed", 0)), int(raw.get("counter", 0)))


def _log(events: list[Event], seat: int | None, full: bool) -> list[dict[str, Any]]:
    out = []
    for e in events:
        seen = {**e.data, "kind": e.kind} if full else event_for_seat(e.to_json(), seat)
        if seen is not None:
            out.append(seen)
    return out


def _position(state: State, rng: Rng | None, events: list[Event], seat: int | None) -> Any:
    from games.engine.infinity.view import view

    if seat is not None:
        data = view(state, seat)
        data["log"] = _log(events, seat, full=False)
        return data
    data = state_to_json(state)
    if rng is not None:
        data["hidden"]["engine"] = {"rng": {"seed": rng.seed, "counter": rng.counter}}
    data["log"] = _log(events, None, full=True)
    return data


def apply_command(args: argparse.Namespace) -> int:
    try:
        raw = json.loads(Path(args.position).read_text(encoding="utf-8"))
        state = state_from_json(raw)
    except (OSError, ValueError) as exc:
        _out({"error": {"code": "bad_position", "message": str(exc)}})
        return 4
    try:
        entries = json.loads(Path(args.moves).read_text(encoding="utf-8"))
        if not isinstance(entries, list):
            raise ValueError("a moves file is a JSON list")
    except (OSError, ValueError) as exc:
        _out({"error": {"move": 0, "code": "malformed", "message": str(exc)}})
        return 2
    rng: Rng | None = None
    if args.dice is not None:
        try:
            forced = _read_json(args.dice)
            if not isinstance(forced, dict) or not all(
                isinstance(v, list) and all(isinstance(x, int) and 1 <= x <= 20 for x in v)
                for v in forced.values()
            ):
                raise ValueError
        except ValueError:
            _out({"error": {"code": "bad_dice", "message": "--dice maps keys to lists of d20s"}})
            return 3
        dice = Dice(forced={str(k): list(v) for k, v in forced.items()})
    else:
        rng = _engine_rng(raw, args.seed)
        dice = Dice(rng)
    events: list[Event] = []
    from games.engine.infinity.system import run

    for index, entry in enumerate(entries):
        try:
            cmd = mv.decode(entry)
            ctx = run(state, cmd.seat, cmd, dice)
        except IllegalMove as exc:
            _out({"error": {"move": index, "code": exc.code, "message": exc.reason}})
            return 2
        except DiceExhausted as exc:
            _out({"error": {"code": "dice_exhausted", "key": exc.key, "move": index}})
            return 3
        state = ctx.state
        events += ctx.events
    unused = dice.unused()
    if unused:
        events.append(Event("DiceUnused", {"dice": unused}))
    _out(_position(state, dice.rng if rng is not None else None, events, args.view))
    return 0


def view_command(args: argparse.Namespace) -> int:
    from games.engine.infinity.view import view

    try:
        state = state_from_json(json.loads(Path(args.position).read_text(encoding="utf-8")))
    except (OSError, ValueError) as exc:
        _out({"error": {"code": "bad_position", "message": str(exc)}})
        return 4
    _out(view(state, args.seat))
    return 0


def new_command(args: argparse.Namespace) -> int:
    from games.engine.infinity.system import SYSTEM

    try:
        # a new game: today's set-up unless the scenario names one (setup.SETUP_VERSIONS)
        config = {"setup_version": DEFAULTS["setup_version"], **_read_json(args.scenario)}
        lists = [_read_json(p) for p in args.lists]
        config["armies"] = [x if "units" in x else str(x.get("roster")) for x in lists]
        setup = SYSTEM.setup(config, 2, Rng(str(args.seed)))
    except (OSError, ValueError, AttributeError, TypeError) as exc:
        _out({"error": {"code": "bad_config", "message": str(exc)}})
        return 4
    except PositionError as exc:  # pragma: no cover - defensive
        _out({"error": {"code": "bad_config", "message": str(exc)}})
        return 4
    _out(_position(setup.state, setup.rng, list(setup.events), None))
    return 0


def main(argv: Sequence[str] | None = None) -> int:
    args = _parser().parse_args(argv)
    if args.command == "apply":
        return apply_command(args)
    if args.command == "view":
        return view_command(args)
    if args.command == "new":
        return new_command(args)
    from games.engine.infinity import bench

    if args.command == "duel":
        _out(
            bench.duel(
                args.games,
                args.level,
                args.priors,
                args.boards,
                args.turns,
                args.max_moves,
                args.first,
                _out,
                args.armies,
                args.baseline,
                args.tally,
            )
        )
        return 0
    _out(bench.bench(args.games, args.bot_games, args.level))
    return 0


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
