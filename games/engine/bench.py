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

from games.engine.protocol import JSON, GameSystem, Outcome, Transition
from games.engine.rng import Rng
from games.engine.search import Budget, bot_move

T = TypeVar("T")


def _game(
    system: GameSystem,
    config: Mapping[str, JSON],
    seats: int,
    seed: str,
    decide: Callable[[Any, int], JSON],
    max_moves: int | None,
    watch: Callable[[Transition], None] | None = None,
) -> tuple[Any, int]:
    """One game from `seed`'s set-up and dice, `decide(state, seat)` giving each move: the final
    state and the moves played. `max_moves` stops a game that never ends; `watch`, when given,
    sees each move's transition (its events: a system's own tallies)."""
    start = system.setup(config, seats, Rng(seed))
    state, rng = start.state, start.rng
    moves = 0
    while system.outcome(state) is None and (max_moves is None or moves < max_moves):
        seat = system.to_act(state)[0]
        step = system.apply(state, seat, decide(state, seat), rng)
        if watch is not None:
            watch(step)
        state, rng = step.state, step.rng
        moves += 1
    return state, moves


def _seeded_bot(
    system: GameSystem, seed: str, level: str, budget: Budget | None = None
) -> Callable[[Any, int], JSON]:
    """The computer opponent's decisions from `seed`, one draw a move."""
    rng = Rng(seed)

    def decide(state: Any, seat: int) -> JSON:
        nonlocal rng
        move = bot_move(system, state, seat, rng, level, budget=budget)
        rng = Rng(rng.seed, rng.counter + 1)
        return move

    return decide


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
    chooser = Rng(f"random:{seed}")
    bot = _seeded_bot(system, f"bot:{seed}", level)

    def decide(state: Any, seat: int) -> JSON:
        nonlocal chooser
        if seat == bot_seat:
            return bot(state, seat)
        move, chooser = chooser.choice(system.legal_moves(state, seat))
        return move

    return _game(system, config, seats, seed, decide, max_moves)


@dataclass(frozen=True)
class Duel:
    """One game between two computer opponents: how it ended, and the CPU seconds of each
    seat's decisions."""

    outcome: Outcome | None
    moves: int
    seconds: tuple[list[float], ...]
    state: Any = None  # the final position, for a system's own figures


def duel(
    system: GameSystem,
    config: Mapping[str, JSON],
    seed: str,
    budgets: Sequence[Budget],
    level: str = "medium",
    max_moves: int | None = None,
    deciders: Sequence[GameSystem] | None = None,
    watch: Callable[[Transition], None] | None = None,
) -> Duel:
    """One game where seat i is the computer opponent searching with `budgets[i]` (seeded
    `bot<i>:<seed>`, one draw a move), each decision timed in CPU seconds. The same seed with
    the budgets swapped deals the same set-up and dice until the games part. `deciders[i]`,
    when given, is the system seat i's computer searches with (the same rules with another
    `evaluate`: two estimates compared); `watch` sees each move's transition."""
    searched = deciders or [system] * len(budgets)
    bots = [_seeded_bot(searched[i], f"bot{i}:{seed}", level, b) for i, b in enumerate(budgets)]
    seconds: tuple[list[float], ...] = tuple([] for _ in budgets)

    def decide(state: Any, seat: int) -> JSON:
        clock = time.process_time()
        move = bots[seat](state, seat)
        seconds[seat].append(time.process_time() - clock)
        return move

    state, moves = _game(system, config, len(budgets), seed, decide, max_moves, watch)
    return Duel(system.outcome(state), moves, seconds, state)


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
