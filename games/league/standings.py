"""Standings, pure: points for win/draw/loss, forfeits kept apart, and tie-breakers.

The additive counters (`Row`) are what the database keeps and updates one game at a time;
`apply_game` is the single place that knows how a game changes them, so recomputing a table from
its results and updating it game by game cannot disagree. Ordering (`table`) needs everything
(head-to-head, Buchholz) and is computed when a page asks.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Hashable, Iterable, Sequence
from dataclasses import dataclass, field, fields

Player = Hashable
# The default order (a league without a preset), and every tie-breaker a league may order:
# - head_to_head: the points taken in games against the players tied with one;
# - buchholz: the sum of one's opponents' game points (one term per game played);
# - buchholz_cut1: the same less its lowest term (FIDE's "Buchholz Cut 1": one weak opponent
#   counts for less);
# - sonneborn_berger: the game points of the opponents one beat, and half of those one drew;
# - score_diff: the systems' own points for and against (such as HQ points left);
# - wins: the games won.
TIEBREAKERS = ("head_to_head", "buchholz", "score_diff", "wins")
ALL_TIEBREAKERS = (*TIEBREAKERS, "buchholz_cut1", "sonneborn_berger")


@dataclass(frozen=True)
class Game:
    """One counted game. `players` in seat order; `ranks` 0 = first (all equal: a draw);
    `scores` the system's points (such as HQ points left) or None; `forfeited` lost by forfeit
    (no-show at the deadline, time, disqualification); `bye`: one player, unpaired;
    `late`: the bye of a late joiner in a Swiss, worth a draw (lichess's half-point bye)."""

    players: tuple
    ranks: tuple = ()
    scores: tuple | None = None
    forfeited: frozenset = field(default_factory=frozenset)
    bye: bool = False
    late: bool = False


@dataclass(frozen=True)
class Points:
    win: float = 1.0
    draw: float = 0.5
    loss: float = 0.0
    bye: float = 1.0


@dataclass
class Row:
    played: int = 0
    wins: int = 0
    draws: int = 0
    losses: int = 0
    forfeit_wins: int = 0
    forfeit_losses: int = 0
    byes: int = 0
    points: float = 0.0
    score_for: float = 0.0
    score_against: float = 0.0
    # An organiser's bonus and penalty points (models_adjustments), never a game's: `points`
    # stays what the games gave, the table ranks by `total`.
    adjustment: float = 0.0

    @property
    def score_diff(self) -> float:
        return self.score_for - self.score_against

    @property
    def total(self) -> float:
        return self.points + self.adjustment

    def as_dict(self) -> dict:
        return {f.name: getattr(self, f.name) for f in fields(self)}


def verdicts(game: Game) -> dict[Player, str]:
    """ "win" / "draw" / "loss" per player. In a pod only a sole first place wins; players tied
    for first draw; everybody else loses. Forfeiters always lose."""
    if game.bye:
        return {game.players[0]: "bye"}
    alive = [p for p in game.players if p not in game.forfeited]
    out = dict.fromkeys(game.players, "loss")
    if not alive:
        return out
    if len(alive) < len(game.players) and len(alive) == 1:
        out[alive[0]] = "win"
        return out
    rank = dict(zip(game.players, game.ranks, strict=True))
    best = min(rank[p] for p in alive)
    firsts = [p for p in alive if rank[p] == best]
    for p in firsts:
        out[p] = "win" if len(firsts) == 1 else "draw"
    return out


def apply_game(rows: dict[Player, Row], game: Game, points: Points, sign: int = 1) -> None:
    """Adds (sign=+1) or removes (sign=-1) one game's effect on the counters."""
    v = verdicts(game)
    forfeit = bool(game.forfeited)
    scores = dict(zip(game.players, game.scores, strict=True)) if game.scores else {}
    for p in game.players:
        row = rows.setdefault(p, Row())
        if v[p] == "bye":
            row.byes += sign
            row.points += sign * (points.draw if game.late else points.bye)
            continue
        row.played += sign
        if v[p] == "win":
            row.wins += sign
            row.points += sign * points.win
            row.forfeit_wins += sign * forfeit
        elif v[p] == "draw":
            row.draws += sign
            row.points += sign * points.draw
        else:
            row.losses += sign
            row.points += sign * points.loss
            row.forfeit_losses += sign * (p in game.forfeited)
        if scores and not forfeit:
            others = [scores[q] for q in game.players if q != p]
            row.score_for += sign * scores[p]
            row.score_against += sign * (sum(others) / len(others))


def rows_from_games(
    players: Iterable[Player], games: Iterable[Game], points: Points
) -> dict[Player, Row]:
    rows = {p: Row() for p in players}
    for g in games:
        apply_game(rows, g, points)
    return rows


@dataclass(frozen=True)
class Ranked:
    position: int
    player: Player
    row: Row
    tiebreaks: dict


def _pair_verdicts(game: Game) -> dict[tuple, str]:
    """How p fared against q in this game ("win", "draw", "loss"), for every ordered pair: in a
    pod, against each other player by rank; a forfeiter loses to everyone."""
    if game.bye:
        return {}
    v = verdicts(game)
    rank = dict(zip(game.players, game.ranks, strict=True)) if game.ranks else {}
    out = {}
    for p in game.players:
        for q in game.players:
            if p == q:
                continue
            if p in game.forfeited or q in game.forfeited:
                pv = "loss" if p in game.forfeited else "win"
            elif len(game.players) == 2:
                pv = v[p]
            else:
                pv = "win" if rank[p] < rank[q] else "draw" if rank[p] == rank[q] else "loss"
            out[(p, q)] = pv
    return out


def _pair_points(game: Game, points: Points) -> dict[tuple, float]:
    """Points p took from q in this game, for every ordered pair (head-to-head)."""
    return {pair: getattr(points, pv) for pair, pv in _pair_verdicts(game).items()}


def signed(points: float) -> str:
    """« +2 », « −1 » (a true minus sign): an adjustment as the table and the log write it."""
    text = f"{abs(points):g}"
    return f"+{text}" if points > 0 else f"\u2212{text}"


def table(
    rows: dict[Player, Row],
    games: Sequence[Game],
    points: Points,
    tiebreakers: Sequence[str] = TIEBREAKERS,
) -> list[Ranked]:
    """Ranked by points (`Row.total`: the games' points plus any adjustment) then the
    tie-breakers in order (names of ALL_TIEBREAKERS); players keep their given order last.

    Adjustments move a player's place, never their game statistics: players are tied when their
    totals are equal, but head-to-head counts the points of their games against each other and
    Buchholz the opponents' game points (a penalty for lateness does not make a player's
    opponents weaker), as league tables deduct points without rewriting results."""
    order = {p: i for i, p in enumerate(rows)}
    opponents: dict[Player, list] = defaultdict(list)
    pair_pts: dict[tuple, float] = defaultdict(float)
    beaten: dict[Player, list] = defaultdict(list)  # (opponent, 1 for a win, 0.5 for a draw)
    for g in games:
        if g.bye:
            continue
        for p in g.players:
            opponents[p].extend(q for q in g.players if q != p)
        for (p, q), pv in _pair_verdicts(g).items():
            pair_pts[(p, q)] += getattr(points, pv)
            if pv != "loss":
                beaten[p].append((q, 1.0 if pv == "win" else 0.5))
    by_points: dict[float, list] = defaultdict(list)
    for p, row in rows.items():
        by_points[row.total].append(p)
    values: dict[Player, dict] = {}
    for p, row in rows.items():
        tied = [q for q in by_points[row.total] if q != p]
        faced = [rows[q].points for q in opponents[p] if q in rows]
        values[p] = {
            "head_to_head": sum(pair_pts[(p, q)] for q in tied),
            "buchholz": sum(faced),
            "buchholz_cut1": sum(faced) - min(faced, default=0),
            "sonneborn_berger": sum(rows[q].points * part for q, part in beaten[p] if q in rows),
            "score_diff": row.score_diff,
            "wins": row.wins,
        }

    def key(p: Player) -> tuple:
        return (-rows[p].total, *(-values[p][t] for t in tiebreakers), order[p])

    ranked = sorted(rows, key=key)
    return [
        Ranked(
            position=i + 1,
            player=p,
            row=rows[p],
            tiebreaks={t: values[p][t] for t in tiebreakers},
        )
        for i, p in enumerate(ranked)
    ]
