"""Camouflage markers on the match page (games/engine/infinity/camouflage.py): the other side
and spectators see a "camouflage marker m1" where a Ninja stands, never the Ninja (not in the
page, its htmx partial, the history pages); its owner sees the Ninja, noted as camouflaged; a
player discovers the marker through the page's move endpoint."""

from __future__ import annotations

import pytest

from games.engine.infinity.position import state_from_json
from games.engine.infinity.system import SYSTEM
from games.engine.rng import Rng
from games.matches.models import Match
from tests.infinity_site.positions import (
    PASS,
    corregidor_to_order,
    duel,
    hand_written_match,
    post_move,
    to_order,
    trooper,
)
from tests.infinity_site.test_infinity_site_hidden import client_for, pages, pushed

pytestmark = pytest.mark.django_db


def marker_match(players) -> Match:
    """Corregidor's Alguacil a1 (seat 0, to give an order) five hexes from the JSA's Ninja n1,
    which stands as camouflage marker m1 and lets everything pass; a Keisotsu far off."""
    troopers = [
        trooper("a1", 0, "corregidor.alguacil.combi", [6, 10], 0),
        trooper("a4", 0, "corregidor.alguacil.lt", [1, 13], 0),
        trooper("n1", 1, "jsa.ninja.combi", [6, 5], 3),
        trooper("k3", 1, "jsa.keisotsu.lt", [14, -5], 3),
    ]
    secrets = ({}, {"markers": {"m1": "n1"}, "policies": {"n1": PASS}})
    position = duel(troopers, corregidor_to_order(), hidden=secrets, markers_placed=1)
    return hand_written_match(players, position)


def test_the_other_side_sees_a_marker_where_the_ninja_stands_and_its_owner_the_ninja(
    players, make_user
):
    match = marker_match(players)
    owner = pages(client_for(players[1]), match)
    assert 'data-testid="trooper-n1"' in owner and "camouflaged" in owner
    assert "camouflé" in owner
    for reader in (client_for(players[0]), client_for(make_user("inf_camo")), client_for()):
        html = pages(reader, match)
        assert 'data-testid="marker-m1" data-hex="6,5"' in html
        assert "TO camouflage marker m1" in html or "marqueur de camouflage TO m1" in html
        assert 'data-testid="trooper-n1"' not in html
        assert "ninja" not in html.lower()
        assert "&quot;n1&quot;" not in html and '"n1"' not in html


def _dice_that_find_it(match: Match, moves: list[dict]) -> None:
    """Choose the match's seed so that the Alguacil's Discover roll succeeds (the platform
    rolls with Rng(seed, counter)); the rules decide, the test only picks the dice."""
    state = state_from_json(match.snapshot)
    for n in range(100):
        rng, after, found = Rng(f"camo-{n}", 0), state, False
        for move in moves:
            step = SYSTEM.apply(after, 0, move, rng)
            after, rng = step.state, step.rng
            found |= any(e.kind == "MarkerRevealed" for e in step.events)
        if found:
            match.seed, match.rng_counter = f"camo-{n}", 0
            match.save(update_fields=["seed", "rng_counter"])
            return
    raise AssertionError("no seed finds the marker")


# The Alguacil's order, then its Discover of the marker (nothing more after it): shared with
# the browser test.
ORDER = {"type": "order", "seat": 0, "trooper": "a1"}
DISCOVER = {
    "type": "declare",
    "seat": 0,
    "skill": "discover",
    "trooper": "a1",
    "target": "m1",
    "second": {"skill": "none"},
}


def test_a_player_discovers_the_marker_through_the_match_page(players):
    match = marker_match(players)
    client = client_for(players[0])
    order, discover = ORDER, DISCOVER
    state = state_from_json(match.snapshot)
    after = SYSTEM.apply(state, 0, order, Rng("peek")).state
    legal = SYSTEM.legal_moves(after, 0)
    assert any(m.get("skill") == "discover" and m.get("target") == "m1" for m in legal)
    _dice_that_find_it(match, [order, discover])
    match = post_move(client, match, order)
    match = post_move(client, match, discover)
    assert not state_from_json(match.snapshot).is_marker("n1")
    html = pages(client, match)
    assert 'data-testid="trooper-n1"' in html and 'data-testid="marker-m1"' not in html
    assert "found!" in html or "trouvé" in html


def test_a_moving_marker_stays_a_marker_on_the_page_of_the_side_asked_to_react(players):
    """The Ninja's marker walks into the Alguacil's sight (its player's moves go through the
    platform, so their events are recorded): the Corregidor player, asked to react, reads a
    marker in the log and on the board, and may only look for it."""
    from tests.infinity_site.conftest import submit

    match = marker_match(players)
    data = dict(match.snapshot)
    data["turn"] = to_order(1)
    data["hidden"]["0"]["policies"] = {"a1": PASS | {"on_sight": "ask", "on_template": "ask"}}
    match.snapshot = data
    match.save(update_fields=["snapshot"])
    for move in (
        {"type": "order", "seat": 1, "trooper": "n1"},
        {"type": "declare", "seat": 1, "skill": "move", "path": [[5, 6], [5, 7]]},
    ):
        match = submit(match, players, move)
    state = state_from_json(match.snapshot)
    assert state.turn.pending.kind == "aro" and state.turn.pending.seat == 0
    html = pages(client_for(players[0]), match)
    assert 'data-testid="marker-m1" data-hex="5,7"' in html
    assert "camouflage marker m1 moves" in html or "marqueur camouflé m1 se déplace" in html
    assert "&quot;n1&quot;" not in html and '"n1"' not in html and "ninja" not in html.lower()
    assert " n1 " not in html and ">n1<" not in html
    legal = SYSTEM.legal_moves(state, 0)
    assert {"type": "aro", "seat": 0, "trooper": "a1", "skill": "discover", "target": "m1"} in legal
    for user in (players[0], None):  # what the websocket pushes: the same partials
        found = pushed(match, user, changes=2)
        assert 'data-testid="marker-m1"' in found
        assert '"n1"' not in found and "ninja" not in found.lower()
