"""League pages and exports read no more as a league piles up games: a player's rating chart
reads only the points it draws, a season's JSON export and a player's pairings on the season
page cost the same number of queries however many rounds were played (README "Benchmarks")."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse
from django.utils import timezone

from games.league import charts, ratings, services
from games.league.models import League, PairingGame, Rating, RatingHistory, Round
from games.league.selectors import CHART_POINTS, league_profile_context
from games.matches.models import Match
from games.matches.services import match_resign
from tests.fixtures import client_for, make_player
from tests.league.conftest import duel_league_played_with_claim, start_season
from tests.reads_support import reads

pytestmark = pytest.mark.django_db


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
    points = [(charts.start_label(), ratings.MU, ratings.SIGMA)] + [
        (charts.day_label(h.at), h.mu, h.sigma) for h in history
    ]
    return charts.rating_chart(points[-60:])


def test_the_rating_chart_draws_the_same_points_and_reads_only_those():
    anna = make_player("anna")
    for games in (3, CHART_POINTS - 4, 1, 1):  # 3, 59, 60, 61 games: the start drops at 60
        _rated_games(anna, games)
        (shown,) = league_profile_context(anna, viewer=None)["league_ratings"]
        assert shown["chart"] == _chart_drawn_from_every_game(anna)
    assert CHART_POINTS == 60

    with reads() as before:
        league_profile_context(anna, viewer=None)
    _rated_games(anna, 100)
    with reads() as after:
        (shown,) = league_profile_context(anna, viewer=None)["league_ratings"]
    assert shown["chart"] == _chart_drawn_from_every_game(anna)
    assert (after.queries, after.rows) == (before.queries, before.rows)


def _season(organiser, fmt: str, *, players: int = 6, mirrored: bool = True):
    """A running season of one division (`fmt`: "rr1" or "swiss", 5 rounds either way) whose
    first round is published."""
    league = duel_league_played_with_claim(organiser, name=f"Longue {fmt}")
    League.objects.filter(pk=league.pk).update(
        default_format=fmt, default_swiss_rounds=players - 1, mirrored_duels=mirrored
    )
    league.refresh_from_db()
    return start_season(league, organiser, [make_player(f"p{fmt}{i}") for i in range(players)])


def _play_published(season) -> None:
    """Every published game still going: its second seat resigns."""
    going = PairingGame.objects.filter(
        pairing__round__division__season=season, match__status=Match.Status.ACTIVE
    )
    for game in going.select_related("match"):
        match_resign(match_id=game.match_id, user=game.match.seats.get(index=1).user)


def _publish_the_rest(season) -> None:
    for rnd in Round.objects.filter(division__season=season, published_at__isnull=True):
        _play_published(season)
        services.round_publish(round=rnd)
    _play_published(season)


def _queries(client, url: str) -> tuple[int, bytes]:
    with CaptureQueriesContext(connection) as queries:
        response = client.get(url)
    assert response.status_code == 200
    return len(queries), response.content


def test_the_season_export_reads_every_game_in_the_same_queries(organiser):
    season = _season(organiser, "rr1")  # mirrored duels: two games a pairing
    url = reverse("league:season_json", args=[season.pk])
    client = client_for(None)
    before, _ = _queries(client, url)
    _publish_the_rest(season)
    after, body = _queries(client, url)
    assert after == before
    assert body.count(b'"index": 1') == 5 * 3  # 5 rounds of 3 pairings, each with its mirror


def test_the_trf_export_reads_every_round_in_the_same_queries(organiser):
    season = _season(organiser, "swiss", mirrored=False)
    url = reverse("league:division_trf", args=[season.divisions.get().pk])
    client = client_for(None)
    before, _ = _queries(client, url)
    _publish_the_rest(season)
    after, body = _queries(client, url)
    assert after == before
    assert body.decode().splitlines()[-1] == "XXR 5"


def test_a_players_pairings_on_the_season_page_cost_the_same_queries_every_round(organiser):
    season = _season(organiser, "rr1")
    player = season.registrations.order_by("seed").first().user
    client = client_for(player, "en")
    url = reverse("league:season", args=[season.pk])
    before, _ = _queries(client, url)
    _publish_the_rest(season)
    after, body = _queries(client, url)
    assert after == before
    mine = body.decode().split('id="my-pairings"')[1].split("</section>")[0]
    assert [f"Round {n}</a>" in mine for n in range(1, 6)] == [True] * 5
    assert mine.count('class="pairing pairing-done"') == 5 and mine.count("won by") == 10


def test_the_round_page_reads_no_engine_state(organiser):
    season = _season(organiser, "rr1")
    rnd = season.divisions.get().round_set.get(number=1)
    with CaptureQueriesContext(connection) as queries:
        page = client_for(None).get(reverse("league:round", args=[rnd.pk])).content.decode()
    assert page.count('class="pairing pairing-scheduled"') == 3
    reads_matches = [q["sql"] for q in queries if 'FROM "matches_match"' in q["sql"]]
    assert reads_matches and not any("snapshot" in sql for sql in reads_matches)
