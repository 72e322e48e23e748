"""Speed of the Neuroshima engine: `python -m games.engine.neuroshima bench`.

A measuring tool, not rules: it alone (with the bot's evaluation) reads the clock. The last line
printed is one JSON object; add keys by appending to SECTIONS.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any

from games.engine.neuroshima.legal import random_move, to_act
from games.engine.neuroshima.setup import setup
from games.engine.neuroshima.system import apply_move
from games.engine.neuroshima.tiles import ARMIES
from games.engine.rng import Rng


def random_game(seed: str, armies: tuple[str, str]) -> int:
    """One complete 2-player game between random players; returns the number of moves."""
    state = setup({"armies": list(armies)}, 2, Rng(seed)).state
    chooser = Rng(f"random-player:{seed}")
    moves = 0
    while state.result is None:
        seat = to_act(state)[0]
        move, chooser = random_move(state, seat, chooser)
        state = apply_move(state, seat, move, chooser).state
        moves += 1
    return moves


def bench_random_games(seconds: float = 3.0, max_games: int = 400) -> dict[str, Any]:
    """Games per second of one core: the CPU time this (single-threaded) process spends, so that
    other processes loading the machine do not count; the wall-clock rate is given beside it."""
    pairs = [(a, b) for a in ARMIES for b in ARMIES if a != b]
    games = moves = 0
    start, start_cpu = time.perf_counter(), time.process_time()
    while games < max_games and time.perf_counter() - start < seconds:
        moves += random_game(f"bench-{games}", pairs[games % len(pairs)])
        games += 1
    elapsed_cpu = time.process_time() - start_cpu
    elapsed = time.perf_counter() - start
    return {
        "random_games_per_s": round(games / elapsed_cpu, 1),
        "random_games_per_s_wall": round(games / elapsed, 1),
        "random_game_moves_mean": round(moves / games, 1),
        "random_games": games,
    }


def bench_battle() -> dict[str, Any]:
    from games.engine.neuroshima.battle import bench as battle_bench

    result: dict[str, Any] = battle_bench.bench_full_board_battle()
    return result


# name -> measurement; each returns keys for the final JSON line (a later bot adds its own).
SECTIONS: dict[str, Callable[[], dict[str, Any]]] = {
    "battle": bench_battle,
    "random_games": bench_random_games,
}


def bench_bot(games: int) -> dict[str, Any]:
    """The bot's strength and speed (bot_bench.bench_bot), its games spread over two processes."""
    from games.engine.neuroshima.bot_bench import bench_bot as measure

    return dict(measure(games, workers=2))


def run(sections: tuple[str, ...] | None = None, bot_games: int = 200) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for name, measure in SECTIONS.items():
        if sections is None or name in sections:
            out.update(measure())
    if bot_games > 0 and (sections is None or "bot" in sections):
        out.update(bench_bot(bot_games))
    return out
