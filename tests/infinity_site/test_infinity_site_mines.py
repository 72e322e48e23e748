"""Mines on the match page (games/engine/infinity/mines.py): the player deploying a Minelayer
lays its mine through the page's move endpoint; its owner sees its mine, said to look like a
camouflage marker to the enemy; the other side and spectators see a camouflage marker and
nothing of a mine (page, htmx partial, history, push). The Minelayer is the placeholder
`test.minelayer` (none of our two sectorials has one), so the match is written by hand."""

from __future__ import annotations

import json

import pytest

from games.engine.infinity.position import state_from_json
from games.matches.models import Match
from tests.infinity_site.positions import DEPLOYING_JSA, duel_match, post_move, trooper
from tests.infinity_site.test_infinity_site_hidden import client_for, pages, pushed

pytestmark = pytest.mark.django_db

LAY = {"type": "lay_mine", "seat": 1, "trooper": "l1", "hex": [6, 5]}


def laying_match(players) -> Match:
    """Corregidor deployed; the JSA's Lieutenant k3 and its Minelayer l1 on the table, the JSA
    still deploying."""
    troopers = [
        trooper("a2", 0, "corregidor.alguacil.combi", [6, 10], 0),
        trooper("a4", 0, "corregidor.alguacil.lt", [1, 13], 0),
        trooper("k3", 1, "jsa.keisotsu.lt", [14, -5], 3),
        trooper("l1", 1, "test.minelayer", [6, 2], 3),
    ]
    return duel_match(players, troopers, DEPLOYING_JSA)


def test_the_minelayers_player_is_asked_to_lay_its_mine_and_lays_it(players, make_user):
    match = laying_match(players)
    owner = client_for(players[1])
    page = owner.get(f"/m/{match.pk}/", HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert "Lay the mine of" in page and 'data-pick="6,5"' in page
    french = owner.get(f"/m/{match.pk}/", HTTP_ACCEPT_LANGUAGE="fr").content.decode()
    assert "pose sa mine : choisissez" in french
    match = post_move(owner, match, LAY)
    assert state_from_json(match.snapshot).hidden[1].mines
    mine_page = pages(owner, match)
    assert 'data-testid="mine-m1" data-hex="6,5"' in mine_page
    assert "a camouflage marker to the enemy" in mine_page or "un marqueur camouflé" in mine_page
    for reader in (client_for(players[0]), client_for(make_user("inf_mines")), client_for()):
        html = pages(reader, match)
        assert 'data-testid="marker-m1" data-hex="6,5"' in html
        assert 'data-testid="mine-m1"' not in html and "mine m1" not in html.lower()
        assert "&quot;mine&quot;" not in html and '"mine"' not in html
        assert "&quot;layer&quot;" not in html and '"layer"' not in html
    for user in (players[0], None):  # what the websocket pushes: the same partials
        found = pushed(match, user)
        assert 'data-testid="marker-m1"' in found and "mine m1" not in found.lower()


def test_a_mine_laid_elsewhere_than_its_zoc_is_refused_and_nothing_changes(players):
    match = laying_match(players)
    before = json.dumps(match.snapshot, sort_keys=True)
    response = client_for(players[1]).post(
        f"/m/{match.pk}/move",
        {"move": json.dumps(LAY | {"hex": [6, 9]}), "expected_version": match.version},
        HTTP_HX_REQUEST="true",
    )
    assert response.status_code in (200, 400, 409)
    match.refresh_from_db()
    assert json.dumps(match.snapshot, sort_keys=True) == before
