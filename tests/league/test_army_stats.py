"""The community's army statistics (`/stats/<system>/`, games/league/army_stats.py): per army its
games, wins, draws and losses, the two-player matchups, which matches count (people only, or
with the computer; a period; a league season) and which never do (private matches, leagues by
invitation for non-members), in a bounded number of queries."""

from __future__ import annotations

import re
from datetime import timedelta

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.utils import timezone, translation

from games.engine.protocol import Outcome
from games.league.models import League, Registration, Season
from games.matches import services
from games.matches.models import Match
from games.matches.services.endings import match_finish
from games.matches.systems import get_site
from tests.fixtures import client_for, make_player


@pytest.fixture
def players(db):
    return [make_player(name) for name in ("anna", "bruno", "carla", "dario")]


def _finished(
    users, armies, ranks, *, reason="hq_destroyed", days_ago=0, bots=(), mode="ffa", **options
):
    """A finished Neuroshima match: `users[i]` (None: a computer) leads `armies[i]`, ranked
    `ranks[i]` (0: first)."""
    seat_users = [None if i in bots else u for i, u in enumerate(users)]
    match = services.match_create(
        system="neuroshima",
        config={"armies": list(armies), "mode": mode},
        seat_users=seat_users,
        bot_levels=dict.fromkeys(bots, 1),
        **options,
    )
    match_finish(
        match=match,
        outcome=Outcome(tuple(ranks), (), reason),
        now=timezone.now() - timedelta(days=days_ago),
    )
    return match


def _lines(html: str) -> dict[str, tuple[str, ...]]:
    """Each army's row: name -> (games, won–drawn–lost, win rate, mirrors); the games without
    their « few games » mark (`_few`)."""
    rows = re.findall(r'<tr data-testid="army-line"[^>]*>(.*?)</tr>', html, re.S)
    found = {}
    for row in rows:
        cells = [
            " ".join(re.sub(r"<[^>]+>", " ", c).split())
            for c in re.findall(r"<t[hd][^>]*>(.*?)</t[hd]>", row, re.S)
        ]
        found[cells[0]] = (cells[1].split(" ")[0], *cells[2:])
    return found


def _few(html: str) -> set[str]:
    """The armies whose row is marked « few games »."""
    rows = re.findall(
        r'<tr data-testid="army-line"[^>]*><th scope="row">(.*?)</th>(.*?)</tr>', html, re.S
    )
    return {name for name, rest in rows if 'class="few"' in rest}


def _page(query: str = "", user=None, language: str = "en") -> str:
    response = client_for(user, language).get(f"/stats/neuroshima/{query}")
    assert response.status_code == 200
    return response.content.decode()


def test_wins_draws_losses_and_win_rate_per_army(players):
    anna, bruno, *_ = players
    _finished([anna, bruno], ["moloch", "borgo"], [0, 1])
    _finished([anna, bruno], ["moloch", "borgo"], [0, 1])
    _finished([bruno, anna], ["borgo", "moloch"], [0, 1])
    _finished([anna, bruno], ["moloch", "hegemonia"], [0, 0], reason="draw")
    html = _page()
    lines = _lines(html)
    assert _few(html) == {"Moloch", "Borgo", "Hegemony"}
    assert lines["Moloch"] == ("4", "2–1–1", "50 %", "0")
    assert lines["Borgo"] == ("3", "1–0–2", "33 %", "0")
    assert lines["Hegemony"] == ("1", "0–1–0", "0 %", "0")
    french_page = _page(language="fr")
    assert french_page.count("peu de parties") >= 3
    french = _lines(french_page)
    assert french["Moloch"] == ("4", "2–1–1", "50 %", "0")
    assert "Avant-poste" not in french and "Hegemonia" in french


def test_a_mirror_match_is_counted_apart(players):
    anna, bruno, *_ = players
    _finished([anna, bruno], ["moloch", "moloch"], [0, 1])
    _finished([anna, bruno], ["moloch", "borgo"], [1, 0])
    html = _page()
    assert _lines(html)["Moloch"] == ("1", "0–0–1", "0 %", "1")
    matrix = re.search(r'data-testid="matchups">(.*?)</table>', html, re.S).group(1)
    assert "1 mirror" in matrix


def test_the_matchups_give_the_row_armys_wins_with_the_number_of_games(players):
    anna, bruno, *_ = players
    for _ in range(9):
        _finished([anna, bruno], ["moloch", "borgo"], [0, 1])
    _finished([anna, bruno], ["moloch", "borgo"], [1, 0])
    _finished([anna, bruno], ["moloch", "posterunek"], [1, 0])
    html = _page()
    rows = re.findall(r"<tr><th scope=\"row\">(.*?)</th>(.*?)</tr>", html, re.S)
    cells = {
        name: [
            " ".join(re.sub(r"<[^>]+>", " ", c).split())
            for c in re.findall(r"<td[^>]*>(.*?)</td>", body, re.S)
        ]
        for name, body in rows
    }
    # columns in name order: Borgo, Moloch, Outpost
    assert cells["Moloch"] == ["90 % 10 games", "0 mirrors", "0 % 1 game few games"]
    assert cells["Borgo"] == ["0 mirrors", "10 % 10 games", "–"]
    assert cells["Outpost"] == ["–", "100 % 1 game few games", "0 mirrors"]
    assert _few(html) == {"Outpost"}  # Moloch 11 games, Borgo 10: enough


