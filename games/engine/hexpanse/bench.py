"""Measurements for `python -m games.engine.hexpanse bench` (reads the clock: never imported by
the rules). Random games cycle through modes and 2-4 players; the computer opponent is the
generic search (games/engine/search.py) with Hexpanse's `evaluate`, against random players."""

from __future__ import annotations

import time
from typing import Any

from games.engine.hexpanse.system import SYSTEM
from games.engine.protocol import Outcome
from games.engine.rng import Rng
from games.engine.search import bot_move

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
    start = SYSTEM.setup(config, seats, Rng(seed))
    state, rng, chooser = start.state, start.rng, Rng(f"random:{seed}")
    moves = 0
    while SYSTEM.outcome(state) is None and moves < MAX_MOVES:
        seat = SYSTEM.to_act(state)[0]
        move, chooser = chooser.choice(SYSTEM.legal_moves(state, seat))
        step = SYSTEM.apply(state, seat, move, rng)
        state, rng = step.state, step.rng
        moves += 1
    return state, moves


def bot_game(seed: str, seats: int, config: dict[str, Any], bot_seat: int, level: str) -> float:
    """1 if the computer's seat wins (alone or with its team), else 0."""
    start = SYSTEM.setup(config, seats, Rng(seed))
    state, rng, chooser = start.state, start.rng, Rng(f"random:{seed}")
    bot_rng = Rng(f"bot:{seed}")
    moves = 0
    while SYSTEM.outcome(state) is None and moves < MAX_MOVES:
        seat = SYSTEM.to_act(state)[0]
        if seat == bot_seat:
            move = bot_move(SYSTEM, state, seat, bot_rng, level)
            bot_rng = Rng(bot_rng.seed, bot_rng.counter + 1)
        else:
            move, chooser = chooser.choice(SYSTEM.legal_moves(state, seat))
        step = SYSTEM.apply(state, seat, move, rng)
        state, rng = step.state, step.rng
        moves += 1
    outcome: Outcome | None = SYSTEM.outcome(state)
    return 1.0 if outcome is not None and bot_seat in outcome.winners else 0.0


def bench(games: int, bot_games: int, level: str = "medium") -> dict[str, Any]:
    # CPU time of this process: the machine is shared, wall time would measure the neighbours.
    c0 = time.process_time()
    total_moves = 0
    for i in range(games):
        seats, config = CONFIGS[i % len(CONFIGS)]
        _, n = random_game(f"bench{i}", seats, config)
        total_moves += n
    elapsed = time.process_time() - c0
    c1 = time.process_time()
    results = []
    for i in range(bot_games):
        seats = 2 + i % 3
        config = {"mode": ("capitaine", "amiral", "marin")[i % 3]}
        results.append(bot_game(f"bot{i}", seats, config, i % seats, level))
    bot_elapsed = time.process_time() - c1
    return {
        "random_games": games,
        "random_games_per_s": round(games / elapsed, 2) if elapsed else None,
        "random_moves_per_game": round(total_moves / games, 1) if games else None,
        "bot": f"games.engine.search level {level} with hexpanse evaluate",
        "bot_games": bot_games,
        "bot_players": "2-4 (one computer, the others random)",
        "bot_vs_random_win_rate": round(sum(results) / len(results), 3) if results else None,
        "bot_seconds_per_game": round(bot_elapsed / bot_games, 1) if bot_games else None,
    }
