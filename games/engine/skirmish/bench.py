"""Speed and strength measures: `python -m games.engine.skirmish bench`. A measuring tool, not
rules: only it reads the clock. The last line printed is one JSON object."""

from __future__ import annotations

import statistics
import time
from typing import Any

from games.engine.rng import Rng
from games.engine.skirmish import legal
from games.engine.skirmish import moves as mv
from games.engine.skirmish.evaluate import evaluate
from games.engine.skirmish.scenarios import SCENARIOS
from games.engine.skirmish.state import State
from games.engine.skirmish.system import SYSTEM, apply_move


def _start(seed: str, index: int) -> tuple[State, Rng]:
    config = {"scenario": SCENARIOS[index % 6], "board": ("standard", "small")[index % 2]}
    t = SYSTEM.setup(config, 2, Rng(seed))
    return t.state, t.rng


def greedy_move(state: State, seat: int, rng: Rng) -> mv.AnyMove:
    """One-ply greedy bot: the menu move whose result `evaluate` likes best. It searches a
    determinized state of its own view (never the other seat's hidden orders) with its own
    dice (never the game's)."""
    known = SYSTEM.determinize(SYSTEM.view(state, seat), seat, rng)
    best, best_value = None, -1.0
    for move in legal.menu(known, seat):
        value = evaluate(apply_move(known, seat, move, rng).state, seat)
        if value > best_value:
            best, best_value = move, value
    assert best is not None
    return best


def play(
    seed: str, index: int, bots: tuple[bool, bool], timings: list[float] | None = None
) -> State:
    state, rng = _start(seed, index)
    chooser = Rng(f"chooser:{seed}")
    turns = 0
    while state.phase != "over":
        turns += 1
        seat = legal.to_act(state)[0]
        if bots[seat]:
            move = greedy_move(state, seat, Rng(f"bot:{seed}:{turns}"))
        else:
            options = legal.menu(state, seat)
            move, chooser = chooser.choice(list(options))
        began = time.perf_counter()
        step = apply_move(state, seat, move, rng)
        if timings is not None:
            timings.append(time.perf_counter() - began)
        state, rng = step.state, step.rng
    return state


def run(seconds: float = 3.0, bot_games: int = 40) -> dict[str, Any]:
    games, timings = 0, list[float]()
    start_cpu, start = time.process_time(), time.perf_counter()
    while time.perf_counter() - start < seconds or games < 6:
        play(f"bench-{games}", games, (False, False), timings)
        games += 1
    cpu = time.process_time() - start_cpu
    out: dict[str, Any] = {
        "random_games_per_s": round(games / cpu, 2),
        "random_games": games,
        "apply_us_p50": round(statistics.median(timings) * 1e6, 1),
    }
    if bot_games > 0:
        wins = 0.0
        for g in range(bot_games):
            bot_seat = g % 2
            bots = (bot_seat == 0, bot_seat == 1)
            final = play(f"bot-{g}", g, bots)
            wins += (
                1.0
                if final.winner == ("red", "blue")[bot_seat]
                else 0.5
                if final.winner == "draw"
                else 0.0
            )
        out["bot_vs_random_win_rate"] = round(wins / bot_games, 3)
        out["bot_games"] = bot_games
    return out
