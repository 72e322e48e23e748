"""How strong the computer opponents are (`python -m games.engine.neuroshima bench`): the generic
search (games/engine/search.py) at medium against a random player, the key every system's bench
reports (`bot_vs_random_win_rate`), and Neuroshima's own bot (`own_bot_*`: hard against random
and against easy). A measuring tool, not rules: it may read the clock, and no registered system
imports it.
"""

from __future__ import annotations

import time
from collections.abc import Callable

from games.engine import search
from games.engine.neuroshima import legal
from games.engine.neuroshima import view as views
from games.engine.neuroshima.bot import choose
from games.engine.neuroshima.moves import Move, decode
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


def search_player(level: int) -> Player:
    """The generic search, which knows Neuroshima only through the contract (and its
    `evaluate`), never through its own bot."""
    from games.engine.neuroshima.system import SYSTEM

    def play(state: State, seat: int, rng: Rng) -> Move:
        return decode(search.search(SYSTEM, views.view(state, seat), seat, rng, level))

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
    mine = search_player(2) if kind == "search" else bot_player(strong)
    players: list[Player] = [mine, mine]
    players[1 - me] = bot_player(weak) if kind == "weak" else random_player
    ranks, times = play_game(f"bench-{kind}-{index}", pair, (players[0], players[1]), timed=me)
    return _score(ranks, me), times


def _rate(scores: list[float]) -> float:
    return round(sum(scores) / max(1, len(scores)), 3)


def _p50(times: list[float]) -> float:
    ordered = sorted(times)
    return round(ordered[len(ordered) // 2], 2) if ordered else 0.0


def bench_bot(
    games: int = 200, workers: int = 1, strong: int = 3, weak: int = 1
) -> dict[str, float]:
    """Over `games` games each: the generic search at medium vs random, and Neuroshima's own
    bot hard vs random and hard vs easy; seats and armies alternate, draws count half.
    `workers` > 1 plays the games in that many processes."""
    kinds = ("search", "random", "weak")
    jobs = [(i, kind, strong, weak) for kind in kinds for i in range(games)]
    if workers > 1:
        from concurrent.futures import ProcessPoolExecutor

        with ProcessPoolExecutor(workers) as pool:
            results = list(pool.map(_match, jobs, chunksize=4))
    else:
        results = [_match(job) for job in jobs]
    by_kind: dict[str, list[tuple[float, list[float]]]] = {kind: [] for kind in kinds}
    for (_, kind, _, _), result in zip(jobs, results, strict=True):
        by_kind[kind].append(result)

    def scores(kind: str) -> list[float]:
        return [s for s, _ in by_kind[kind]]

    def times(*of: str) -> list[float]:
        return [t for kind in of for _, ts in by_kind[kind] for t in ts]

    return {
        "bot_vs_random_win_rate": _rate(scores("search")),
        "bot_move_ms_p50": _p50(times("search")),
        "own_bot_vs_random_win_rate": _rate(scores("random")),
        "own_bot_strong_vs_weak_win_rate": _rate(scores("weak")),
        "own_bot_move_ms_p50": _p50(times("random", "weak")),
    }
