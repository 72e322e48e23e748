"""Retreat!'s flight and G: Servant's treatment on the match page: picked through the board's
pick forms (the trooper's hex, then the option), confirmed, accepted; a forged one refused with
nothing changed."""

from __future__ import annotations

import json

import pytest
from django.test import Client

from games.engine.infinity.ctx import Ctx
from games.engine.infinity.dice import Dice
from games.engine.infinity.moves import decode
from games.engine.infinity.position import state_from_json, state_to_json
from games.engine.infinity.rules import play as play_move
from games.hexboard.keys import hex_key
from games.matches.models import Match
from tests.infinity_site.conftest import acting

pytestmark = pytest.mark.django_db


def trooper(tid, seat, profile, hex_, facing=0, **extra):
    return {"id": tid, "seat": seat, "profile": profile, "hex": hex_, "facing": facing, **extra}


def put(match: Match, troopers, orders, moves, retreat=False) -> Match:
    data = {
        "board": {"cols": 16, "rows": 16, "name": "small"},
        "options": {"reactions": "auto"},
        "seats": [
            {"seat": 0, "army": "yujing", "sectorial": None, "army_points": 60, "retreat": retreat},
            {"seat": 1, "army": "yujing", "sectorial": "jsa", "army_points": 152},
        ],
        "troopers": troopers,
        "turn": {
            "phase": "active",
            "orders": {"0": orders},
            "pending": {"seat": 0, "kind": "order"},
        },
        "hidden": {"0": {"lieutenant": None}, "1": {"lieutenant": "k3"}},
    }
    ctx = Ctx(state_from_json(data), Dice(forced={}))
    for move in moves:
        play_move(ctx, 0, decode(move))
    match.snapshot = state_to_json(ctx.state)
    match.save(update_fields=["snapshot"])
    return match


def fleeing(match, hex_=(5, 13)):
    return put(
        match,
        [
            trooper("a1", 0, "corregidor.alguacil.combi", list(hex_)),
            trooper("a2", 0, "corregidor.alguacil.combi", [9, 8], state="dead", wounds=2),
            trooper("k3", 1, "jsa.keisotsu.lt", [12, 1]),
        ],
        {"impetuous": {"a1": 1}},
        [{"type": "order", "seat": 0, "trooper": "a1", "kind": "impetuous"}],
        retreat=True,
    )


def client_for(user) -> Client:
    c = Client()
    c.force_login(user)
    return c


def post(match, user, move):
    return client_for(user).post(
        f"/m/{match.pk}/move", {"move": json.dumps(move), "expected_version": match.version}
    )


WITHDRAW = {"type": "declare", "seat": 0, "skill": "withdraw", "trooper": "a1"}


def test_fleeing_by_the_table_edge_is_offered_on_the_board_and_accepted(new_match, players):
    match = fleeing(new_match())
    spot = hex_key((5, 13))
    html = client_for(players[0]).get(
        f"/m/{match.pk}/?spot={spot}&opt=4.withdraw", HTTP_ACCEPT_LANGUAGE="en"
    )
    text = html.content.decode()
    assert "flees the battlefield" in text and 'data-testid="confirm-move"' in text
    assert post(match, players[0], {**WITHDRAW, "second": {"skill": "none"}}).status_code == 302
    match.refresh_from_db()
    _, state, _ = acting(match)
    assert state.trooper("a1").state == "withdrawn" and state.trooper("a1").hex is None


def test_fleeing_off_the_edge_is_refused_and_changes_nothing(new_match, players):
    match = fleeing(new_match(), hex_=(5, 11))
    before = (match.version, match.snapshot)
    assert post(match, players[0], WITHDRAW).status_code == 400
    match.refresh_from_db()
    assert (match.version, match.snapshot) == before


def servant(match, yaozao=(8, 7)):
    return put(
        match,
        [
            trooper("z1", 0, "yujing.zhanshi.doctor", [2, 12]),
            trooper("y1", 0, "yujing.yaozao.servant", list(yaozao), controller="z1"),
            trooper("p1", 0, "yujing.zhanshi.doctor", [8, 6], state="unconscious", wounds=1),
            trooper("k3", 1, "jsa.keisotsu.lt", [14, 1]),
        ],
        {"regular": 1},
        [{"type": "order", "seat": 0, "trooper": "z1"}],
    )


HEAL = {"type": "declare", "seat": 0, "skill": "heal", "trooper": "y1", "target": "p1"}


def test_the_servants_treatment_is_picked_at_the_patient_and_accepted(new_match, players):
    match = servant(new_match())
    spot = hex_key((8, 6))
    html = client_for(players[0]).get(
        f"/m/{match.pk}/?spot={spot}&opt=3.heal.p1.y1", HTTP_ACCEPT_LANGUAGE="en"
    )
    text = html.content.decode()
    # Named by their own profiles, as the board names them (p1 is no starter's).
    assert (
        "Yáozăo (G: Servant) y1 treats Zhanshi (Doctor) p1." in text
        and 'data-testid="confirm-move"' in text
    )
    assert post(match, players[0], {**HEAL, "second": {"skill": "none"}}).status_code == 302
    match.refresh_from_db()
    assert match.version > 1


def test_a_servant_out_of_contact_cannot_treat(new_match, players):
    match = servant(new_match(), yaozao=(8, 10))
    before = (match.version, match.snapshot)
    assert post(match, players[0], HEAL).status_code == 400
    match.refresh_from_db()
    assert (match.version, match.snapshot) == before


def test_a_carrier_deployed_from_the_page_brings_its_koalas_drawn_on_the_board(new_match, players):
    data = {
        "board": {"cols": 16, "rows": 16, "name": "small"},
        "seats": [
            {"seat": 0, "army": "nomads", "sectorial": None, "army_points": 25},
            {"seat": 1, "army": "yujing", "sectorial": None, "army_points": 10},
        ],
        "troopers": [
            trooper("m1", 0, "nomads.moran.crazykoala", None),
            trooper("w1", 1, "yujing.zhanshi.combi", [5, 2], 3),
        ],
        "turn": {"phase": "deployment", "pending": {"seat": 0, "kind": "deploy"}},
        "hidden": {"0": {"lieutenant": "m1"}, "1": {"lieutenant": "w1"}},
    }
    match = new_match()
    match.snapshot = state_to_json(state_from_json(data))
    match.save(update_fields=["snapshot"])
    move = {"type": "deploy", "seat": 0, "trooper": "m1", "hex": [5, 12], "facing": 0}
    assert post(match, players[0], move).status_code == 302
    match.refresh_from_db()
    html = client_for(players[1]).get(f"/m/{match.pk}/", HTTP_ACCEPT_LANGUAGE="en")
    text = html.content.decode()
    assert 'data-testid="koala-m1.k1"' in text and 'data-testid="koala-m1.k2"' in text
    forged = {**move, "koalas": [[5, 3]]}  # beside the enemy, out of its ZoC
    match.snapshot = state_to_json(state_from_json(data))
    match.save(update_fields=["snapshot"])
    before = (match.version, match.snapshot)
    assert post(match, players[0], forged).status_code == 400
    match.refresh_from_db()
    assert (match.version, match.snapshot) == before
