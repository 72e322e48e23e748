"""League pages with Django's test client (real Postgres)."""

from __future__ import annotations

import csv
import io
import re
from datetime import datetime
from zoneinfo import ZoneInfo

import pytest
from django.urls import reverse
from django.utils import translation

from games.league.models import PairingGame, Registration, Round, SeasonLog
from games.matches.services import match_resign
from tests.fixtures import client_for
from tests.league.conftest import first_moves, round_games, start_season

pytestmark = pytest.mark.django_db


@pytest.fixture
def running(neuroduel, organiser, make_user):
    players = [make_user(f"joueur{i}") for i in range(4)]
    season = start_season(neuroduel, organiser, players)
    return season, players


def test_public_pages_render_for_anyone(client, running):
    season, players = running
    division = season.divisions.get()
    rnd = division.round_set.get(number=1)
    for url in [
        reverse("league:home"),
        reverse("league:league", args=[season.league_id]),
        reverse("league:season", args=[season.pk]),
        reverse("league:division", args=[division.pk]),
        reverse("league:round", args=[rnd.pk]),
    ]:
        response = client.get(url)
        assert response.status_code == 200, url
    page = client.get(reverse("league:round", args=[rnd.pk])).content.decode()
    assert players[0].username in page and "vacation-policy" in page
    # Players cannot report results of site matches (battle reports are stories, not results).
    assert "report a result" not in page.lower() and "<form" not in page.split("<main")[-1]


def test_a_league_player_has_one_page_their_profile(client, running):
    season, players = running
    name = players[0].username
    profile = reverse("accounts:profile", args=[name])
    table = client.get(reverse("league:season", args=[season.pk])).content.decode()
    assert f'href="{profile}"' in table
    assert reverse("league:player", args=[name]) not in table
    old = client.get(reverse("league:player", args=[name]))
    assert old.status_code == 301 and old["Location"] == profile
    page = client.get(profile).content.decode()
    assert season.league.name in page  # the league's section of the profile


def test_pages_are_in_french_by_default_and_english_on_request(client, running):
    season, _ = running
    page = client.get(reverse("league:season", args=[season.pk]), HTTP_ACCEPT_LANGUAGE="fr")
    assert "Saison" in page.content.decode()
    page = client.get(reverse("league:season", args=[season.pk]), HTTP_ACCEPT_LANGUAGE="en")
    assert "Season" in page.content.decode()


def test_division_table_htmx_partial_and_forfeits_shown_apart(client, running, organiser):
    season, players = running
    division = season.divisions.get()
    reg = Registration.objects.get(season=season, user=players[0])
    client.force_login(organiser)
    client.post(
        reverse("league:manage_action", args=[season.pk, "disqualify"]),
        {"registration": reg.pk, "reason": "Absent"},
    )
    response = client.get(reverse("league:division", args=[division.pk]), HTTP_HX_REQUEST="true")
    html = response.content.decode()
    assert 'id="standings"' in html and "<html" not in html
    assert 'class="ff"' in html  # forfeits distinct in the table


def test_csv_export_lists_the_table(client, running):
    season, players = running
    division = season.divisions.get()
    game = PairingGame.objects.filter(pairing__round__division=division).first()
    match_resign(match_id=game.match_id, user=game.match.seats.get(index=1).user)
    response = client.get(reverse("league:division_csv", args=[division.pk]))
    rows = list(csv.reader(io.StringIO(response.content.decode())))
    assert rows[0][:3] == ["position", "player", "status"]
    assert len(rows) == 5 and rows[1][0] == "1"


def test_ics_feed_follows_rfc_5545(client, running):
    season, _ = running
    body = client.get(reverse("league:season_ics", args=[season.pk])).content.decode()
    assert body.startswith("BEGIN:VCALENDAR\r\nVERSION:2.0\r\n")
    assert body.endswith("END:VCALENDAR\r\n")
    assert body.count("BEGIN:VEVENT") == 3  # 4 players: 3 rounds
    assert all(len(line.encode()) <= 75 for line in body.split("\r\n"))
    assert "DTSTART:" in body and "Z\r\n" in body


