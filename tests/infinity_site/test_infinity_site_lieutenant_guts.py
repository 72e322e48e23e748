"""The Lieutenant special order spent on a failed Guts roll, on the match page: offered beside the
cover hexes, accepted, and a forged one (no order left) refused with nothing changed."""

from __future__ import annotations

import json

import pytest
from django.test import Client

from games.engine.infinity.ctx import Ctx
from games.engine.infinity.dice import Dice
from games.engine.infinity.moves import decode
from games.engine.infinity.position import state_from_json, state_to_json
from games.engine.infinity.rules import play as play_move
from games.matches.models import Match
from tests.infinity_site.conftest import acting
from tests.infinity_site.positions import corregidor_to_order, duel, trooper

pytestmark = pytest.mark.django_db
STAND = {"type": "guts", "seat": 0, "trooper": "a1", "lieutenant": True}


def shaken(match: Match, lieutenant_orders: int = 1) -> Match:
    """The Alguacil a1 moved, a Keisotsu shot it in ARO, it saved and lost its nerve: seat 0
    chooses where it takes cover."""

    troopers = [
        trooper("a1", 0, "corregidor.alguacil.combi", [5, 11], 0),
        trooper("a4", 0, "corregidor.alguacil.lt", [1, 14], 0),
        trooper("k1", 1, "jsa.keisotsu.combi", [5, 5], 3),
        trooper("k3", 1, "jsa.keisotsu.lt", [12, 1], 0),
    ]
    buildings = [{"hex": [4, 10], "kind": "building"}, {"hex": [6, 9], "kind": "building"}]
    turn = corregidor_to_order(lieutenant_orders)
    data = duel(troopers, turn, reactions="ask", points=(154, 152), scenery=buildings)
    dice = Dice(forced={"k1.bs": [1], "a1.arm": [20], "a1.guts": [20]})
    ctx = Ctx(state_from_json(data), dice)
    for move in (
        {"type": "order", "seat": 0, "trooper": "a1"},
        {"type": "declare", "seat": 0, "skill": "move", "path": [[5, 10]]},
        {
            "type": "aro",
            "seat": 1,
            "trooper": "k1",
            "skill": "bs_attack",
            "weapon": "combi_rifle",
            "target": "a1",
        },
        {"type": "declare", "seat": 0, "skill": "none"},
    ):
        play_move(ctx, move["seat"], decode(move))
    assert ctx.state.turn.pending.kind == "guts"
    match.snapshot = state_to_json(ctx.state)
    match.save(update_fields=["snapshot"])
    return match


def client_for(user) -> Client:
    c = Client()
    c.force_login(user)
    return c


def post(match, user, move):
    return client_for(user).post(
        f"/m/{match.pk}/move", {"move": json.dumps(move), "expected_version": match.version}
    )


def test_the_lieutenant_order_is_offered_beside_the_cover_and_accepted(new_match, players):
    match = shaken(new_match())
    html = client_for(players[0]).get(f"/m/{match.pk}/", HTTP_ACCEPT_LANGUAGE="en")
    text = html.content.decode()
    assert "spend the Lieutenant special order" in text and 'data-testid="confirm-move"' in text
    french = client_for(players[0]).get(f"/m/{match.pk}/", HTTP_ACCEPT_LANGUAGE="fr")
    assert "Ordre Spécial du Lieutenant" in french.content.decode()
    response = post(match, players[0], STAND)
    assert response.status_code == 302
    match.refresh_from_db()
    _, state, seat = acting(match)
    assert seat == 0 and state.turn.pending.kind == "order"
    assert state.trooper("a1").hex == (5, 10) and state.turn.orders[0].lieutenant == 0


def test_a_forged_lieutenant_order_is_refused_and_changes_nothing(new_match, players):
    match = shaken(new_match(), lieutenant_orders=0)
    before = (match.version, match.snapshot)
    response = post(match, players[0], STAND)
    assert response.status_code == 400
    match.refresh_from_db()
    assert (match.version, match.snapshot) == before
    # and the other seat may not play it at all
    response = post(match, players[1], {**STAND, "seat": 1})
    assert response.status_code == 400
    match.refresh_from_db()
    assert (match.version, match.snapshot) == before
