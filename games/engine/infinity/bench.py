"""Measurements for `python -m games.engine.infinity bench` (reads the clock: never imported by
the rules): random games per CPU second, and the generic computer opponent
(games/engine/search.py with our `evaluate`) against uniformly random moves, through the
shared games/engine/bench.py."""

from __future__ import annotations

from typing import Any

from games.engine import bench as shared
from games.engine.infinity.system import SYSTEM

CONFIGS: tuple[dict[str, Any], ...] = (
    {"scenario": "annihilation"},
    {"scenario": "civilian_evacuation"},
    {"scenario": "annihilation", "civilians": "neutral", "armies": ["jsa", "corregidor"]},
)


def random_game(seed: str, config: dict[str, Any]) -> tuple[Any, int]:
    return shared.play(SYSTEM, config, 2, seed)


def bot_game(seed: str, config: dict[str, Any], bot_seat: int, level: str) -> float:
    state, _ = shared.play(SYSTEM, config, 2, seed, bot_seat=bot_seat, level=level)
    outcome = SYSTEM.outcome(state)
    assert outcome is not None
    return shared.score(outcome, bot_seat)


def bench(games: int, bot_games: int, level: str = "medium") -> dict[str, Any]:
    moves, elapsed = shared.cpu_timed(
        games, lambda i: random_game(f"bench{i}", CONFIGS[i % len(CONFIGS)])[1]
    )
    results, bot_elapsed = shared.cpu_timed(
        bot_games, lambda i: bot_game(f"bot{i}", CONFIGS[i % len(CONFIGS)], i % 2, level)
    )
    return {
        "random_games": games,
        "random_games_per_s": shared.rate(games, elapsed),
        "moves_per_random_game": round(sum(moves) / games, 1) if games else None,
        "bot": f"games.engine.search level {level} with infinity.evaluate",
        "bot_games": bot_games,
        "bot_s_per_game": round(bot_elapsed / bot_games, 1) if bot_games else None,
        "bot_vs_random_win_rate": shared.mean(results),
    }
