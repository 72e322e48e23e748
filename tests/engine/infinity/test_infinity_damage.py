"""Saves, wounds and states (spec B.10, B.11): d20 + ARM above DAM saves, AP halves ARM, DA and
EXP roll more saves, Fire burns on, criticals wound with no save, Partial Cover adds 3 against
shots, Unconscious at W wounds and Dead beyond; then Guts."""

import pytest
from infh import alguacil, declare, keisotsu, of, order, position, run, shaken, shoot, trooper

from games.engine.infinity.ctx import Ctx
from games.engine.infinity.damage import Hit, apply_hits
from games.engine.infinity.dice import Dice
from games.engine.infinity.position import state_from_json
from games.engine.infinity.system import SYSTEM


def _hit(ammo="N", dam=13, critical=False, cc=False, victim="k1", origin=(5, 11)):
    return Hit(victim, "a1", "combi_rifle", ammo, dam, critical, cc, origin)


def _saves(hits, dice, troopers=None, scenery=()):
    data = position(troopers or [alguacil("a1", (5, 11)), keisotsu("k1", (5, 5))], scenery=scenery)
    ctx = Ctx(state_from_json(data), Dice(forced=dice))
    saved = apply_hits(ctx, hits)
    assert not ctx.dice.unused()
    return ctx.state, [e.data for e in ctx.events if e.kind == "SaveRolled"], saved


def test_a_save_passes_when_the_die_plus_arm_beats_the_damage():
    state, events, saved = _saves([_hit(dam=13)], {"k1.arm": [13]})  # 13 + 1 > 13
    assert state.trooper("k1").state == "normal" and saved == {"k1"}
    state, events, _ = _saves([_hit(dam=13)], {"k1.arm": [12]})  # 12 + 1 = 13: failed
    assert state.trooper("k1").state == "unconscious" and state.trooper("k1").wounds == 1


def test_a_critical_wounds_with_no_save():
    state, events, saved = _saves([_hit(critical=True)], {})
    assert state.trooper("k1").state == "unconscious" and events[0]["dice"] == []


def test_damage_rolls_two_saves_for_da_and_three_for_exp():
    _, events, _ = _saves([_hit(ammo="DA")], {"k1.arm": [19, 20]})
    assert len(events[0]["dice"]) == 2
    _, events, _ = _saves([_hit(ammo="EXP")], {"k1.arm": [19, 20, 18]})
    assert len(events[0]["dice"]) == 3


def test_a_critical_with_da_still_rolls_its_other_save():
    state, events, _ = _saves([_hit(ammo="DA", critical=True)], {"k1.arm": [20]})
    assert events[0]["dice"] == [20] and state.trooper("k1").wounds == 1


def test_ap_halves_arm_rounding_up():
    brigada = trooper("b1", 1, "corregidor.mobile_brigada.hmg", (5, 5))  # ARM 4 -> 2
    troopers = [alguacil("a1", (5, 11)), brigada]
    state, events, _ = _saves([_hit(ammo="AP", dam=13, victim="b1")], {"b1.arm": [11]}, troopers)
    assert events[0]["arm"] == 2 and state.trooper("b1").wounds == 1  # 11 + 2 = 13


def test_fire_burns_until_a_save_is_passed():
    _, events, _ = _saves([_hit(ammo="Fire", dam=13)], {"k1.arm": [3, 20]})
    assert events[0]["dice"] == [3, 20] and events[0]["wounds"] == 1
    state, events, _ = _saves([_hit(ammo="Fire", dam=13)], {"k1.arm": [3, 4]})
    assert state.trooper("k1").state == "dead" and events[0]["wounds"] == 2


def test_partial_cover_adds_three_to_arm_against_shots_but_not_in_close_combat():
    walls = [((5, 6), "low_wall")]
    _, events, _ = _saves([_hit()], {"k1.arm": [10]}, scenery=walls)
    assert events[0]["cover"] and events[0]["arm"] == 4
    _, events, _ = _saves([_hit(cc=True)], {"k1.arm": [10]}, scenery=walls)
    assert not events[0]["cover"] and events[0]["arm"] == 1


