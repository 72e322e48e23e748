"""The Infinity coach's box on the match page over HTTP: a new player who must decide sees the
tips of that decision (« Conseils de jeu »: automatic for their first matches of the game), with
the rules page's section a link away; not with the setting « Jamais », never a spectator, never
once the match is over; and the box tells one side nothing of the other's secrets."""

from __future__ import annotations

import pytest
from django.test import Client

from games.accounts.models import Profile
from games.infinity_site.coach import RULES_SECTIONS
from games.matches import services
from tests.fixtures import client_for, coach_box, match_state, set_profile
from tests.infinity_site.conftest import (
    HIDDEN,
    acting,
    choose_set_up,
    deployed_match,
    reaction_window,
)

pytestmark = pytest.mark.django_db


def _page(user, match, language="en") -> str:
    return client_for(user, language=language).get(f"/m/{match.pk}/").content.decode()


def test_the_player_deciding_sees_the_tips_with_links_to_the_rules(new_match, players):
    match = new_match()
    _, _, winner = acting(match)  # the roll-off's winner chooses first or second
    html = _page(players[winner], match)
    box = coach_box(html)
    assert 'data-testid="tip-initiative"' in box and 'data-testid="hide-tips"' in box
    assert 'href="/infinity/rules/#setup"' in box and "Rules: Setting up" in box
    assert html.index('data-testid="decision-prompt"') < html.index('data-testid="coach"')
    assert 'data-testid="coach"' not in _page(players[1 - winner], match)  # no choice of theirs
    match = choose_set_up(match, players, first=winner)
    box = coach_box(_page(players[winner], match, language="fr"))
    assert 'data-testid="tip-deploy"' in box and 'data-testid="tip-lieutenant"' in box
    assert "Règles : Mise en place" in box and "Règles : Le Lieutenant" in box
    rules = Client().get("/infinity/rules/").content.decode()
    for section in RULES_SECTIONS:
        assert f'id="{section}"' in rules


def test_no_box_with_the_setting_never_for_a_spectator_or_once_the_match_is_over(
    new_match, players, make_user
):
    match = new_match()
    _, _, winner = acting(match)
    set_profile(players[winner], game_tips=Profile.GameTips.NEVER)
    assert 'data-testid="coach"' not in _page(players[winner], match)
    set_profile(players[winner], game_tips=Profile.GameTips.AUTO, finished_matches={"infinity": 3})
    assert 'data-testid="coach"' not in _page(players[winner], match)  # no longer new
    set_profile(players[winner], game_tips=Profile.GameTips.ALWAYS)
    assert 'data-testid="coach"' in _page(players[winner], match)
    watcher = make_user("inf_watcher")
    set_profile(watcher, game_tips=Profile.GameTips.ALWAYS)
    assert 'data-testid="coach"' not in _page(watcher, match)
    assert 'data-testid="coach"' not in Client().get(f"/m/{match.pk}/").content.decode()
    services.match_resign(match_id=match.pk, user=players[1 - winner])
    assert 'data-testid="coach"' not in _page(players[winner], match)


def test_a_reaction_asked_is_explained_to_the_reacting_side_only(new_match, players):
    match = reaction_window(new_match())
    box = coach_box(_page(players[1], match))
    assert 'data-testid="tip-aro"' in box and 'data-testid="tip-policies"' in box
    assert "Alguacil (HMG)" in box and 'href="/infinity/rules/#reactions"' in box
    assert 'data-testid="coach"' not in _page(players[0], match)


def test_the_box_tells_one_side_nothing_of_the_others_lieutenant(players):
    """With everybody deployed (the JSA hiding a Domaru) the Corregidor gives its orders: its
    box names its own Lieutenant nowhere near the JSA's, and stays the same when the JSA's
    secrets (its Lieutenant, its standing reactions, its hidden Domaru's hex) are changed."""
    from games.engine.infinity.position import state_to_json

    match = deployed_match(players)
    before = coach_box(_page(players[0], match))
    assert 'data-testid="tip-orders"' in before
    assert "Keisotsu (Combi) k3" not in before
    _, state = match_state(match)
    data = state_to_json(state)
    k1 = next(t for t in data["troopers"] if t["id"] == "k1")
    k3 = next(t for t in data["troopers"] if t["id"] == "k3")
    k1["profile"], k3["profile"] = k3["profile"], k1["profile"]
    data["hidden"]["1"]["lieutenant"] = "k1"
    for policy in data["hidden"]["1"]["policies"].values():
        policy.update(on_sight="pass", on_template="pass")
    taken = {tuple(t["hex"]) for t in data["troopers"] if t["hex"]}
    taken |= {tuple(s["hex"]) for s in data["scenery"]}
    hidden = next(t for t in data["troopers"] if t["id"] == HIDDEN)
    hidden["hex"] = next(
        [q, row - q // 2]
        for q in range(data["board"]["cols"])
        for row in range(6)
        if (q, row - q // 2) not in taken
    )
    match.snapshot = data
    match.save(update_fields=["snapshot"])
    assert coach_box(_page(players[0], match)) == before