def test_organiser_pages_are_forbidden_to_others(client, running):
    season, players = running
    url = reverse("league:manage", args=[season.pk])
    assert client.get(url).status_code == 403
    client.force_login(players[0])
    assert client.get(url).status_code == 403
    reg = Registration.objects.get(season=season, user=players[1])
    post = client.post(
        reverse("league:manage_action", args=[season.pk, "disqualify"]),
        {"registration": reg.pk, "reason": "x"},
    )
    assert post.status_code == 403
    reg.refresh_from_db()
    assert reg.status == "active"


def test_organiser_substitutes_with_a_reason_in_the_public_log(
    client, running, organiser, make_user
):
    season, players = running
    make_user("remplacant")
    reg = Registration.objects.get(season=season, user=players[2])
    client.force_login(organiser)
    assert client.get(reverse("league:manage", args=[season.pk])).status_code == 200
    client.post(
        reverse("league:manage_action", args=[season.pk, "substitute"]),
        {"registration": reg.pk, "new_username": "remplacant", "reason": "Déménagement"},
    )
    assert SeasonLog.objects.filter(season=season, action="substitute").exists()
    client.logout()
    page = client.get(reverse("league:season", args=[season.pk])).content.decode()
    assert "Déménagement" in page and "remplacant" in page


def test_a_player_signs_up_through_the_season_page(client, neuroduel, organiser, make_user):
    client.force_login(organiser)
    client.post(reverse("league:season_open", args=[neuroduel.pk]), {"round_days": 7})
    season = neuroduel.seasons.get()
    player = make_user("inscrit")
    client.force_login(player)
    client.post(reverse("league:season_signup", args=[season.pk]), {"action": "join"})
    assert Registration.objects.filter(season=season, user=player).exists()


def test_create_a_league_with_the_neuroduel_preset(client, make_user):
    client.force_login(make_user("fondatrice"))
    response = client.post(
        reverse("league:league_new"),
        {
            "name": "Ligue NH",
            "preset": "neuroduel",
            "system": "neuroshima",
            "default_format": "rr1",
            "default_swiss_rounds": 5,
            "division_size": 8,
            "is_public": "on",
            "vacation_policy": "forbidden",
            "withdrawal_policy": "forfeit_remaining",
        },
    )
    assert response.status_code == 302
    from games.league.models import League

    league = League.objects.get(name="Ligue NH")
    assert (
        league.mirrored_duels
        and league.division_size == 8
        and league.vacation_policy == "forbidden"
    )
    assert league.tiebreakers[0] == "score_diff"


def test_profile_page_shows_the_rating_with_its_uncertainty_and_history(client, running):
    season, players = running
    game = PairingGame.objects.filter(pairing__round__division__season=season).first()
    loser = game.match.seats.get(index=1).user
    winner = game.match.seats.get(index=0).user
    match_resign(match_id=game.match_id, user=loser)
    html = client.get(f"/me/u/{winner.username}/", HTTP_ACCEPT_LANGUAGE="fr").content.decode()
    assert "league-profile" in html and "±" in html and "<svg" in html and "polyline" in html
    assert "Historique du classement" in html


def test_the_calendar_is_named_by_its_league_and_season(client, running):
    """A calendar app listed "Ligue – 1": the season's number alone."""
    season, _ = running
    body = client.get(
        reverse("league:season_ics", args=[season.pk]), HTTP_ACCEPT_LANGUAGE="fr"
    ).content.decode()
    assert f"X-WR-CALNAME:{season.league.name} – Saison {season.number}\r\n" in body


