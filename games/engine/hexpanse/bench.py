"""Measurements for `python -m games.engine.hexpanse bench` (reads the clock: never imported by
the rules). Random games cycle through modes and 2-4 players; the computer opponent is the
generic search (games/engine/search.py) with Hexpanse's `evaluate`, against random players,
through the shared games/engine/bench.py."""

from __future__ import annotations

from typing import Any

from games.engine import bench as shared
from games.engine.hexpanse.system import SYSTEM

CONFIGS: tuple[tuple[int, dict[str, Any]], ...] = (
    (2, {"mode": "capitaine"}),
    (3, {"mode": "marin"}),
    (4, {"mode": "amiral"}),
    (2, {"mode": "amiral", "variants": {"expert": True, "elite": 2}}),
    (4, {"mode": "capitaine", "teams": True}),
)
MAX_MOVES = 5000


def random_game(seed: str, seats: int, config: dict[str, Any]) -> tuple[Any, int]:
    """A game of uniformly random legal moves: (final state, moves played)."""
    return shared.play(SYSTEM, config, seats, seed, max_moves=MAX_MOVES)


def bot_game(seed: str, seats: int, config: dict[str, Any], bot_seat: int, level: str) -> float:
    """1 if the computer's seat wins (alone or with its team, or all seats together), else 0."""
    state, _ = shared.play(
        SYSTEM, config, seats, seed, bot_seat=bot_seat, level=level, max_moves=MAX_MOVES
    )
    outcome = SYSTEM.outcome(state)
    return 1.0 if outcome is not None and bot_seat in outcome.winners else 0.0


def _bot_game(i: int, level: str) -> float:
    seats = 2 + i % 3
    config = {"mode": ("capitaine", "amiral", "marin")[i % 3]}
    return bot_game(f"bot{i}", seats, config, i % seats, level)


def bench(games: int, bot_games: int, level: str = "medium") -> dict[str, Any]:
    moves, elapsed = shared.cpu_timed(
        games, lambda i: random_game(f"bench{i}", *CONFIGS[i % len(CONFIGS)])[1]
    )
    results, bot_elapsed = shared.cpu_timed(bot_games, lambda i: _bot_game(i, level))
    return {
        "random_games": games,
        "random_games_per_s": shared.rate(games, elapsed),
        "random_moves_per_game": round(sum(moves) / games, 1) if games else None,
        "bot": f"games.engine.search level {level} with hexpanse evaluate",
        "bot_games": bot_games,
        "bot_players": "2-4 (one computer, the others random)",
        "bot_vs_random_win_rate": shared.mean(results),
        "bot_seconds_per_game": round(bot_elapsed / bot_games, 1) if bot_games else None,
    }
