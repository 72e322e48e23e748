"""Berserk (tier 2; M: the later editions' Berserk attack, the text names the skill for the
Domaru and the 45th Highlanders): a close combat attack at CC +9 (the text's i-Kohl example) where nothing is face to face:
both sides roll Normal, so both may hit; a dodge does not stop it."""

import pytest
from infh import alguacil, aro, declare, of, order, position, run, trooper

from games.engine.infinity.legal import legal_moves
from games.engine.protocol import IllegalMove


def in_contact(active=1):
    return position(
        [trooper("d1", 1, "jsa.domaru.chain", (5, 6), 3), alguacil("a1", (5, 7))],
        active=active,
        orders={active: {"regular": 2}},
    )


def test_a_berserk_attack_and_the_answer_are_normal_rolls_so_both_may_hit():
    state, events = run(
        in_contact(),
        [
            order(1, "d1"),
            declare(1, "cc_attack", target="a1", berserk=True),
            aro(0, "a1", "cc_attack", target="d1"),
            declare(1, "none"),
        ],
        dice={"d1.cc": [3], "a1.cc": [2], "a1.arm": [1], "d1.arm": [1], "d1.guts": [1]},
    )
    contests = {(c["attacker"], c["target"]): c for c in of(events, "Contest")}
    # Domaru CC 19 + 9 = 28 (the text's +9, i-Kohl example): every roll succeeds (N2 above 20).
    assert contests["d1", "a1"]["sv"] == 28 and contests["d1", "a1"]["mods"] == {"berserk": 9}
    assert contests["d1", "a1"]["opposed"] == "none" and contests["d1", "a1"]["hits"] == 1
    assert contests["a1", "d1"]["opposed"] == "none" and contests["a1", "d1"]["hits"] == 1
    assert state.trooper("a1").state == "unconscious" and state.trooper("d1").wounds == 1


def test_without_berserk_the_same_exchange_is_face_to_face():
    state, events = run(
        in_contact(),
        [
            order(1, "d1"),
            declare(1, "cc_attack", target="a1"),
            aro(0, "a1", "cc_attack", target="d1"),
            declare(1, "none"),
        ],
        dice={"d1.cc": [12], "a1.cc": [2], "a1.arm": [1]},
    )
    contests = {(c["attacker"], c["target"]): c for c in of(events, "Contest")}
    assert contests["a1", "d1"]["opposed"] == "attack" and contests["a1", "d1"]["hits"] == 0


def test_only_a_berserker_attacks_berserk_and_it_is_offered():
    with pytest.raises(IllegalMove) as err:
        run(
            in_contact(active=0),
            [order(0, "a1"), declare(0, "cc_attack", target="d1", berserk=True)],
        )
    assert err.value.code == "skill_not_allowed"
    state, _ = run(in_contact(), [order(1, "d1")])
    assert any(m.get("berserk") for m in legal_moves(state, 1))
