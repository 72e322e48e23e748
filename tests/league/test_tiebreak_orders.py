"""Tie-breakers an organiser orders: Buchholz cut 1 and Sonneborn-Berger beside head-to-head,
Buchholz, score difference and wins (a worked example below); chosen when creating the league
or in its editor (locked while a season plays), kept by each division as its season started,
and told under every table."""

from __future__ import annotations

import pytest
from django.urls import reverse

from games.league import selectors, services
from games.league.models import League, SeasonLog
from games.league.standings import Game, Points, rows_from_games, table
from tests.fixtures import client_for
from tests.league.conftest import duel_league_played_with_claim, start_season
from tests.league.test_league_edit import _form

P = Points(win=1, draw=0.5, loss=0)
SWISS = "buchholz_cut1,buchholz,sonneborn_berger,head_to_head"

# a beat b and drew c, then lost to d; b beat c. Points: a 1.5, b 1, d 1, c 0.5.
GAMES = [
    Game(players=("a", "b"), ranks=(0, 1)),
    Game(players=("a", "c"), ranks=(0, 0)),
    Game(players=("b", "c"), ranks=(0, 1)),
    Game(players=("d", "a"), ranks=(0, 1)),
]


def _ranked(order):
    rows = rows_from_games("abcd", GAMES, P)
    return table(rows, GAMES, P, order)


def test_the_worked_example():
    by_player = {r.player: r.tiebreaks for r in _ranked(["buchholz_cut1", "sonneborn_berger"])}
    # a met b (1), c (0.5), d (1): Buchholz 2.5, less the weakest (c) 2.0; beat b, drew c:
    # Sonneborn-Berger 1 + 0.5 x 0.5 = 1.25.
    assert by_player["a"] == {"buchholz_cut1": 2.0, "sonneborn_berger": 1.25}
    # b met a (1.5) and c (0.5): cut 1 keeps a's 1.5; beat c: 0.5.
    assert by_player["b"] == {"buchholz_cut1": 1.5, "sonneborn_berger": 0.5}
    # d met a only: cut 1 leaves nothing; beat a: 1.5.
    assert by_player["d"] == {"buchholz_cut1": 0.0, "sonneborn_berger": 1.5}
    assert by_player["c"] == {"buchholz_cut1": 1.5, "sonneborn_berger": 0.75}


@pytest.mark.parametrize(
    ("order", "second"),
    [(["sonneborn_berger"], "d"), (["buchholz_cut1"], "b"), (["buchholz"], "b")],
)
def test_the_order_decides_between_players_on_equal_points(order, second):
    ranked = [r.player for r in _ranked(order)]
    assert ranked[0] == "a" and ranked[1] == second and ranked[3] == "c"


@pytest.mark.django_db
def test_an_organiser_creates_a_league_with_the_swiss_order(organiser):
    client = client_for(organiser, "fr")
    form = client.get(reverse("league:league_new")).content.decode()
    assert "Départages, dans l" in form  # « … l'ordre », its quote escaped
    assert f'value="{SWISS}"' in form
    answer = client.post(
        reverse("league:league_new"),
        {
            "name": "Suisse du lundi",
            "system": "neuroshima",
            "default_format": "swiss",
            "default_swiss_rounds": "5",
            "division_size": "8",
            "vacation_policy": "allowed",
            "withdrawal_policy": "forfeit_remaining",
            "tiebreakers": SWISS,
        },
    )
    assert answer.status_code == 302, answer.content.decode()[:2000]
    assert League.objects.get(name="Suisse du lundi").tiebreakers == SWISS.split(",")
    forged = client.post(
        reverse("league:league_new"),
        {"name": "Forgée", "system": "neuroshima", "tiebreakers": "wins,nope"},
    )
    assert forged.status_code == 400 and not League.objects.filter(name="Forgée").exists()


@pytest.mark.django_db
def test_the_order_is_locked_while_playing_and_each_division_keeps_its_own(
    organiser, make_user, client
):
    league = duel_league_played_with_claim(organiser, name="Ligue du mardi")
    season = start_season(league, organiser, [make_user("p1"), make_user("p2")])
    division = season.divisions.get()
    played_with = selectors.division_tiebreakers(division)
    assert played_with == ["score_diff", "head_to_head", "buchholz"]  # NeuroDuel's
    client.force_login(organiser)
    url = reverse("league:league_edit", args=[league.pk])
    answer = client.post(url, _form(league, tiebreakers=SWISS, reason="Essai"))
    assert answer.status_code == 400  # locked while the season runs
    league.refresh_from_db()
    assert league.tiebreakers == played_with

    services.season_close(season=season, actor=organiser)
    assert client.post(url, _form(league, tiebreakers=SWISS)).status_code == 302
    league.refresh_from_db()
    assert league.tiebreakers == SWISS.split(",")
    assert selectors.division_tiebreakers(division) == played_with  # the finished season's
    entry = SeasonLog.objects.get(action="league_settings")
    assert entry.data["settings"][0][0] == "tiebreakers"
    page = client_for(organiser, "fr").get(reverse("league:division", args=[division.pk]))
    assert "différence de points → confrontation directe → Buchholz" in page.content.decode()
    season_page = client_for(None, "fr").get(reverse("league:season", args=[entry.season_id]))
    assert "Buchholz tronqué" in season_page.content.decode()  # the log says what changed
