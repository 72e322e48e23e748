"""Measurements for `python -m games.engine.paintball bench` (reads the clock: never imported by
the rules). The computer opponent measured is the platform's generic one (games.engine.search)
at medium, with the paintball `evaluate` at its leaves."""

from __future__ import annotations

import statistics
import time
from typing import Any

from games.engine import search
from games.engine.paintball.board import SEATS
from games.engine.paintball.legal import random_move
from games.engine.paintball.system import SYSTEM, apply_move
from games.engine.rng import Rng

SCENARIO_CYCLE = ("capture_the_flag", "centre_flag", "elimination", "base_assault")
BOT_LEVEL = 2


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


def bot_game(seed: str, scenario: str, bot_seat: int, level: int = 2) -> float:
    """The generic computer opponent (games.engine.search, which reads `evaluate`) against
    moves drawn uniformly from the legal ones: 1 a win, 0.5 a draw, 0 a loss."""
    start = SYSTEM.setup({"scenario": scenario}, 2, Rng(seed))
    state, rng, chooser = start.state, start.rng, Rng(f"random:{seed}")
    thought = 0
    while SYSTEM.outcome(state) is None:
        seat = SYSTEM.to_act(state)[0]
        if seat == bot_seat:
            move = search.bot_move(SYSTEM, state, seat, Rng(f"bot:{seed}", thought), level)
            thought += 1
        else:
            move, chooser = chooser.choice(SYSTEM.legal_moves(state, seat))
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
    # Each scenario is played from both seats in turn (base assault: attacking and defending).
    c2 = time.process_time()
    results = [
        bot_game(f"bot{i}", SCENARIO_CYCLE[i % 4], (i // 4) % 2, BOT_LEVEL)
        for i in range(bot_games)
    ]
    bot_elapsed = time.process_time() - c2
    return {
        "random_games": games,
        "random_games_per_s": round(games / elapsed, 1) if elapsed else None,
        "random_games_per_wall_s": round(games / wall, 1) if wall else None,
        "uniform_random_games_per_s": round(uniform_games / uniform_elapsed, 1)
        if uniform_elapsed
        else None,
        "apply_us_p50": round(statistics.median(timings) * 1e6, 1) if timings else None,
        "bot": f"games.engine.search level {BOT_LEVEL} (medium) on evaluate",
        "bot_games": bot_games,
        "bot_s_per_game": round(bot_elapsed / bot_games, 2) if bot_games else None,
        "bot_vs_random_win_rate": round(sum(results) / len(results), 3) if results else None,
    }
