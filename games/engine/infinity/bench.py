"""Measurements for `python -m games.engine.infinity bench` (reads the clock: never imported by
the rules): random games per CPU second, and the generic computer opponent
(games/engine/search.py with our `evaluate`) against uniformly random moves."""

from __future__ import annotations

import time
from typing import Any

from games.engine.infinity.system import SYSTEM
from games.engine.rng import Rng
from games.engine.search import bot_move

CONFIGS: tuple[dict[str, Any], ...] = (
    {"scenario": "annihilation"},
    {"scenario": "civilian_evacuation"},
    {"scenario": "annihilation", "civilians": "neutral", "armies": ["jsa", "corregidor"]},
)


def random_game(seed: str, config: dict[str, Any]) -> tuple[Any, int]:
    start = SYSTEM.setup(config, 2, Rng(seed))
    state, rng, chooser = start.state, start.rng, Rng(f"random:{seed}")
    moves = 0
    while SYSTEM.outcome(state) is None:
        seat = SYSTEM.to_act(state)[0]
        move, chooser = chooser.choice(SYSTEM.legal_moves(state, seat))
        step = SYSTEM.apply(state, seat, move, rng)
        state, rng = step.state, step.rng
        moves += 1
    return state, moves


def bot_game(seed: str, config: dict[str, Any], bot_seat: int, level: str) -> float:
    start = SYSTEM.setup(config, 2, Rng(seed))
    state, rng, chooser = start.state, start.rng, Rng(f"random:{seed}")
    bot_rng = Rng(f"bot:{seed}")
    while SYSTEM.outcome(state) is None:
        seat = SYSTEM.to_act(state)[0]
        if seat == bot_seat:
            move = bot_move(SYSTEM, state, seat, bot_rng, level)
            bot_rng = Rng(bot_rng.seed, bot_rng.counter + 1)
        else:
            move, chooser = chooser.choice(SYSTEM.legal_moves(state, seat))
        step = SYSTEM.apply(state, seat, move, rng)
        state, rng = step.state, step.rng
    outcome = SYSTEM.outcome(state)
    assert outcome is not None
    if outcome.is_draw:
        return 0.5
    return 1.0 if bot_seat in outcome.winners else 0.0


def bench(games: int, bot_games: int, level: str = "medium") -> dict[str, Any]:
    # CPU time of this process: the machine is shared, wall time would measure the neighbours.
    c0 = time.process_time()
    total_moves = 0
    for i in range(games):
        _, n = random_game(f"bench{i}", CONFIGS[i % len(CONFIGS)])
        total_moves += n
    elapsed = time.process_time() - c0
    c1 = time.process_time()
    results = [
        bot_game(f"bot{i}", CONFIGS[i % len(CONFIGS)], i % 2, level) for i in range(bot_games)
    ]
    bot_elapsed = time.process_time() - c1
    return {
        "random_games": games,
        "random_games_per_s": round(games / elapsed, 2) if elapsed else None,
        "moves_per_random_game": round(total_moves / games, 1) if games else None,
        "bot": f"games.engine.search level {level} with infinity.evaluate",
        "bot_games": bot_games,
        "bot_s_per_game": round(bot_elapsed / bot_games, 1) if bot_games else None,
        "bot_vs_random_win_rate": round(sum(results) / len(results), 3) if results else None,
    }
