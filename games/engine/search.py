"""A computer opponent for any registered system, through the engine contract only.

Determinized Monte Carlo search (the "flat" kind, with UCB1 at the root): the seat's view is
dealt into a few full states with `system.determinize(view, seat, rng)`, so the search never
reads what the seat cannot see. When there are many legal moves and the system has an
`evaluate(state, seat)`, each is first judged one move deep and only the best go on. Then
simulations share out among those candidates by UCB1, each in the next dealt world: the move, a
short random playout, and the outcome if the game ended, else the system's evaluation at the
depth cut-off (0.5 without one). The move simulated most often is played.

Levels are budgets (1 easy, 2 medium, 3 hard), counted in simulations, never in seconds, so a
given rng always gives the same move. A system may give its own budgets (`search_budgets`, a
mapping of level to `Budget`), and with them two knobs the default budgets leave off: the
one-move judgement may count as `prior` simulations of each candidate already made (a random
playout is noisy; a good estimate right after the move is not), and a move whose outcome chance
decides (it drew from the rng: dice, a draw) may be judged over `samples` of its outcomes, so
that one lucky or unlucky roll neither makes nor breaks it and a rare disaster (a paintball gun
running out of gas) weighs what it should. A system with its own `choose_move(state, seat, rng,
level)` (protocol.SystemDefaults) is asked instead: see `bot_move`.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from games.engine.protocol import JSON, GameSystem, IllegalMove, Outcome
from games.engine.rng import Rng

LEVELS = {"easy": 1, "medium": 2, "hard": 3}
EXPLORATION = 0.7  # UCB1's constant, for values in [0, 1]


@dataclass(frozen=True)
class Budget:
    worlds: int  # states dealt from the view
    simulations: int  # playouts shared out among the candidates (each gets one at least)
    depth: int  # random moves after the candidate before the cut-off
    candidates: int  # moves kept after the one-move evaluation (systems with `evaluate`)
    blunder: int = 0  # easy: the move is drawn among this many best ones
    samples: int = 1  # chance outcomes averaged in the one-move evaluation of a chance move
    prior: float = 0.0  # simulations the one-move evaluation counts for (systems with `evaluate`)


BUDGETS = {
    1: Budget(worlds=1, simulations=8, depth=2, candidates=4, blunder=3),
    2: Budget(worlds=2, simulations=24, depth=2, candidates=8),
    3: Budget(worlds=4, simulations=96, depth=6, candidates=16),
}


def level_of(level: int | str) -> int:
    value = LEVELS.get(level, 0) if isinstance(level, str) else level
    if value not in BUDGETS:
        raise ValueError(f"unknown bot level {level!r}; use 1-3 or easy/medium/hard")
    return value


def budget_of(system: Any, level: int | str) -> Budget:
    """The search budget of `level` for `system`: its own `search_budgets` when it has them."""
    budgets: Mapping[int, Budget] = getattr(system, "search_budgets", None) or BUDGETS
    return budgets[level_of(level)]


def outcome_value(outcome: Outcome, seat: int) -> float:
    """A finished game for `seat` in [0, 1]: 1 for first place alone or shared, 0 for last,
    0.5 when everybody ties."""
    worst = max(outcome.ranks)
    if worst == 0:
        return 0.5
    return 1.0 - outcome.ranks[seat] / worst


def _judge(system: Any, state: Any, seat: int) -> float:
    outcome = system.outcome(state)
    if outcome is not None:
        return outcome_value(outcome, seat)
    evaluate: Callable[[Any, int], float] | None = getattr(system, "evaluate", None)
    return 0.5 if evaluate is None else float(evaluate(state, seat))


def _apply(system: Any, state: Any, seat: int, move: JSON, rng: Rng) -> tuple[Any, Rng] | None:
    try:
        step = system.apply(state, seat, move, rng)
    except IllegalMove:
        return None  # legal in the view's world but not in this deal (rare): no information
    return step.state, step.rng


def playout(system: Any, state: Any, seat: int, rng: Rng, depth: int) -> float:
    """Uniformly random moves for whoever acts, `depth` of them at most; then the judgement. A
    system with `playout_moves(state, seat, moves)` narrows the legal moves a playout picks
    among (never to none): uniformly random moves may play far worse than either seat would."""
    narrow: Callable[[Any, int, list[JSON]], list[JSON]] | None = getattr(
        system, "playout_moves", None
    )
    for _ in range(depth):
        if system.outcome(state) is not None:
            break
        acting = system.to_act(state)
        if not acting:
            break
        moves = system.legal_moves(state, acting[0])
        if narrow is not None:
            moves = narrow(state, acting[0], moves) or moves
        if not moves:
            break
        move, rng = rng.choice(moves)
        nxt = _apply(system, state, acting[0], move, rng)
        if nxt is None:
            break
        state, rng = nxt
    return _judge(system, state, seat)


def _deal(system: Any, view: JSON, seat: int, rng: Rng, worlds: int) -> list[Any]:
    determinize = getattr(system, "determinize", None)
    if determinize is None:
        raise NotImplementedError(f"{type(system).__name__} has no determinize")
    return [
        determinize(view, seat, Rng(f"{rng.seed}/world{w}", rng.counter)) for w in range(worlds)
    ]


def one_move_value(
    system: Any, world: Any, seat: int, move: JSON, rng: Rng, samples: int = 1
) -> float:
    """The system's judgement right after `move` (-1 if this deal refuses it), averaged over
    up to `samples` outcomes when the move drew from the rng (a move that drew nothing has one
    outcome)."""
    first_rng = Rng(f"{rng.seed}/first", rng.counter)
    first = _apply(system, world, seat, move, first_rng)
    if first is None:
        return -1.0
    values = [_judge(system, first[0], seat)]
    if first[1] != first_rng:  # chance decided something: judge more of its outcomes
        for k in range(1, samples):
            more = _apply(system, world, seat, move, Rng(f"{rng.seed}/first{k}", rng.counter))
            if more is not None:
                values.append(_judge(system, more[0], seat))
    return sum(values) / len(values)


def _shortlist(
    system: Any, world: Any, seat: int, moves: Sequence[JSON], budget: Budget, rng: Rng
) -> tuple[list[int], list[float] | None]:
    """Indices of the moves worth simulating, and their one-move values (None without an
    `evaluate`): all moves when few; else the best by that value, or a random sample for a
    system without one."""
    if getattr(system, "evaluate", None) is None:
        if len(moves) <= budget.candidates:
            return list(range(len(moves))), None
        order, _ = rng.shuffled(range(len(moves)))
        return sorted(order[: budget.candidates]), None
    if len(moves) <= budget.candidates and not budget.prior:
        return list(range(len(moves))), None
    values = [one_move_value(system, world, seat, m, rng, budget.samples) for m in moves]
    ranked = sorted(range(len(moves)), key=lambda n: (-values[n], n))
    return sorted(ranked[: budget.candidates]), values


def search(
    system: GameSystem,
    view: JSON,
    seat: int,
    rng: Rng,
    level: int | str = 2,
    worlds: Sequence[Any] | None = None,
    budget: Budget | None = None,
) -> JSON:
    """The move of `seat`, from its view alone. Deterministic in (view, rng). `worlds`, when
    given, replaces the states dealt from the view; `budget`, when given, the level's (a
    measuring tool comparing two budgets: games/engine/bench.py's `duel`)."""
    budget = budget or budget_of(system, level)
    if worlds is None:
        worlds = _deal(system, view, seat, rng, budget.worlds)
    moves = list(system.legal_moves(worlds[0], seat))  # the seat's own moves, the same in any deal
    if not moves:
        raise ValueError(f"seat {seat} has nothing to decide now")
    if len(moves) == 1:
        return moves[0]
    arms, values = _shortlist(system, worlds[0], seat, moves, budget, rng)
    # The one-move values count as `prior` simulations of each candidate already made.
    prior = budget.prior if values is not None else 0.0
    visits = [prior] * len(arms)
    totals = [prior * values[n] for n in arms] if values is not None else [0.0] * len(arms)
    for t in range(max(budget.simulations, len(arms))):
        if t < len(arms):
            arm = t
        else:
            log_t = math.log(t + prior * len(arms))
            arm = max(
                range(len(arms)),
                key=lambda a: totals[a] / visits[a] + EXPLORATION * math.sqrt(log_t / visits[a]),
            )
        world = worlds[t % len(worlds)]
        sim = Rng(f"{rng.seed}/sim{t}", rng.counter)
        after = _apply(system, world, seat, moves[arms[arm]], sim)
        value = 0.0 if after is None else playout(system, after[0], seat, after[1], budget.depth)
        visits[arm] += 1
        totals[arm] += value
    ranking = sorted(range(len(arms)), key=lambda a: (-visits[a], -totals[a] / visits[a], arms[a]))
    if budget.blunder > 1:
        pick, _ = Rng(f"{rng.seed}/blunder", rng.counter).below(min(budget.blunder, len(arms)))
        return moves[arms[ranking[pick]]]
    return moves[arms[ranking[0]]]


def bot_move(
    system: GameSystem,
    state: Any,
    seat: int,
    rng: Rng,
    level: int | str = 2,
    budget: Budget | None = None,
) -> JSON:
    """The computer's move for `seat`: the system's own `choose_move` when it has one (it reads
    only what the seat may know), else `search` over the seat's view (with `budget` instead of
    the level's when given)."""
    own: Callable[[Any, int, Rng, int], JSON] | None = getattr(system, "choose_move", None)
    if own is not None:
        return own(state, seat, rng, level_of(level))
    view = system.view(state, seat)
    try:
        return search(system, view, seat, rng, level, budget=budget)
    except NotImplementedError:
        # A system that cannot deal a view yet (SystemDefaults.determinize) is searched on its
        # true state: right only without hidden information, which is why every system with
        # hidden information must implement determinize (tests/engine/test_contract.py).
        return search(system, view, seat, rng, level, worlds=[state], budget=budget)