def test_a_four_player_free_for_all_gives_its_first_a_win_and_every_other_a_loss(players):
    _finished(players, ["moloch", "borgo", "hegemonia", "posterunek"], [1, 0, 2, 3])
    lines = _lines(_page())
    assert lines["Borgo"][:2] == ("1", "1–0–0")
    for army in ("Moloch", "Hegemony", "Outpost"):
        assert lines[army][:2] == ("1", "0–0–1")
    assert 'data-testid="matchups"' not in _page()  # no two-player game: no matrix


def test_a_two_against_two_gives_both_armies_of_the_winning_team_a_win(players):
    ranks = [0, 1, 0, 1]  # alliance: seats 0 and 2 against 1 and 3
    _finished(players, ["moloch", "borgo", "hegemonia", "posterunek"], ranks, mode="alliance")
    assert Match.objects.get().seats.get(index=2).team == 0
    lines = _lines(_page())
    assert lines["Moloch"][1] == lines["Hegemony"][1] == "1–0–0"
    assert lines["Borgo"][1] == lines["Outpost"][1] == "0–0–1"


def test_games_against_the_computer_count_only_when_asked(players):
    anna, bruno, *_ = players
    _finished([anna, bruno], ["moloch", "borgo"], [0, 1])
    _finished([anna, None], ["moloch", "hegemonia"], [1, 0], bots=(1,))
    assert "Hegemony" not in _lines(_page())
    with_computers = _lines(_page("?computers=1"))
    assert with_computers["Hegemony"][1] == "1–0–0"
    assert with_computers["Moloch"][:2] == ("2", "1–0–1")


def test_the_period_keeps_the_games_finished_within_it(players):
    anna, bruno, *_ = players
    _finished([anna, bruno], ["moloch", "borgo"], [0, 1], days_ago=5)
    _finished([anna, bruno], ["moloch", "borgo"], [0, 1], days_ago=60)
    _finished([anna, bruno], ["moloch", "borgo"], [0, 1], days_ago=200)
    assert _lines(_page("?period=30"))["Moloch"][0] == "1"
    assert _lines(_page("?period=90"))["Moloch"][0] == "2"
    assert _lines(_page())["Moloch"][0] == "3"
    assert _lines(_page("?period=forged"))["Moloch"][0] == "3"  # not ours: every game


def test_random_armies_count_as_the_armies_drawn(players):
    anna, bruno, *_ = players
    match = _finished([anna, bruno], ["random", "moloch"], [0, 1])
    drawn = match.snapshot["config"]["armies"][0]
    with translation.override("en"):
        name = get_site("neuroshima").side_label(drawn)
    assert _lines(_page())[name][1] == "1–0–0"
    assert "random" not in _page()


def test_private_matches_never_count(players):
    anna, bruno, *_ = players
    _finished([anna, bruno], ["moloch", "borgo"], [0, 1], is_public=False)
    for reader in (None, anna):  # even for a player of it: the page is everybody's
        assert 'data-testid="no-stats"' in _page(user=reader)


def _season(public: bool, member=None) -> Season:
    league = League.objects.create(name="Ligue fermée", system="neuroshima", is_public=public)
    season = Season.objects.create(league=league, number=1)
    if member is not None:
        Registration.objects.create(season=season, user=member)
    return season


def test_a_league_by_invitation_counts_nowhere_but_for_its_members(players):
    anna, bruno, carla, _ = players
    season = _season(public=False, member=anna)
    competition = f"league:{season.pk}"
    # made private after this match was created public: still never counted for others
    _finished([anna, bruno], ["moloch", "borgo"], [0, 1], competition=competition)
    _finished(
        [anna, bruno], ["hegemonia", "borgo"], [0, 1], is_public=False, competition=competition
    )
    for reader in (None, carla, anna):
        assert 'data-testid="no-stats"' in _page(user=reader)
    for reader in (None, carla):
        response = client_for(reader).get(f"/stats/neuroshima/?season={season.pk}")
        assert response.status_code == 404
        assert b"Ligue ferm" not in response.content
    member = _lines(_page(f"?season={season.pk}", user=anna))
    assert set(member) == {"Moloch", "Borgo", "Hegemony"}


