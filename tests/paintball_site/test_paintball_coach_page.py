"""The paintball coach's box on the match page over HTTP: a new player sees the tips of the step
in front of them (« Conseils de jeu »: automatic for their first matches of the game), each a
link to its section of the rules page; not with the setting « Jamais », never a spectator or a
visitor, never while only the other team has something to do, never once the match is over; and
the box never tells the other team's secret deployment."""

from __future__ import annotations

import re

import pytest
from django.test import Client

from games.accounts.models import Profile
from games.matches import services
from tests.fixtures import client_for, coach_box, match_state, set_profile, submit

pytestmark = pytest.mark.django_db


def _page(user, match, language: str = "en") -> str:
    return client_for(user, language).get(f"/m/{match.pk}/").content.decode()


def _deploy_both(match, players) -> None:
    for seat in (0, 1):
        system, state = match_state(match)
        submit(match, players[seat], system.legal_moves(state, seat)[0])


def test_a_new_player_sees_the_deployment_tips_linked_to_the_rules(new_match, players):
    match = new_match()
    box = coach_box(_page(players[0], match))
    assert 'data-testid="tip-deploy"' in box and 'data-testid="tip-goal"' in box
    assert 'data-testid="hide-tips"' in box
    assert 'href="/paintball/rules/#deploy"' in box and "Rules: Deployment" in box
    assert 'href="/paintball/rules/#scenarios"' in box
    french = coach_box(_page(players[1], match, "fr"))
    assert "Règles : Déploiement" in french and "zone de départ" in french
    rules = client_for(players[0]).get("/paintball/rules/").content.decode()
    assert 'id="deploy"' in rules and 'id="scenarios"' in rules


def test_the_team_that_plays_sees_the_turns_tips_and_the_waiting_team_none(new_match, players):
    match = new_match()
    _deploy_both(match, players)
    system, state = match_state(match)
    first = system.to_act(state)[0]
    box = coach_box(_page(players[first], match))
    assert 'data-testid="tip-activations"' in box and 'data-testid="tip-move"' in box
    assert 'href="/paintball/rules/#turn"' in box
    assert 'data-testid="coach"' not in _page(players[1 - first], match)


def test_no_box_with_the_setting_never_after_three_matches_for_a_spectator_or_once_over(
    new_match, players, make_user
):
    match = new_match()
    set_profile(players[0], game_tips=Profile.GameTips.NEVER)
    assert 'data-testid="coach"' not in _page(players[0], match)
    assert 'data-testid="coach"' in _page(players[1], match)  # only their own setting
    # Automatic: for the first three finished matches of paintball, whatever the other games.
    set_profile(players[1], finished_matches={"paintball": 3, "neuroshima": 0})
    assert 'data-testid="coach"' not in _page(players[1], match)
    set_profile(players[1], finished_matches={"paintball": 2, "neuroshima": 9})
    assert 'data-testid="coach"' in _page(players[1], match)
    watcher = make_user("pb_watcher")
    set_profile(watcher, game_tips=Profile.GameTips.ALWAYS)
    assert 'data-testid="coach"' not in _page(watcher, match)
    assert 'data-testid="coach"' not in Client().get(f"/m/{match.pk}/").content.decode()
    services.match_resign(match_id=match.pk, user=players[0])
    assert 'data-testid="coach"' not in _page(players[1], match)


def test_the_box_never_tells_the_other_teams_secret_deployment(new_match, players):
    """Both teams deploy at once, in secret. Blue's box is the same before and after Red's
    deployment, whichever Red sent: it is drawn from Blue's own view, which hides it."""
    boxes = []
    for index in (0, 1):
        match = new_match()
        before = coach_box(_page(players[1], match))
        system, state = match_state(match)
        submit(match, players[0], system.legal_moves(state, 0)[index])
        match.refresh_from_db()
        assert match.snapshot["submissions"]["red"]  # the secret is stored...
        after = coach_box(_page(players[1], match))
        assert 'data-testid="tip-deploy"' in after
        assert after == before  # ...and Blue's box is unchanged
        boxes.append(re.sub(r"/m/\d+/", "/m/N/", after))  # two matches: two addresses
    assert boxes[0] == boxes[1]
