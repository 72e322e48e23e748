"""League benchmarks (pure, no database): `manage.py bench league` calls `bench_league()`.

- swiss_pair_512_ms: pairing round 7 of a 512-player Swiss whose six earlier rounds were
  played (random results), so the repeat-avoidance has real history to respect.
- standings_64_ms: the full table of a 64-player season rebuilt from its results: a round
  robin of mirrored duels (63 rounds × 32 pairings × 2 games = 4,032 games with HQ scores),
  counters and tie-breakers (head-to-head, Buchholz, score difference).
Each figure is the best of three runs.
"""

from __future__ import annotations

import random
import time

from games.league.pairing import SwissPlayer, round_robin, swiss_round
from games.league.standings import TIEBREAKERS, Game, Points, rows_from_games, table


def _swiss_history(n: int, rounds: int, rng: random.Random) -> list[SwissPlayer]:
    met = {i: set() for i in range(n)}
    score = dict.fromkeys(range(n), 0.0)
    byes = dict.fromkeys(range(n), 0)
    for _ in range(rounds + 1):
        order = sorted(range(n), key=lambda i: (-score[i], i))
        players = [
            SwissPlayer(id=i, score=score[i], rank=k, opponents=frozenset(met[i]), byes=byes[i])
            for k, i in enumerate(order)
        ]
        if _ == rounds:
            return players
        made = swiss_round(players)
        for a, b in made.pairs:
            met[a].add(b)
            met[b].add(a)
            r = rng.random()
            score[a] += 1 if r < 0.45 else 0.5 if r < 0.55 else 0
            score[b] += 0 if r < 0.45 else 0.5 if r < 0.55 else 1
    raise AssertionError


def _season_games(n: int, rng: random.Random) -> list[Game]:
    games = []
    for rnd in round_robin(list(range(n))):
        for a, b in rnd:
            for first, second in ((a, b), (b, a)):
                sa, sb = rng.randint(0, 20), rng.randint(0, 20)
                ranks = (0, 1) if sa > sb else (1, 0) if sb > sa else (0, 0)
                forfeited = frozenset({second}) if rng.random() < 0.03 else frozenset()
                if forfeited:
                    ranks = (0, 1)
                games.append(
                    Game(players=(first, second), ranks=ranks, scores=(sa, sb), forfeited=forfeited)
                )
    return games


def _best_ms(fn, runs: int = 3) -> float:
    best = float("inf")
    for _ in range(runs):
        start = time.perf_counter()
        fn()
        best = min(best, (time.perf_counter() - start) * 1000)
    return round(best, 1)


def bench_league() -> dict:
    rng = random.Random(2026)
    players = _swiss_history(512, 6, rng)
    swiss_ms = _best_ms(lambda: swiss_round(players))
    games = _season_games(64, rng)
    points = Points()

    def standings() -> None:
        rows = rows_from_games(range(64), games, points)
        table(rows, games, points, TIEBREAKERS)

    return {
        "swiss_pair_512_ms": swiss_ms,
        "standings_64_ms": _best_ms(standings),
        "standings_64_games": len(games),
        "goal_ms": 1000,
    }