def test_a_season_filter_counts_that_seasons_games_only(players):
    anna, bruno, carla, _ = players
    season = _season(public=True)
    _finished([anna, bruno], ["moloch", "borgo"], [0, 1], competition=f"league:{season.pk}")
    _finished([anna, bruno], ["hegemonia", "borgo"], [0, 1])
    html = _page(f"?season={season.pk}", user=carla)
    assert set(_lines(html)) == {"Moloch", "Borgo"}
    assert 'data-testid="stats-season"' in html
    assert set(_lines(_page())) == {"Moloch", "Borgo", "Hegemony"}
    season_page = client_for(carla).get(f"/leagues/seasons/{season.pk}/").content.decode()
    assert f'href="/stats/neuroshima/?season={season.pk}"' in season_page
    # a private match of the season (its league was by invitation then): its members only
    _finished(
        [anna, bruno],
        ["posterunek", "borgo"],
        [0, 1],
        competition=f"league:{season.pk}",
        is_public=False,
    )
    assert "Outpost" not in _lines(_page(f"?season={season.pk}", user=carla))
    Registration.objects.create(season=season, user=anna)
    assert "Outpost" in _lines(_page(f"?season={season.pk}", user=anna))
    assert client_for().get("/stats/neuroshima/?season=nope").status_code == 404
    assert client_for().get(f"/stats/infinity/?season={season.pk}").status_code == 404


def test_only_systems_whose_options_give_armies_have_statistics(db):
    assert client_for().get("/stats/paintball/").status_code == 404
    assert client_for().get("/stats/nothing/").status_code == 404
    assert client_for().get("/stats/infinity/").status_code == 200
    rules = client_for().get("/neuroshima/rules/").content.decode()
    assert 'href="/stats/neuroshima/"' in rules


def test_infinity_lists_count_by_their_sectorial(players):
    anna, bruno, *_ = players
    listed = {"sectorial": "corregidor", "units": []}
    match = services.match_create(
        system="infinity", config={"armies": ["corregidor", "jsa"]}, seat_users=[anna, bruno]
    )
    Match.objects.filter(pk=match.pk).update(config={"armies": [listed, "jsa"]})
    match.refresh_from_db()
    match_finish(match=match, outcome=Outcome((1, 0), (), "points"))
    html = client_for().get("/stats/infinity/").content.decode()
    lines = _lines(html)
    assert lines["Corregidor"][1] == "0–0–1" and lines["JSA"][1] == "1–0–0"


# The session (anonymous: none); the armies' lines; the matchups. With a season: the season and
# its league; whether the reader is a member (anonymous: none).
QUERIES = 2
QUERIES_WITH_A_SEASON = 3


def test_the_page_costs_a_bounded_number_of_queries_however_many_matches(players):
    anna, bruno, carla, dario = players
    season = _season(public=True)
    armies = ["moloch", "borgo", "hegemonia", "posterunek"]
    for i in range(12):
        _finished([anna, bruno], [armies[i % 4], armies[(i + 1) % 4]], [i % 2, 1 - i % 2])
        _finished(players, armies, [0, 1, 2, 3], competition=f"league:{season.pk}")
    client = client_for()
    with CaptureQueriesContext(connection) as queries:
        assert client.get("/stats/neuroshima/").status_code == 200
    assert len(queries) == QUERIES
    with CaptureQueriesContext(connection) as queries:
        assert client.get(f"/stats/neuroshima/?season={season.pk}").status_code == 200
    assert len(queries) == QUERIES_WITH_A_SEASON


# Signed in: the session with the player and their profile; the armies' lines; the matchups; the
# navigation's "your turn" and unread counts. With a season: the season and its league; whether
# the reader is a member (an organiser? invited? registered?: up to three, the first that says
# yes ends it).
SIGNED_IN = 5
SIGNED_IN_WITH_A_SEASON = 9


def test_a_signed_in_reader_costs_a_bounded_number_of_queries_too(players):
    anna, bruno, *_ = players
    season = _season(public=False, member=anna)
    for _ in range(5):
        _finished([anna, bruno], ["moloch", "borgo"], [0, 1])
        _finished([anna, bruno], ["moloch", "borgo"], [0, 1], competition=f"league:{season.pk}")
    client = client_for(anna)
    client.get("/stats/neuroshima/")  # the session's first read of the language and theme
    with CaptureQueriesContext(connection) as queries:
        assert client.get("/stats/neuroshima/").status_code == 200
    assert len(queries) == SIGNED_IN, [q["sql"][:80] for q in queries]
    with CaptureQueriesContext(connection) as queries:
        assert client.get(f"/stats/neuroshima/?season={season.pk}").status_code == 200
    assert len(queries) == SIGNED_IN_WITH_A_SEASON, [q["sql"][:80] for q in queries]


def test_the_armies_are_those_stored_on_the_seats_at_the_end_no_state_is_read(players):
    """The match's end stores each seat's army (`Seat.side`); the statistics and a player's
    results read that, not the match's options and state (which took seconds for a few
    thousand matches)."""
    anna, bruno, *_ = players
    match = _finished([anna, bruno], ["random", "moloch"], [0, 1])
    drawn = match.snapshot["config"]["armies"][0]
    assert list(match.seats.order_by("index").values_list("side", flat=True)) == [
        drawn,
        "moloch",
    ]
    Match.objects.filter(pk=match.pk).update(snapshot=None, config={})
    with translation.override("en"):
        name = get_site("neuroshima").side_label(drawn)
    assert _lines(_page())[name][1] == "1–0–0"
    profile = client_for(bruno).get(f"/me/u/{anna.username}/").content.decode()
    assert name in profile
