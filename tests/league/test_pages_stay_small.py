"""League pages and exports read no more as a league piles up games: a player's rating chart
reads only the points it draws, a season's JSON export and a player's pairings on the season
page cost the same number of queries however many rounds were played (README "Benchmarks")."""

from __future__ import annotations

from contextlib import contextmanager
from datetime import timedelta

import pytest
from django.db import connection
from django.utils import timezone

from games.league import charts, ratings
from games.league.models import Rating, RatingHistory
from games.league.selectors import CHART_POINTS, league_profile_context
from tests.fixtures import make_player

pytestmark = pytest.mark.django_db


class _Reads:
    """The queries run and the rows they returned, read from the cursor after each."""

    def __init__(self) -> None:
        self.queries = 0
        self.rows = 0

    def __call__(self, execute, sql, params, many, context):
        result = execute(sql, params, many, context)
        self.queries += 1
        self.rows += max(context["cursor"].rowcount, 0)
        return result


@contextmanager
def _reads():
    reads = _Reads()
    with connection.execute_wrapper(reads):
        yield reads


def _rated_games(user, count: int) -> None:
    """`count` more rated games of "claim" in the player's history (its rows, as the ledger
    writes them), each a little stronger than the last."""
    start = RatingHistory.objects.filter(user=user).count()
    base = timezone.now() - timedelta(days=1000)
    RatingHistory.objects.bulk_create(
        RatingHistory(
            user=user,
            system="claim",
            mu=25 + (start + i) / 10,
            sigma=8 - (start + i) / 100,
            at=base + timedelta(days=start + i),
        )
        for i in range(count)
    )
    Rating.objects.update_or_create(
        user=user, system="claim", defaults={"mu": 30.0, "sigma": 4.0, "games": start + count}
    )


def _chart_drawn_from_every_game(user) -> charts.Chart:
    """The chart as the page drew it before: every point read, the last 60 drawn."""
    history = RatingHistory.objects.filter(user=user, system="claim").order_by("at", "pk")
    points = [("", ratings.MU, ratings.SIGMA)] + [
        (h.at.date().isoformat(), h.mu, h.sigma) for h in history
    ]
    return charts.rating_chart(points[-60:])


def test_the_rating_chart_draws_the_same_points_and_reads_only_those():
    anna = make_player("anna")
    for games in (3, CHART_POINTS - 4, 1, 1):  # 3, 59, 60, 61 games: the start drops at 60
        _rated_games(anna, games)
        (shown,) = league_profile_context(anna, viewer=None)["league_ratings"]
        assert shown["chart"] == _chart_drawn_from_every_game(anna)
    assert CHART_POINTS == 60

    with _reads() as before:
        league_profile_context(anna, viewer=None)
    _rated_games(anna, 100)
    with _reads() as after:
        (shown,) = league_profile_context(anna, viewer=None)["league_ratings"]
    assert shown["chart"] == _chart_drawn_from_every_game(anna)
    assert (after.queries, after.rows) == (before.queries, before.rows)
