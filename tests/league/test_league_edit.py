"""« Modifier la ligue »: an organiser edits the league's settings; what decides results stays
put while a season plays, clocks change for the matches created afterwards, and every change is
a public line in the season log with its reason."""

from __future__ import annotations

import pytest
from django.urls import reverse
from django.utils import timezone

from games.league import services
from games.league.models import League, PairingGame, Season, SeasonLog
from games.matches.models import Match
from tests.league.conftest import duel_league_played_with_claim, start_season

pytestmark = pytest.mark.django_db


def _form(league: League, **changes) -> dict:
    """The editor's POST as a browser sends it: every setting as the page shows it."""
    data = {}
    for name in services.LEAGUE_EDITABLE:
        value = getattr(league, name)
        if isinstance(value, bool):
            if value:
                data[name] = "on"
        elif isinstance(value, list):  # the tie-breakers' order: names joined by commas
            data[name] = ",".join(value)
        else:
            data[name] = "" if value is None else str(value)
    data.update(changes)
    return {k: v for k, v in data.items() if v is not None}


@pytest.fixture
def running(organiser, make_user):
    league = duel_league_played_with_claim(organiser, name="Ligue du mardi")
    players = [make_user(f"p{i}") for i in range(4)]
    season = start_season(league, organiser, players)
    return league, season


def test_the_organiser_edits_name_and_rules_and_players_read_why(client, organiser, running):
    league, season = running
    client.force_login(organiser)
    url = reverse("league:league_edit", args=[league.pk])
    page = client.get(url, HTTP_ACCEPT_LANGUAGE="fr").content.decode()
    assert "Modifier la ligue" in page and 'value="Ligue du mardi"' in page
    answer = client.post(
        url,
        _form(
            league, name="Ligue du mercredi", rules_text="Pas de proxy.", reason="Faute de frappe"
        ),
    )
    assert answer.status_code == 302
    league.refresh_from_db()
    assert (league.name, league.rules_text) == ("Ligue du mercredi", "Pas de proxy.")
    entry = SeasonLog.objects.get(season=season, action="league_settings")
    assert entry.actor == organiser and entry.reason == "Faute de frappe"
    client.logout()
    log = client.get(reverse("league:season", args=[season.pk]), HTTP_ACCEPT_LANGUAGE="fr")
    text = log.content.decode()
    assert "Réglages de la ligue modifiés" in text and "Faute de frappe" in text
    assert (
        "Nom : Ligue du mardi → Ligue du mercredi" in text and "Règlement : nouveau texte" in text
    )


def test_the_league_page_links_the_editor_for_organisers_only(client, organiser, make_user):
    league = duel_league_played_with_claim(organiser)
    edit = reverse("league:league_edit", args=[league.pk])
    client.force_login(make_user("curieux"))
    assert edit not in client.get(reverse("league:league", args=[league.pk])).content.decode()
    client.force_login(organiser)
    assert edit in client.get(reverse("league:league", args=[league.pk])).content.decode()


def test_someone_else_is_refused(client, running, make_user):
    league, _season = running
    client.force_login(make_user("intrus"))
    url = reverse("league:league_edit", args=[league.pk])
    assert client.get(url).status_code == 403
    assert client.post(url, _form(league, name="Piratée", reason="x")).status_code == 403
    league.refresh_from_db()
    assert league.name == "Ligue du mardi"
    assert not SeasonLog.objects.filter(action="league_settings").exists()