def test_the_season_log_names_who_forfeited_at_the_deadline_and_in_which_round(
    client, neuroduel, organiser, make_user
):
    from datetime import timedelta

    from games.league import services

    players = [make_user(name) for name in ("gaelle", "benoit")]
    season = start_season(neuroduel, organiser, players)
    rnd = season.divisions.get().round_set.get(number=1)
    first_moves(round_games(season.divisions.get(), 1))
    services.league_handle_deadlines(now=rnd.deadline + timedelta(seconds=1))
    page = client.get(reverse("league:season", args=[season.pk])).content.decode()
    # Each game's first player started it and had to act: each lost one game of the pair.
    found = r"Forfait à l&#x27;échéance <span class=\"muted\">\(([^)]*)\)</span>"
    lines = re.findall(found, page)
    assert sorted(lines) == ["manche 1 : benoit", "manche 1 : gaelle"], lines


def test_a_season_closed_early_says_its_rounds_were_not_played_not_that_they_are_coming(
    client, running, organiser
):
    from games.league import services

    season, _players = running
    services.season_close(season=season, actor=organiser)
    division = season.divisions.get()
    page = client.get(reverse("league:division", args=[division.pk])).content.decode()
    assert "pas encore publiée" not in page  # no round of a finished season is still to come
    assert "inachevée à la clôture de la saison" in page  # round 1, published, unfinished
    assert "pas jouée : la saison a été clôturée avant" in page  # rounds 2 and 3


def test_closing_a_season_early_says_what_is_left_unplayed_beside_the_button(
    client, running, organiser
):
    season, players = running  # 4 players: round 1 published (4 games), rounds 2 and 3 to come
    game = PairingGame.objects.filter(pairing__round__division__season=season).first()
    match_resign(match_id=game.match_id, user=game.match.seats.get(index=1).user)
    client.force_login(organiser)
    page = client.get(reverse("league:manage", args=[season.pk])).content.decode()
    assert (
        "3 parties ne sont pas encore terminées : clôturer maintenant annule ces parties." in page
    )
    assert "2 manches ne sont pas encore publiées : clôturer maintenant termine la saison" in page


def test_games_forfeited_at_the_deadline_offer_no_battle_report(
    client, neuroduel, organiser, make_user
):
    """After a deadline with nothing played both players' games are forfeits: nothing happened
    to tell in a battle report."""
    from datetime import timedelta

    from games.league import services

    players = [make_user(name) for name in ("gaelle", "benoit")]
    season = start_season(neuroduel, organiser, players)
    rnd = season.divisions.get().round_set.get(number=1)
    client.force_login(players[0])
    before = client.get(reverse("league:round", args=[rnd.pk])).content.decode()
    assert "en cours" in before and "récit de bataille" not in before
    services.league_handle_deadlines(now=rnd.deadline + timedelta(seconds=1))
    page = client.get(reverse("league:round", args=[rnd.pk])).content.decode()
    assert page.count("forfait") >= 2 and "récit de bataille" not in page


def test_a_rounds_games_called_off_at_the_seasons_close_say_so(client, running, organiser):
    """Not « en cours » for ever: closing the season called them off."""
    from games.league import services

    season, _players = running
    rnd = season.divisions.get().round_set.get(number=1)
    services.season_close(season=season, actor=organiser)
    page = client.get(reverse("league:round", args=[rnd.pk])).content.decode()
    assert page.count("annulée à la clôture de la saison") == 4 and "en cours" not in page


def test_a_resigned_game_says_who_resigned_not_a_score_of_nothing(client, running):
    """« (0 – 0) » beside a resignation read like a played goalless draw."""
    season, _players = running
    rnd = season.divisions.get().round_set.get(number=1)
    game = PairingGame.objects.filter(pairing__round=rnd).first()
    loser = game.match.seats.get(index=1).user
    match_resign(match_id=game.match_id, user=loser)
    page = client.get(reverse("league:round", args=[rnd.pk])).content.decode()
    assert f"(abandon de {loser.username})" in page
    assert "(0 – 0)" not in page


