"""What the engines' benches measure alike, through the contract only: a game of uniformly
random legal moves, the generic computer opponent (games/engine/search.py) against such
moves, and the CPU time a batch of games takes. A measuring tool, not rules: it reads the
clock, and no rules module imports it.
"""

from __future__ import annotations

import statistics
import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, TypeVar

from games.engine.protocol import JSON, GameSystem, Outcome
from games.engine.rng import Rng
from games.engine.search import Budget, bot_move

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


@dataclass(frozen=True)
class Duel:
    """One game between two computer opponents: how it ended, and the CPU seconds of each
    seat's decisions."""

    outcome: Outcome | None
    moves: int
    seconds: tuple[list[float], ...]


def duel(
    system: GameSystem,
    config: Mapping[str, JSON],
    seed: str,
    budgets: Sequence[Budget],
    level: str = "medium",
    max_moves: int | None = None,
) -> Duel:
    """One game where seat i is the computer opponent searching with `budgets[i]` (seeded
    `bot<i>:<seed>`, one draw a move), each decision timed in CPU seconds. The same seed with
    the budgets swapped deals the same set-up and dice until the games part."""
    start = system.setup(config, len(budgets), Rng(seed))
    state, rng = start.state, start.rng
    bot_rngs = [Rng(f"bot{i}:{seed}") for i in range(len(budgets))]
    seconds: tuple[list[float], ...] = tuple([] for _ in budgets)
    moves = 0
    while system.outcome(state) is None and (max_moves is None or moves < max_moves):
        seat = system.to_act(state)[0]
        clock = time.process_time()
        move = bot_move(system, state, seat, bot_rngs[seat], level, budget=budgets[seat])
        seconds[seat].append(time.process_time() - clock)
        bot_rngs[seat] = Rng(bot_rngs[seat].seed, bot_rngs[seat].counter + 1)
        step = system.apply(state, seat, move, rng)
        state, rng = step.state, step.rng
        moves += 1
    return Duel(system.outcome(state), moves, seconds)


def p90(values: Sequence[float], digits: int = 3) -> float | None:
    """The 90th percentile (None without values)."""
    if len(values) < 2:
        return round(values[0], digits) if values else None
    return round(statistics.quantiles(values, n=10, method="inclusive")[8], digits)


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
