"""Command line: `python -m games.engine.neuroshima battle POSITION.json | bench`."""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence

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
        help="games per bot pairing (hard vs random, hard vs easy); 0 skips the bot section",
    )
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    args = _parser().parse_args(argv)
    if args.command == "battle":
        from games.engine.neuroshima.battle import resolve

        text = sys.stdin.read() if args.position == "-" else open(args.position).read()
        try:
            position = Position.from_json(json.loads(text))
        except (ValueError, PositionError) as exc:
            print(f"error: {exc}", file=sys.stderr)
            return 2
        after, events = resolve(position)
        if args.events:
            for event in events:
                print(json.dumps({"kind": event.kind, **event.data}))
        print(json.dumps(after.to_json(), indent=1))
        return 0
    from games.engine.neuroshima import bench

    result = bench.run(tuple(args.only) if args.only else None, bot_games=args.bot_games)
    print(json.dumps(result))
    return 0
