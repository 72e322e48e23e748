"""A league organiser decides whether the season's matches let a player's clock stop at
weekends, as they decide about vacation; players read it with the league's policies."""

from __future__ import annotations

import pytest
from django.urls import reverse

from games.league.models import League, PairingGame
from games.matches.models import Match
from tests.league.conftest import duel_league_played_with_claim, start_season

pytestmark = pytest.mark.django_db


def _season_matches(season):
    ids = PairingGame.objects.filter(pairing__round__division__season=season).values("match_id")
    return Match.objects.filter(pk__in=ids)


@pytest.mark.parametrize("allowed", [True, False])
def test_the_seasons_matches_follow_the_league(organiser, make_user, allowed):
    league = duel_league_played_with_claim(organiser, weekend_pause_allowed=allowed)
    players = [make_user(f"p{i}") for i in range(4)]
    season = start_season(league, organiser, players)
    matches = _season_matches(season)
    assert matches.exists()
    assert {m.weekend_pause_allowed for m in matches} == {allowed}


def test_a_new_league_allows_it_unless_the_organiser_unticks_it(client, make_user):
    client.force_login(make_user("fondatrice"))
    form = {
        "name": "Ligue du samedi",
        "preset": "neuroduel",
        "system": "neuroshima",
        "default_format": "rr1",
        "default_swiss_rounds": 5,
        "division_size": 8,
        "is_public": "on",
        "vacation_policy": "allowed",
        "withdrawal_policy": "forfeit_remaining",
    }
    page = client.get(reverse("league:league_new"), HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert 'name="weekend_pause_allowed"' in page and "Weekend pause allowed" in page
    client.post(reverse("league:league_new"), form)  # the box left unticked
    league = League.objects.get(name="Ligue du samedi")
    assert league.weekend_pause_allowed is False
    client.post(reverse("league:league_new"), {**form, "name": "L2", "weekend_pause_allowed": "on"})
    assert League.objects.get(name="L2").weekend_pause_allowed is True


@pytest.mark.parametrize(
    ("allowed", "en", "fr"),
    [
        (True, "A player's clock may stop at weekends", "L’horloge d’un joueur peut s’arrêter"),
        (False, "Clocks run at weekends too", "Les horloges tournent aussi le week-end"),
    ],
)
def test_the_league_page_says_it_with_the_policies(client, organiser, allowed, en, fr):
    league = duel_league_played_with_claim(organiser, weekend_pause_allowed=allowed)
    url = reverse("league:league", args=[league.pk])
    assert en in client.get(url, HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert fr in client.get(url, HTTP_ACCEPT_LANGUAGE="fr").content.decode()
