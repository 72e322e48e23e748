"""Re-camouflage on the match page (games/engine/infinity/camouflage.py, `recamouflage`): the
Ninja, shown, spends an order out of sight and stands again as a marker under a new id. Its
player is offered it in their words; the other side and spectators then see a marker appear
(« un marqueur camouflé m2 apparaît ») in the page, its htmx partial, the history pages and the
websocket's partials, never which trooper it is."""

from __future__ import annotations

import re

import pytest

from games.engine.infinity.position import state_from_json
from games.engine.infinity.system import SYSTEM
from games.matches.models import Match
from tests.infinity_site.conftest import submit
from tests.infinity_site.positions import PASS, to_order
from tests.infinity_site.test_infinity_site_camouflage import marker_match
from tests.infinity_site.test_infinity_site_hidden import client_for, pages, pushed

pytestmark = pytest.mark.django_db

HIDE = [
    {"type": "order", "seat": 1, "trooper": "n1"},
    {"type": "declare", "seat": 1, "skill": "recamouflage", "trooper": "n1"},
]


def shown_ninja_match(players) -> Match:
    """marker_match's table, the Ninja n1 shown (it was m1) behind a building, the JSA to act."""
    match = marker_match(players)
    data = dict(match.snapshot)
    data["scenery"] = [{"hex": [6, 7], "kind": "building"}]
    data["troopers"] = [t | {"facing": 3} if t["id"] == "a4" else t for t in data["troopers"]]
    data["turn"] = to_order(1)
    data["hidden"]["1"]["markers"] = {}
    data["hidden"]["0"]["policies"] = {"a1": PASS, "a4": PASS}
    match.snapshot = data
    match.save(update_fields=["snapshot"])
    return match


def test_its_player_is_offered_to_camouflage_again_in_their_words(players):
    match = shown_ninja_match(players)
    match = submit(match, players, HIDE[0])
    assert HIDE[1] in SYSTEM.legal_moves(state_from_json(match.snapshot), 1)
    client = client_for(players[1])
    html = "".join(  # the choice at the Ninja's own hex, as a click there offers it
        client.get(
            f"/m/{match.pk}/?spot=6,5&opt=4.recamo", HTTP_ACCEPT_LANGUAGE=language
        ).content.decode()
        for language in ("en", "fr")
    )
    assert (
        "n1 camouflages again, out of every enemy&#x27;s sight" in html
        and "n1 se camoufle à nouveau, hors de la vue de tout ennemi" in html
    )


def test_the_other_side_sees_a_new_marker_appear_and_never_whose(players, make_user):
    match = shown_ninja_match(players)
    before = pages(client_for(players[0]), match)
    assert 'data-testid="trooper-n1" data-hex="6,5"' in before
    for move in HIDE:
        match = submit(match, players, move)
    assert state_from_json(match.snapshot).hidden[1].markers == (("m2", "n1"),)
    owner = pages(client_for(players[1]), match)
    assert 'data-testid="trooper-n1"' in owner
    # A TO marker (the Ninja's), named as the board names it.
    assert "n1 se camoufle à nouveau : marqueur camouflé TO m2 pour l&#x27;ennemi" in owner
    for reader in (client_for(players[0]), client_for(make_user("inf_recamo")), client_for()):
        html = pages(reader, match)
        assert 'data-testid="marker-m2" data-hex="6,5"' in html
        assert "Un marqueur camouflé TO m2 apparaît, hors de vue." in html
        assert "A TO camouflage marker m2 appears, out of sight." in html
        assert 'data-testid="trooper-n1"' not in html
        # no sentence nor data pairs the Ninja with its new marker
        assert not re.search(r"n1[^<]{0,80}m2|m2[^<]{0,80}n1", html)
        assert "camouflages again: " not in html and "se camoufle à nouveau :" not in html
    for user in (players[0], None):  # what the websocket pushes: the same partials
        found = pushed(match, user, changes=2)
        assert 'data-testid="marker-m2"' in found
        assert not re.search(r"n1[^<]{0,80}m2|m2[^<]{0,80}n1", found)
        assert 'data-testid="trooper-n1"' not in found