def test_a_forged_locked_setting_is_refused_while_a_season_runs(client, organiser, running):
    league, _season = running
    client.force_login(organiser)
    url = reverse("league:league_edit", args=[league.pk])
    page = client.get(url, HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert "Locked until the season ends" in page
    assert 'type="hidden" name="points_win"' in page
    answer = client.post(
        url,
        _form(league, name="Autre nom", points_win="3", reason="Plus de points"),
        HTTP_ACCEPT_LANGUAGE="en",
    )
    assert answer.status_code == 400
    assert "Nothing was saved" in answer.content.decode()
    league.refresh_from_db()
    assert (league.name, league.points_win) == ("Ligue du mardi", 1)
    assert not SeasonLog.objects.filter(action="league_settings").exists()


def test_locked_settings_change_between_seasons(client, organiser, running):
    league, season = running
    services.season_close(season=season, actor=organiser)
    client.force_login(organiser)
    url = reverse("league:league_edit", args=[league.pk])
    assert 'type="hidden" name="points_win"' not in client.get(url).content.decode()
    answer = client.post(url, _form(league, points_win="3", division_size="6"))
    assert answer.status_code == 302
    league.refresh_from_db()
    assert (league.points_win, league.division_size) == (3, 6)
    # Logged in the next season (the draft the close prepared), where the change applies; the
    # reason is optional between seasons.
    entry = SeasonLog.objects.get(action="league_settings")
    assert entry.season.number == 2 and entry.season.status == Season.Status.DRAFT
    assert entry.reason == ""
    assert [row[0] for row in entry.data["settings"]] == ["division_size", "points_win"]


def test_a_reason_is_required_while_a_season_runs(client, organiser, running):
    league, _season = running
    client.force_login(organiser)
    url = reverse("league:league_edit", args=[league.pk])
    answer = client.post(url, _form(league, name="Sans raison", reason="  "))
    assert answer.status_code == 400
    league.refresh_from_db()
    assert league.name == "Ligue du mardi"
    assert not SeasonLog.objects.filter(action="league_settings").exists()


def test_saving_without_changes_logs_nothing(client, organiser, running):
    league, _season = running
    client.force_login(organiser)
    url = reverse("league:league_edit", args=[league.pk])
    answer = client.post(url, _form(league, reason="Rien"), HTTP_ACCEPT_LANGUAGE="en", follow=True)
    assert "Nothing changed." in answer.content.decode()
    assert not SeasonLog.objects.filter(action="league_settings").exists()


def test_a_league_without_a_season_is_edited_without_a_log(organiser):
    league = duel_league_played_with_claim(organiser)
    changed = services.league_update(
        league=league, actor=organiser, settings={"name": "Neuve", "points_win": 3}
    )
    assert changed == ["name", "points_win"]
    league.refresh_from_db()
    assert (league.name, league.points_win) == ("Neuve", 3)
    assert not SeasonLog.objects.exists()


def _matches_of_round(season: Season, number: int):
    ids = PairingGame.objects.filter(
        pairing__round__division__season=season, pairing__round__number=number
    ).values("match_id")
    return Match.objects.filter(pk__in=ids)


def test_a_clock_policy_applies_to_matches_created_afterwards(organiser, running):
    league, season = running
    assert league.weekend_pause_allowed and league.vacation_policy == League.Vacation.ALLOWED
    services.league_update(
        league=league,
        actor=organiser,
        settings={"weekend_pause_allowed": False, "vacation_policy": League.Vacation.FORBIDDEN},
        reason="Saison d'hiver",
    )
    first = _matches_of_round(season, 1)
    assert first.exists()
    assert {(m.weekend_pause_allowed, m.vacation_allowed) for m in first} == {(True, True)}
    round_two = season.divisions.get().round_set.get(number=2)
    services.round_publish(round=round_two, actor=organiser, now=timezone.now())
    second = _matches_of_round(season, 2)
    assert second.exists()
    assert {(m.weekend_pause_allowed, m.vacation_allowed) for m in second} == {(False, False)}


def test_a_league_turned_private_takes_its_matches_with_it(client, organiser, running, make_user):
    """A match copies the league's visibility when it is created: switching the league must
    move the matches already made, or a league by invitation leaves them open to anyone."""
    league, season = running
    match = _matches_of_round(season, 1).first()
    visitor = reverse("matches:match", args=[match.pk])
    assert client.get(visitor).status_code == 200
    services.league_update(
        league=league, actor=organiser, settings={"is_public": False}, reason="Ligue de club"
    )
    assert client.get(visitor).status_code == 404
    client.force_login(make_user("curieux"))
    assert client.get(visitor).status_code == 404
    player = match.seats.order_by("index").first().user
    client.force_login(player)
    assert client.get(visitor).status_code == 200
    services.league_update(
        league=league, actor=organiser, settings={"is_public": True}, reason="Ouverte à tous"
    )
    client.logout()
    assert client.get(visitor).status_code == 200


def test_new_points_count_for_later_seasons_and_leave_a_finished_table_as_it_was(
    client, organiser, running, make_user
):
    """Points are read when a table is read (its tie-breakers are computed then): a finished
    season keeps the points it was played with, kept on its divisions at its start."""
    from games.league.tables import division_points

    league, season = running
    division = season.divisions.get()
    services.season_close(season=season, actor=organiser)
    client.force_login(organiser)
    url = reverse("league:league_edit", args=[league.pk])
    assert client.post(url, _form(league, points_win="3", points_draw="1")).status_code == 302
    division.refresh_from_db()
    assert (division_points(division).win, division_points(division).draw) == (1.0, 0.5)
    league.refresh_from_db()
    later = start_season(league, organiser, [make_user(f"q{i}") for i in range(4)])
    later_division = later.divisions.get()
    assert (division_points(later_division).win, division_points(later_division).draw) == (3, 1)
