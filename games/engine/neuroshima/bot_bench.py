"""How strong the computer opponent is: games against a random player and between levels
(`python -m games.engine.neuroshima bench`). A measuring tool, not rules: it may read the clock,
and no registered system imports it.
"""

from __future__ import annotations

import time
from collections.abc import Callable

from games.engine.neuroshima import legal
from games.engine.neuroshima.bot import choose
from games.engine.neuroshima.moves import Move
from games.engine.neuroshima.state import State
from games.engine.neuroshima.system import apply_move
from games.engine.rng import Rng

Player = Callable[[State, int, Rng], Move]


def random_player(state: State, seat: int, rng: Rng) -> Move:
    move, _ = legal.random_move(state, seat, rng)
    return move


def bot_player(level: int) -> Player:
    def play(state: State, seat: int, rng: Rng) -> Move:
        return choose(state, seat, rng, level)

    return play


def play_game(
    seed: str, armies: tuple[str, str], players: tuple[Player, Player], timed: int | None = None
) -> tuple[tuple[int, ...], list[float]]:
    """A two-player game; returns the ranks and the milliseconds `timed`'s moves took."""
    from games.engine.neuroshima.system import SYSTEM

    rng = Rng(seed)
    state: State = SYSTEM.setup({"armies": list(armies)}, 2, rng).state
    times: list[float] = []
    step = 0
    while state.phase != "over" and step < 2000:
        seat = legal.to_act(state)[0]
        start = time.perf_counter()
        move = players[seat](state, seat, Rng(f"{seed}/{seat}", step * 100_000))
        if seat == timed:
            times.append((time.perf_counter() - start) * 1000)
        state = apply_move(state, seat, move, rng).state
        step += 1
    assert state.result is not None, "a game did not end"
    return state.result.ranks, times


def _score(ranks: tuple[int, ...], seat: int) -> float:
    if ranks[0] == ranks[1]:
        return 0.5
    return 1.0 if ranks[seat] == 0 else 0.0


def _match(args: tuple[int, str, int, int]) -> tuple[float, list[float]]:
    from games.engine.neuroshima.tiles import ARMIES

    index, kind, strong, weak = args
    me = index % 2
    pair = (ARMIES[index % 4], ARMIES[(index // 4 + index + 1) % 4])
    players: list[Player] = [bot_player(strong), bot_player(strong)]
    players[1 - me] = random_player if kind == "random" else bot_player(weak)
    ranks, times = play_game(f"bench-{kind}-{index}", pair, (players[0], players[1]), timed=me)
    return _score(ranks, me), times


def bench_bot(
    games: int = 200, workers: int = 1, strong: int = 3, weak: int = 1
) -> dict[str, float]:
    """Hard vs random and hard vs easy over `games` games each, seats and armies alternating;
    draws count half. `workers` > 1 plays the games in that many processes."""
    jobs = [(i, kind, strong, weak) for kind in ("random", "weak") for i in range(games)]
    if workers > 1:
        from concurrent.futures import ProcessPoolExecutor

        with ProcessPoolExecutor(workers) as pool:
            results = list(pool.map(_match, jobs, chunksize=4))
    else:
        results = [_match(job) for job in jobs]
    vs_random = [r for (_, kind, _, _), r in zip(jobs, results, strict=True) if kind == "random"]
    vs_weak = [r for (_, kind, _, _), r in zip(jobs, results, strict=True) if kind == "weak"]
    times = sorted(t for _, ts in results for t in ts)
    return {
        "bot_vs_random_win_rate": round(sum(s for s, _ in vs_random) / max(1, len(vs_random)), 3),
        "bot_strong_vs_weak_win_rate": round(sum(s for s, _ in vs_weak) / max(1, len(vs_weak)), 3),
        "bot_move_ms_p50": round(times[len(times) // 2], 2) if times else 0.0,
    }
