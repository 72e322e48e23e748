"""The league's stored rows as the pure `standings` module reads them: a registration's table
counters, a result as a game, a division's points. Services write the counters and selectors
read the tables through these, so both count the same way."""

from __future__ import annotations

from games.league import standings
from games.league.models import Division, PointsAdjustment, Registration, Result

# The counters a table shows (and the CSV export lists), then the score totals behind them.
TABLE_COUNTERS = [
    "played",
    "wins",
    "draws",
    "losses",
    "forfeit_wins",
    "forfeit_losses",
    "byes",
    "points",
]
ROW_FIELDS = [*TABLE_COUNTERS, "score_for", "score_against"]


def division_points(division: Division) -> standings.Points:
    """The points for a win, a draw, a loss and a bye in this division: the league's when its
    season started (kept on the division, so a later change of the league's leaves its table
    as it was)."""
    win = float(division.points_win)
    # A round-robin bye is everybody's once, so it scores nothing; a Swiss bye scores a win
    # (lichess: "one point when unpaired").
    bye = win if division.format == Division.Format.SWISS else 0.0
    return standings.Points(
        win=win, draw=float(division.points_draw), loss=float(division.points_loss), bye=bye
    )


def registration_row(reg: Registration) -> standings.Row:
    """A player's stored table counters, as the pure standings module counts them."""
    return standings.Row(**{f: getattr(reg, f) for f in ROW_FIELDS})


def result_game(result: Result) -> standings.Game:
    """A stored result as one game of the pure standings module."""
    return standings.Game(
        players=tuple(result.players),
        ranks=tuple(result.ranks),
        scores=tuple(result.scores) if result.scores else None,
        forfeited=frozenset(result.forfeited),
        bye=result.bye,
        late=result.bye and result.reason == "late_join",
    )


def division_adjustments(division: Division) -> dict[int, list[PointsAdjustment]]:
    """The adjustments that stand (not withdrawn) in the division, per registration id, oldest
    first."""
    out: dict[int, list[PointsAdjustment]] = {}
    for adjustment in PointsAdjustment.objects.filter(
        registration__division=division, withdrawn_at__isnull=True
    ).select_related("by"):
        out.setdefault(adjustment.registration_id, []).append(adjustment)
    return out