def test_the_organisers_rounds_say_which_is_finished_being_played_or_to_publish(
    client, running, organiser
):
    """The list gave three dates alike: which round is on, until when, was the organiser's
    guess."""
    from datetime import timedelta

    from django.utils import formats, timezone

    from games.league import services

    season, _players = running
    rounds = list(season.divisions.get().round_set.order_by("number"))
    services.league_handle_deadlines(now=rounds[0].deadline + timedelta(seconds=1))
    client.force_login(organiser)
    page = client.get(reverse("league:manage", args=[season.pk])).content.decode()

    def line(rnd):
        start = page.index(f'data-testid="manage-round-{rnd.pk}"')
        return re.sub(r"\s+", " ", page[start : page.index("</li>", start)])

    rounds = [type(r).objects.get(pk=r.pk) for r in rounds]
    assert "terminée" in line(rounds[0])
    deadline = formats.date_format(timezone.localtime(rounds[1].deadline), "SHORT_DATETIME_FORMAT")
    assert f"en cours, jusqu’au {deadline}" in line(rounds[1])
    assert "pas encore publiée" in line(rounds[2]) and "Publier" in line(rounds[2])


def test_an_english_rounds_deadline_reads_day_first_on_a_24_hour_clock(running, organiser):
    """Django's « en » wrote « 12/05/2026 2:30 p.m. » (month first) for English readers; the
    English pages write dates as en-GB does (hexsite/formats/en)."""
    season, _players = running
    rnd = season.divisions.get().round_set.get(number=1)
    afternoon = datetime(2026, 12, 5, 14, 30, tzinfo=ZoneInfo("Europe/Paris"))
    Round.objects.filter(pk=rnd.pk).update(deadline=afternoon)
    page = client_for(organiser, "en").get(reverse("league:round", args=[rnd.pk]))
    shown = re.search(r'<time datetime="[^"]+">([^<]+)</time>', page.content.decode())
    assert shown.group(1) == "05/12/2026 14:30"


def test_a_rating_charts_points_are_dated_as_the_reader_writes_dates(running):
    """A point's tooltip read « 2026-12-05: 26.1 » on every page, French or English."""
    from games.league.models import RatingHistory

    season, _players = running
    game = PairingGame.objects.filter(pairing__round__division__season=season).first()
    loser = game.match.seats.get(index=1).user
    winner = game.match.seats.get(index=0).user
    match_resign(match_id=game.match_id, user=loser)
    afternoon = datetime(2026, 12, 5, 14, 30, tzinfo=ZoneInfo("Europe/Paris"))
    RatingHistory.objects.filter(user=winner).update(at=afternoon)
    profile = reverse("accounts:profile", args=[winner.username])
    assert "<title>05/12/2026: " in client_for(winner, "en").get(profile).content.decode()
    french = client_for(winner, "fr").get(profile).content.decode()
    assert "<title>05/12/2026 : " in french
    assert "<title>avant la première partie : 0</title>" in french  # it read « : 0 »


def test_a_moved_deadline_in_the_season_log_says_from_when_to_when(running, organiser):
    """The log's « Échéance modifiée » said neither the old deadline nor the new one."""
    from games.league import services

    season, _players = running
    rnd = season.divisions.get().round_set.get(number=1)
    first = datetime(2026, 12, 5, 14, 30, tzinfo=ZoneInfo("Europe/Paris"))
    Round.objects.filter(pk=rnd.pk).update(deadline=first)
    rnd.refresh_from_db()
    later = datetime(2026, 12, 12, 20, 0, tzinfo=ZoneInfo("Europe/Paris"))
    services.round_set_deadline(round=rnd, actor=organiser, deadline=later, reason="fêtes")
    entry = SeasonLog.objects.get(season=season, action="deadline")
    with translation.override("en"):
        assert entry.details == "round 1: 05/12/2026 14:30 → 12/12/2026 20:00"
    page = client_for(organiser, "fr").get(reverse("league:season", args=[season.pk]))
    assert "manche 1 : 05/12/2026 14:30 → 12/12/2026 20:00" in page.content.decode()
