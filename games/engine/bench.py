"""What the engines' benches measure alike, through the contract only: a game of uniformly
random legal moves, the generic computer opponent (games/engine/search.py) against such
moves, and the CPU time a batch of games takes. A measuring tool, not rules: it reads the
clock, and no rules module imports it.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Mapping
from typing import Any, TypeVar

from games.engine.protocol import JSON, GameSystem, Outcome
from games.engine.rng import Rng
from games.engine.search import bot_move

T = TypeVar("T")


def play(
    system: GameSystem,
    config: Mapping[str, JSON],
    seats: int,
    seed: str,
    *,
    bot_seat: int | None = None,
    level: str = "medium",
    max_moves: int | None = None,
) -> tuple[Any, int]:
    """One game (final state, moves played): every seat draws its move uniformly from its
    legal ones (seeded `random:<seed>`) but `bot_seat`, where the computer opponent at `level`
    plays (seeded `bot:<seed>`, one draw a move). `max_moves` stops a game that never ends."""
    start = system.setup(config, seats, Rng(seed))
    state, rng, chooser = start.state, start.rng, Rng(f"random:{seed}")
    bot_rng = Rng(f"bot:{seed}")
    moves = 0
    while system.outcome(state) is None and (max_moves is None or moves < max_moves):
        seat = system.to_act(state)[0]
        if seat == bot_seat:
            move = bot_move(system, state, seat, bot_rng, level)
            bot_rng = Rng(bot_rng.seed, bot_rng.counter + 1)
        else:
            move, chooser = chooser.choice(system.legal_moves(state, seat))
        step = system.apply(state, seat, move, rng)
        state, rng = step.state, step.rng
        moves += 1
    return state, moves


def score(outcome: Outcome | None, seat: int) -> float:
    """1 a win (alone or with a team), 0.5 a draw, 0 a loss or an unfinished game."""
    if outcome is None:
        return 0.0
    if outcome.is_draw:
        return 0.5
    return 1.0 if seat in outcome.winners else 0.0


def cpu_timed(count: int, one: Callable[[int], T]) -> tuple[list[T], float]:
    """`one(i)` for each i below `count`, and the CPU seconds of this process they took: the
    machine is shared, and wall time would measure the neighbours."""
    start = time.process_time()
    results = [one(i) for i in range(count)]
    return results, time.process_time() - start


def rate(count: int, seconds: float, digits: int = 2) -> float | None:
    """`count` per second, or None when nothing was timed."""
    return round(count / seconds, digits) if seconds else None


def mean(values: list[float], digits: int = 3) -> float | None:
    return round(sum(values) / len(values), digits) if values else None
