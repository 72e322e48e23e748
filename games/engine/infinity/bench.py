"""Measurements for `python -m games.engine.infinity bench` and `duel` (they read the clock:
never imported by the rules): random games per CPU second, the generic computer opponent
(games/engine/search.py with our `evaluate`) against uniformly random moves, and that computer
against itself with another `prior` (two budgets, seats swapped on each seed), through the
shared games/engine/bench.py."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import replace
from typing import Any

from games.engine import bench as shared
from games.engine.infinity.evaluate import evaluate
from games.engine.infinity.setup import DEFAULTS
from games.engine.infinity.state import State
from games.engine.infinity.system import SYSTEM, InfinitySystem
from games.engine.protocol import Transition
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


class WithoutApproach(InfinitySystem):
    """The same rules, judged by the estimate without the approach terms (evaluate.py's
    `approach=False`: no template reach, no close combat within a move): `duel --baseline`."""

    def evaluate(self, state: State, seat: int) -> float:
        return evaluate(state, seat, approach=False)


def _action(data: dict[str, Any], reaction: bool) -> str:
    """A declaration as a tally's key: `skill[:weapon][+berserk]`, `aro ` before a reaction."""
    label = str(data.get("skill"))
    if data.get("weapon"):
        label += f":{data['weapon']}"
    if data.get("berserk"):
        label += "+berserk"
    return f"aro {label}" if reaction else label


class Tally:
    """How each army's troopers are used: declarations and reactions per side (A, B), army and
    profile, counted from the games' `SkillDeclared` and `AroDeclared` events (a coordinated
    order's parts each)."""

    def __init__(self) -> None:
        self.counts: dict[str, Counter[str]] = {}
        self.sides = ("A", "B")  # who plays seat 0 and seat 1 in the game being watched

    def watch(self, step: Transition) -> None:
        state = step.state
        for event in step.events:
            if event.kind not in ("SkillDeclared", "AroDeclared"):
                continue
            data = dict(event.data)
            parts = data.get("coordinated") or [data]
            for part in parts:
                tid = part.get("trooper")
                if not isinstance(tid, str) or not state.has_trooper(tid):
                    continue
                t = state.trooper(tid)
                key = f"{self.sides[t.seat]} {state.seats[t.seat].sectorial} {t.prof.id}"
                counter = self.counts.setdefault(key, Counter())
                counter[_action(part, event.kind == "AroDeclared")] += 1

    def summary(self) -> dict[str, dict[str, int]]:
        return {k: dict(sorted(c.items())) for k, c in sorted(self.counts.items())}


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
    baseline: bool = False,
    tally: bool = False,
) -> dict[str, Any]:
    """`games` games of computer A (the level's budget with `prior` = priors[0]) against
    computer B (priors[1]): game 2k has A on seat 0, game 2k+1 the same seed and table with A
    on seat 1. A's wins, draws and losses, each side's mean victory points, and each side's
    CPU seconds per decision (mean and 90th percentile). `max_moves` stops each game there
    (a quick check: such a game counts as unfinished, no points). `first` is the first pair's
    seed (duel<first>), to share a measure between processes. `report` is given each game's
    line. `armies` are seat 0's and seat 1's (the lobby's by default): crossed, they tell a
    seat's advantage from an army's. `baseline`: B also judges without the approach terms
    (WithoutApproach). `tally`: the summary counts each profile's declarations and reactions."""
    a, b = (replace(budget_of(SYSTEM, level), prior=p) for p in priors)
    b_system = WithoutApproach() if baseline else SYSTEM
    counts = Tally() if tally else None
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
        if counts is not None:
            counts.sides = ("A", "B") if a_seat == 0 else ("B", "A")
        game = shared.duel(
            SYSTEM,
            config,
            f"duel{pair}",
            (a, b) if a_seat == 0 else (b, a),
            level,
            max_moves,
            deciders=(SYSTEM, b_system) if a_seat == 0 else (b_system, SYSTEM),
            watch=counts.watch if counts else None,
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
    out = {
        "bot": f"games.engine.search level {level} with infinity.evaluate",
        "baseline": baseline,
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
    if counts is not None:
        out["tally"] = counts.summary()
    return out
