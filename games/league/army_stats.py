"""The community's army statistics of a system (`/stats/<system>/`): per army its games, wins,
draws, losses and win rate, and for two-player games the matchups (row army against column
army). Two aggregate queries, whatever the number of matches: the armies are the ones each
match's end stored on its seats (`Seat.side`, from the declaration every site makes of where a
seat's army is: `BaseSite.settled_side`), as a player's profile reads them
(games/league/results_section.py). Reading them from each match's options and state in SQL
took 16 s for 3,000 matches (PostgreSQL parsed every state several times a seat).

What counts:
- finished matches of the system; by default only matches between people (no computer seat),
  `computers=True` adds the others; `days` keeps those finished in the last N days;
- on the public page only public matches, never one of a league by invitation (a league made
  private after its matches were public included): a private competition shows nothing of
  itself to non-members. With a season (`season`, whose league the view checked the reader may
  see), that season's matches: every one for a member of its league, the public ones otherwise;
- a match whose every seat's army is known (a seat without one leaves the match out).

How a seat's result counts (as on a player's profile): a draw when the match ended in a draw
(agreed, or every seat ranked alike); otherwise a win for a seat ranked first and a loss for
every other. So a 4-player free-for-all gives its winner's army one win and the three others'
one loss each (finishing second is a loss, like finishing last), and a 2v2 alliance gives both
armies of the winning team a win. A mirror match (every seat leads the same army) is counted
apart: it tells nothing of that army's strength, so it is in neither the army's games nor its
win rate, only in its number of mirror matches. Win rate: wins ÷ games (a draw is no win).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import timedelta

from django.db import connection
from django.db.models import CharField, Exists, OuterRef, Value
from django.db.models.functions import Cast, Concat
from django.utils import timezone

from games.hexboard.protocol import BaseSite
from games.league.models import Season
from games.matches.models import Match, Seat

# Fewer games than this in a matchup cell or an army's row: marked « peu de parties ».
FEW_GAMES = 10


@dataclass(frozen=True)
class ArmyLine:
    key: str
    name: str
    games: int
    won: int
    drawn: int
    mirrors: int

    @property
    def lost(self) -> int:
        return self.games - self.won - self.drawn

    @property
    def win_rate(self) -> int | None:
        """Percent, rounded; None without a game."""
        return round(100 * self.won / self.games) if self.games else None

    @property
    def few(self) -> bool:
        return self.games < FEW_GAMES


@dataclass(frozen=True)
class Cell:
    games: int  # for the mirror cell: the mirror matches
    won: int  # the row army's wins
    drawn: int
    mirror: bool = False

    @property
    def win_rate(self) -> int | None:
        return round(100 * self.won / self.games) if self.games and not self.mirror else None

    @property
    def few(self) -> bool:
        return self.games < FEW_GAMES


@dataclass
class ArmyStats:
    armies: list[ArmyLine] = field(default_factory=list)
    # Two-player games: (row army, [cell against each column army, in `armies` order]).
    matrix: list[tuple[ArmyLine, list[Cell]]] = field(default_factory=list)
    duels: int = 0  # two-player games counted in the matrix, mirrors included


def counted_matches(
    *,
    system: str,
    computers: bool = False,
    days: int | None = None,
    season_id: int | None = None,
    member: bool = False,
    now=None,
):
    """The matches the statistics count (see the module's docstring), as a queryset."""
    matches = Match.objects.filter(system=system, status=Match.Status.FINISHED)
    if not computers:
        bots = Seat.objects.filter(match=OuterRef("pk"), kind=Seat.Kind.BOT)
        matches = matches.filter(~Exists(bots))
    if days is not None:
        matches = matches.filter(finished_at__gte=(now or timezone.now()) - timedelta(days=days))
    if season_id is not None:
        matches = matches.filter(competition=f"league:{season_id}")
        if not member:
            matches = matches.filter(is_public=True)
        return matches
    private_seasons = (
        Season.objects.filter(league__is_public=False)
        .annotate(key=Concat(Value("league:"), Cast("pk", CharField()), output_field=CharField()))
        .values("key")
    )
    return matches.filter(is_public=True).exclude(competition__in=private_seasons)


def _seats_cte(matches) -> tuple[str, list]:
    """`seat` (each counted seat: match, index, rank, army) and `game` (per match: seats,
    distinct armies, whether every army is known, whether it was drawn). The army is the one
    the match's end stored on the seat (`Seat.side`): no match's options or state is read."""
    ids_sql, ids_params = matches.values("pk").query.sql_with_params()
    sql = f"""
        WITH seat AS (
            SELECT s.match_id, s.index, s.rank, NULLIF(s.side, '') AS army,
                   m.outcome ->> 'reason' = 'draw' AS agreed
            FROM {Seat._meta.db_table} s JOIN {Match._meta.db_table} m ON m.id = s.match_id
            WHERE m.id IN ({ids_sql})
        ), game AS (
            SELECT match_id, count(*) AS seats, count(DISTINCT army) AS armies,
                   count(army) = count(*) AS known,
                   bool_or(coalesce(agreed, false))
                       OR min(rank) IS NOT DISTINCT FROM max(rank) AS drawn
            FROM seat GROUP BY match_id
        )
    """
    return sql, list(ids_params)


def army_stats(*, site: BaseSite, matches) -> ArmyStats:
    """Two queries: the armies' lines, then the two-player matchups."""
    cte, params = _seats_cte(matches)
    with connection.cursor() as cursor:
        cursor.execute(
            cte
            + """
            SELECT seat.army,
                   count(*) FILTER (WHERE game.armies > 1),
                   count(*) FILTER (WHERE game.armies > 1 AND NOT game.drawn AND seat.rank = 0),
                   count(*) FILTER (WHERE game.armies > 1 AND game.drawn),
                   count(DISTINCT seat.match_id) FILTER (WHERE game.armies = 1)
            FROM seat JOIN game USING (match_id)
            WHERE game.known
            GROUP BY seat.army
            """,
            params,
        )
        rows = cursor.fetchall()
        cursor.execute(
            cte
            + """
            SELECT a.army, b.army, count(DISTINCT a.match_id),
                   count(*) FILTER (WHERE NOT game.drawn AND a.rank = 0),
                   count(*) FILTER (WHERE game.drawn)
            FROM seat a JOIN seat b ON b.match_id = a.match_id AND b.index <> a.index
                 JOIN game ON game.match_id = a.match_id
            WHERE game.known AND game.seats = 2
            GROUP BY a.army, b.army
            """,
            params,
        )
        pairs = cursor.fetchall()
    lines = sorted(
        (
            ArmyLine(key, site.side_label(key), games, won, drawn, mirrors)
            for key, games, won, drawn, mirrors in rows
        ),
        key=lambda line: line.name.casefold(),
    )
    cells = {(a, b): (games, won, drawn) for a, b, games, won, drawn in pairs}
    duel_armies = [line for line in lines if any(a == line.key for a, _ in cells)]
    matrix = [
        (
            row,
            [
                Cell(*cells.get((row.key, column.key), (0, 0, 0)), mirror=row.key == column.key)
                for column in duel_armies
            ],
        )
        for row in duel_armies
    ]
    # Each non-mirror duel is in two cells (a against b, b against a), a mirror in one.
    duels = sum(g for (a, b), (g, _, _) in cells.items() if a != b) // 2 + sum(
        g for (a, b), (g, _, _) in cells.items() if a == b
    )
    return ArmyStats(armies=lines, matrix=matrix, duels=duels)
