"""Measurements for `python -m games.engine.infinity bench` and `duel` (they read the clock:
never imported by the rules): random games per CPU second, the generic computer opponent
(games/engine/search.py with our `evaluate`) against uniformly random moves, and that computer
against itself with another `prior` (two budgets, seats swapped on each seed), through the
shared games/engine/bench.py."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import replace
from typing import Any

from games.engine import bench as shared
from games.engine.infinity.setup import DEFAULTS
from games.engine.infinity.system import SYSTEM
from games.engine.search import budget_of

NEW = {"setup_version": DEFAULTS["setup_version"]}  # new games' set-up (setup.SETUP_VERSIONS)
CONFIGS: tuple[dict[str, Any], ...] = (
    {"scenario": "annihilation", **NEW},
    {"scenario": "civilian_evacuation", **NEW},
    {"scenario": "annihilation", "civilians": "neutral", "armies": ["jsa", "corregidor"], **NEW},
)


def random_game(seed: str, config: dict[str, Any]) -> tuple[Any, int]:
    return shared.play(SYSTEM, config, 2, seed)


def bot_game(seed: str, config: dict[str, Any], bot_seat: int, level: str) -> float:
    state, _ = shared.play(SYSTEM, config, 2, seed, bot_seat=bot_seat, level=level)
    outcome = SYSTEM.outcome(state)
    assert outcome is not None
    return shared.score(outcome, bot_seat)


def bench(games: int, bot_games: int, level: str = "medium") -> dict[str, Any]:
    moves, elapsed = shared.cpu_timed(
        games, lambda i: random_game(f"bench{i}", CONFIGS[i % len(CONFIGS)])[1]
    )
    results, bot_elapsed = shared.cpu_timed(
        bot_games, lambda i: bot_game(f"bot{i}", CONFIGS[i % len(CONFIGS)], i % 2, level)
    )
    return {
        "random_games": games,
        "random_games_per_s": shared.rate(games, elapsed),
        "moves_per_random_game": round(sum(moves) / games, 1) if games else None,
        "bot": f"games.engine.search level {level} with infinity.evaluate",
        "bot_games": bot_games,
        "bot_s_per_game": round(bot_elapsed / bot_games, 1) if bot_games else None,
        "bot_vs_random_win_rate": shared.mean(results),
    }


# The lobby's set-ups a duel plays (games/infinity_site/forms.py's defaults: Annihilation, the
# starter rosters, reactions asked), on each of these tables in turn.
DUEL_BOARDS = ("small", "town")


def duel(
    games: int,
    level: str = "medium",
    priors: Sequence[float] = (1.0, 0.0),
    boards: Sequence[str] = DUEL_BOARDS,
    max_game_turns: int = 3,
    max_moves: int | None = None,
    first: int = 0,
    report: Callable[[dict[str, Any]], None] | None = None,
    armies: Sequence[str] = ("corregidor", "jsa"),
) -> dict[str, Any]:
    """`games` games of computer A (the level's budget with `prior` = priors[0]) against
    computer B (priors[1]): game 2k has A on seat 0, game 2k+1 the same seed and table with A
    on seat 1. A's wins, draws and losses, each side's mean victory points, and each side's
    CPU seconds per decision (mean and 90th percentile). `max_moves` stops each game there
    (a quick check: such a game counts as unfinished, no points). `first` is the first pair's
    seed (duel<first>), to share a measure between processes. `report` is given each game's
    line. `armies` are seat 0's and seat 1's (the lobby's by default): crossed, they tell a
    seat's advantage from an army's."""
    a, b = (replace(budget_of(SYSTEM, level), prior=p) for p in priors)
    results: list[float | None] = []
    points: tuple[list[float], list[float]] = ([], [])
    seconds: tuple[list[float], list[float]] = ([], [])
    for i in range(games):
        pair, a_seat = divmod(first * 2 + i, 2)
        config = {
            "board": boards[pair % len(boards)],
            "max_game_turns": max_game_turns,
            "armies": list(armies),
            **NEW,  # the lobby's
        }
        game = shared.duel(
            SYSTEM, config, f"duel{pair}", (a, b) if a_seat == 0 else (b, a), level, max_moves
        )
        result = shared.score(game.outcome, a_seat) if game.outcome else None
        scores = game.outcome.scores if game.outcome else (0.0, 0.0)
        results.append(result)
        for side, seat in ((0, a_seat), (1, 1 - a_seat)):
            points[side].append(scores[seat])
            seconds[side].extend(game.seconds[seat])
        if report is not None:
            report(
                {
                    "game": first * 2 + i,
                    "board": config["board"],
                    "a_seat": a_seat,
                    "first_seat": game.state.turn.first_seat,
                    "first_deployer": game.state.turn.first_deployer,
                    "armies": [s.sectorial for s in game.state.seats],
                    "a_score": result,
                    "vp": list(scores),
                    "moves": game.moves,
                }
            )
    return {
        "bot": f"games.engine.search level {level} with infinity.evaluate",
        "priors": list(priors),
        "games": games,
        "a_wins": results.count(1.0),
        "draws": results.count(0.5),
        "a_losses": results.count(0.0),
        "unfinished": results.count(None),
        "a_score": shared.mean([r for r in results if r is not None]),
        "a_mean_vp": shared.mean(points[0], 1),
        "b_mean_vp": shared.mean(points[1], 1),
        "a_decisions": len(seconds[0]),
        "b_decisions": len(seconds[1]),
        "a_s_per_decision": shared.mean(seconds[0]),
        "b_s_per_decision": shared.mean(seconds[1]),
        "a_p90_s": shared.p90(seconds[0]),
        "b_p90_s": shared.p90(seconds[1]),
    }
