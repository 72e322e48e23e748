"""The skirmish coach's box on the match page over HTTP: a new player sees the tips of the step
in front of them (« Conseils de jeu »: automatic for their first matches of the game), with the
rules page's section a link away; not with the setting « Jamais », never a spectator, never once
the battle is over; and the box never tells the other side's secret orders."""

from __future__ import annotations

import pytest
from django.test import Client

from games.accounts.models import Profile
from games.matches import services
from tests.fixtures import client_for, coach_box, match_state, set_profile
from tests.fixtures import play_random as play

pytestmark = pytest.mark.django_db


def _page(user, match) -> str:
    return client_for(user).get(f"/m/{match.pk}/").content.decode()


def test_a_new_player_sees_the_step_tips_with_a_link_to_the_rules(new_match, players):
    match = new_match()
    _, state = match_state(match)
    chooser = state.pending.seat  # who sets up the terrain
    box = coach_box(_page(players[chooser], match))
    assert 'data-testid="tip-terrain"' in box and 'data-testid="hide-tips"' in box
    assert 'href="/skirmish/rules/#setup"' in box
    other = coach_box(_page(players[1 - chooser], match))
    assert 'data-testid="tip-scenario"' in other and 'data-testid="tip-terrain"' not in other
    html = client_for(players[chooser]).get("/skirmish/rules/").content.decode()
    assert 'id="setup"' in html


def test_no_box_with_the_setting_never_for_a_spectator_or_once_the_battle_is_over(
    new_match, players, make_user
):
    match = new_match()
    set_profile(players[0], game_tips=Profile.GameTips.NEVER)
    assert 'data-testid="coach"' not in _page(players[0], match)
    assert 'data-testid="coach"' in _page(players[1], match)  # only their own setting
    watcher = make_user("sk_watcher")
    set_profile(watcher, game_tips=Profile.GameTips.ALWAYS)
    assert 'data-testid="coach"' not in _page(watcher, match)
    assert 'data-testid="coach"' not in Client().get(f"/m/{match.pk}/").content.decode()
    # The last turns: the waiting side is told so; once red resigns, nobody gets a box.
    play(match, players, 600, seed=3, until=lambda s: s.turn >= 5 and s.phase == "movement")
    assert 'data-testid="tip-last-turns"' in _page(players[1], match)
    services.match_resign(match_id=match.pk, user=players[0])
    assert 'data-testid="coach"' not in _page(players[1], match)


def test_the_box_in_a_battle_never_tells_the_other_sides_orders(new_match, players):
    """Played to an aimed-fire step where both sides must decide; red sends orders. Blue's box
    (the aimed-fire lesson) is the same before and after: it is drawn from blue's own view,
    which holds no red order until the reveal."""
    match = new_match()
    until = lambda s: s.phase == "aimed_fire" and not any(s.submitted)  # noqa: E731
    play(match, players, 400, seed=11, until=until)
    system, state = match_state(match)
    before = coach_box(_page(players[1], match))
    assert 'data-testid="tip-aimed-fire"' in before
    assert 'href="/skirmish/rules/#aimed-fire"' in before
    orders = next(
        m for m in system.legal_moves(state, 0) if m["type"] == "aimed_orders" and m["orders"]
    )
    services.match_submit_move(
        match_id=match.pk, user=players[0], move_data=orders, expected_version=match.version
    )
    match.refresh_from_db()
    assert match.snapshot["orders"]["red"]  # the secret is stored...
    assert coach_box(_page(players[1], match)) == before  # ...and blue's box is unchanged
