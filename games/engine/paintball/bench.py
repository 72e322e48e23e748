"""Measurements for `python -m games.engine.paintball bench` (reads the clock: never imported by
the rules). The computer opponent here is a greedy one-move lookahead on `evaluate`, because
games.engine.search is not in this branch yet."""

from __future__ import annotations

import statistics
import time
from typing import Any

from games.engine.paintball.board import SEATS
from games.engine.paintball.legal import random_move
from games.engine.paintball.system import SYSTEM, apply_move
from games.engine.rng import Rng

SCENARIO_CYCLE = ("capture_the_flag", "centre_flag", "elimination", "base_assault")


def random_game(
    seed: str, scenario: str, timings: list[float] | None = None, uniform: bool = False
) -> Any:
    """A game of random legal moves: drawn by `random_move` (a figure, then one of its moves),
    or uniformly among all legal moves when `uniform`."""
    start = SYSTEM.setup({"scenario": scenario}, 2, Rng(seed))
    state, rng, chooser = start.state, start.rng, Rng(f"random:{seed}")
    while SYSTEM.outcome(state) is None:
        seat = SYSTEM.to_act(state)[0]
        if uniform:
            move, chooser = chooser.choice(SYSTEM.legal_moves(state, seat))
            t0 = time.perf_counter()
            step = SYSTEM.apply(state, seat, move, rng)
        else:
            decoded, chooser = random_move(state, SEATS[seat], chooser)
            t0 = time.perf_counter()
            step = apply_move(state, seat, decoded, rng)
        if timings is not None:
            timings.append(time.perf_counter() - t0)
        state, rng = step.state, step.rng
    return state


def greedy_move(state: Any, seat: int, rng: Rng) -> Any:
    """The move whose result `evaluate` likes best, tried on a determinized copy with the bot's
    own dice (it never sees the game's dice or the other team's secrets)."""
    guess = SYSTEM.determinize(SYSTEM.view(state, seat), seat, rng)
    best, best_value = None, -1.0
    for n, move in enumerate(SYSTEM.legal_moves(guess, seat)):
        after = SYSTEM.apply(guess, seat, move, Rng(f"bot:{rng.counter}:{n}")).state
        value = SYSTEM.evaluate(after, seat)
        if value > best_value:
            best, best_value = move, value
    return best


def bot_game(seed: str, scenario: str, bot_seat: int) -> float:
    start = SYSTEM.setup({"scenario": scenario}, 2, Rng(seed))
    state, rng, chooser = start.state, start.rng, Rng(f"random:{seed}")
    bot_rng = Rng(f"bot:{seed}")
    while SYSTEM.outcome(state) is None:
        seat = SYSTEM.to_act(state)[0]
        moves = SYSTEM.legal_moves(state, seat)
        if seat == bot_seat:
            move = greedy_move(state, seat, bot_rng)
            bot_rng = Rng(bot_rng.seed, bot_rng.counter + 1)
        else:
            move, chooser = chooser.choice(moves)
        step = SYSTEM.apply(state, seat, move, rng)
        state, rng = step.state, step.rng
    outcome = SYSTEM.outcome(state)
    assert outcome is not None
    if outcome.is_draw:
        return 0.5
    return 1.0 if bot_seat in outcome.winners else 0.0


def bench(games: int, bot_games: int) -> dict[str, Any]:
    timings: list[float] = []
    # CPU time of this process: the machine is shared, wall time would measure the neighbours.
    t0, c0 = time.perf_counter(), time.process_time()
    for i in range(games):
        random_game(f"bench{i}", SCENARIO_CYCLE[i % 4], timings)
    elapsed = time.process_time() - c0
    wall = time.perf_counter() - t0
    c1 = time.process_time()
    uniform_games = max(1, games // 4)
    for i in range(uniform_games):
        random_game(f"uniform{i}", SCENARIO_CYCLE[i % 4], uniform=True)
    uniform_elapsed = time.process_time() - c1
    results = [bot_game(f"bot{i}", SCENARIO_CYCLE[i % 4], i % 2) for i in range(bot_games)]
    return {
        "random_games": games,
        "random_games_per_s": round(games / elapsed, 1) if elapsed else None,
        "random_games_per_wall_s": round(games / wall, 1) if wall else None,
        "uniform_random_games_per_s": round(uniform_games / uniform_elapsed, 1)
        if uniform_elapsed
        else None,
        "apply_us_p50": round(statistics.median(timings) * 1e6, 1) if timings else None,
        "bot": "greedy one-move lookahead on evaluate",
        "bot_games": bot_games,
        "bot_vs_random_win_rate": round(sum(results) / len(results), 3) if results else None,
    }