def test_an_unconscious_trooper_failing_another_save_is_dead():
    troopers = [alguacil("a1", (5, 11)), keisotsu("k1", (5, 5), state="unconscious", wounds=1)]
    state, _, _ = _saves([_hit()], {"k1.arm": [2]}, troopers)
    assert state.trooper("k1").state == "dead"


def test_two_wounds_take_a_two_wound_trooper_down_and_a_third_kills_it():
    brigada = trooper("b1", 1, "corregidor.mobile_brigada.hmg", (5, 5))
    state, _, _ = _saves(
        [_hit(victim="b1", dam=15)] * 2, {"b1.arm": [1, 1]}, [alguacil("a1", (5, 11)), brigada]
    )
    assert state.trooper("b1").state == "unconscious"
    state, _, _ = _saves(
        [_hit(victim="b1", dam=15)] * 3, {"b1.arm": [1, 1, 1]}, [alguacil("a1", (5, 11)), brigada]
    )
    assert state.trooper("b1").state == "dead"


def test_a_failed_guts_roll_makes_the_owner_take_cover_out_of_sight():
    data = position(
        [alguacil("a1", (5, 11)), trooper("k9", 1, "bakunin.moderator.combi", (6, 5), 3)],
        scenery=[((7, 5), "building")],  # the hex behind it, (7, 4), is out of a1's sight
    )
    state, events = shaken(data)
    assert of(events, "GutsRolled")[0]["passed"] is False
    pending = state.turn.pending
    assert pending.kind == "guts" and pending.seat == 1 and pending.trooper == "k9"
    assert pending.options == ((7, 4),)
    moves = SYSTEM.legal_moves(state, 1)
    assert all(m["type"] == "guts" for m in moves)
    state, events = run(state, [moves[0]])
    assert state.trooper("k9").hex == tuple(moves[0]["to"]) and of(events, "GutsMoved")
    assert state.turn.pending.kind == "order" and state.turn.pending.seat == 0


def test_v_courage_passes_guts_without_a_roll():
    data = position([alguacil("a1", (5, 11)), keisotsu("k1", (5, 5), 0)])
    state, events = run(
        data,
        [order(0, "a1"), shoot(0, "a1", "combi_rifle", ("k1", 3)), declare(0, "none")],
        dice={"a1.bs": [1, 2, 3], "k1.arm": [15, 16, 17]},
    )
    assert of(events, "GutsPassed") and not of(events, "GutsRolled")


@pytest.mark.parametrize("ammo,saves", [("N", 1), ("Shock", 1), ("AP+DA", 2), ("AP+EXP", 3)])
def test_each_ammunition_rolls_its_number_of_saves(ammo, saves):
    _, events, _ = _saves([_hit(ammo=ammo)], {"k1.arm": [20] * saves})
    assert len(events[0]["dice"]) == saves


def test_a_base_one_wound_trooper_failing_a_shock_save_is_dead_at_once():
    state, _, _ = _saves([_hit(ammo="Shock")], {"k1.arm": [1]})
    assert state.trooper("k1").state == "dead"


def test_close_combat_is_face_to_face_and_hits_with_the_weapons_damage():
    data = position([alguacil("a1", (5, 11)), keisotsu("k1", (5, 10), 0)])
    state, events = run(
        data,
        [
            order(0, "a1"),
            declare(0, "cc_attack", target="k1"),
            {"type": "aro", "seat": 1, "trooper": "k1", "skill": "dodge"},
            declare(0, "none"),
        ],
        dice={"a1.cc": [12], "k1.ph": [5], "k1.arm": [2]},
    )
    contest = of(events, "Contest")[0]
    assert contest["roll"] == "cc" and contest["opposed"] == "dodge" and contest["hits"] == 1
    save = of(events, "SaveRolled")[0]
    assert save["dam"] == 11 and not save["cover"]  # the pistol, DAM 11, beats PH-2 = 8
