"""Speed and strength measures: `python -m games.engine.skirmish bench`. A measuring tool, not
rules: only it reads the clock. The last line printed is one JSON object.

- `random_games_per_s`: whole games between two uniformly random players (every scenario and
  both boards in turn), per second of one core's CPU time.
- `bot_vs_random_win_rate`: the generic computer opponent (games/engine/search.py) at a level
  (medium by default), searching its own view with the skirmish `evaluate`, against a uniformly
  random player; half the games on each seat, every scenario and both boards; a draw counts
  half. `bot_s_per_move` is its mean thinking time (CPU).
"""

from __future__ import annotations

import statistics
import time
from typing import Any

from games.engine import search
from games.engine.rng import Rng
from games.engine.skirmish import legal
from games.engine.skirmish import moves as mv
from games.engine.skirmish.scenarios import SCENARIOS
from games.engine.skirmish.state import SEAT_NAMES, State
from games.engine.skirmish.system import SYSTEM, apply_move


def _start(seed: str, index: int) -> tuple[State, Rng]:
    config = {"scenario": SCENARIOS[index % 6], "board": ("standard", "small")[(index // 6) % 2]}
    t = SYSTEM.setup(config, 2, Rng(seed))
    return t.state, t.rng


def play(
    seed: str,
    index: int,
    bot_seat: int | None = None,
    level: str = "medium",
    timings: list[float] | None = None,
    bot_times: list[float] | None = None,
) -> State:
    """One whole game: the random player everywhere but `bot_seat`, where the generic search
    plays from the seat's view."""
    state, rng = _start(seed, index)
    chooser = Rng(f"chooser:{seed}")
    plies = 0
    while state.phase != "over":
        plies += 1
        seat = legal.to_act(state)[0]
        if seat == bot_seat:
            began = time.process_time()
            move = mv.decode(
                search.bot_move(SYSTEM, state, seat, Rng(f"bot:{seed}:{plies}"), level)
            )
            if bot_times is not None:
                bot_times.append(time.process_time() - began)
        else:
            move, chooser = chooser.choice(list(legal.menu(state, seat)))
        began = time.perf_counter()
        step = apply_move(state, seat, move, rng)
        if timings is not None:
            timings.append(time.perf_counter() - began)
        state, rng = step.state, step.rng
    return state


def run(seconds: float = 3.0, bot_games: int = 24, level: str = "medium") -> dict[str, Any]:
    games, timings = 0, list[float]()
    start_cpu, start = time.process_time(), time.perf_counter()
    while time.perf_counter() - start < seconds or games < 6:
        play(f"bench-{games}", games, timings=timings)
        games += 1
    cpu = time.process_time() - start_cpu
    out: dict[str, Any] = {
        "random_games_per_s": round(games / cpu, 2),
        "random_games": games,
        "apply_us_p50": round(statistics.median(timings) * 1e6, 1),
    }
    if bot_games > 0:
        wins, thinking = 0.0, list[float]()
        for g in range(bot_games):
            bot_seat = g % 2
            final = play(f"bot-{g}", g // 2, bot_seat, level, bot_times=thinking)
            if final.winner == SEAT_NAMES[bot_seat]:
                wins += 1.0
            elif final.winner == "draw":
                wins += 0.5
        out["bot_vs_random_win_rate"] = round(wins / bot_games, 3)
        out["bot_games"] = bot_games
        out["bot_level"] = level
        out["bot_s_per_move"] = round(statistics.mean(thinking), 3)
    return out
