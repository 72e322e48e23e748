"""The Intuitive Attack (intuitive.py): a long skill (seed 003 lines 272–274, « Compétence
Longue qui consomme un Ordre complet (Attaque Intuitive, Tir Spéculatif…) »), a teardrop laid
on an undiscovered enemy marker after a Normal WIP roll with the marker's MOD (the engine
README's "Intuitive Attack" for what our sources leave to us).

Seat 0's Mobile Brigada b1 (WIP 13, Light Flamethrower: a small teardrop) faces north; seat 1's
Ninja n1 (TO Camouflage) stands as the marker m1 two hexes in front of it."""

import json

import pytest
from infh import declare, of, order, position, run, trooper

from games.engine.infinity import intuitive
from games.engine.infinity.position import state_from_json
from games.engine.infinity.system import SYSTEM
from games.engine.infinity.view import view
from games.engine.protocol import IllegalMove
from games.engine.rng import Rng

PASS = {"on_sight": "pass", "on_template": "pass"}
NINJA_AT = (6, 8)


def brigada(hex_=(6, 10), facing=0, profile="corregidor.mobile_brigada.multi"):
    return trooper("b1", 0, profile, hex_, facing)


def marked(ninja_at=NINJA_AT, mine=False, attacker=None):
    """Seat 0 to give orders; m1 is the Ninja's marker, or (`mine`) a hidden mine's."""
    ninja = trooper("n1", 1, "jsa.ninja.combi", (12, 1) if mine else ninja_at, 3)
    data = position(
        [attacker or brigada(), ninja],
        orders={0: {"regular": 3}},
        policies={1: {"n1": PASS}},
        sectorials=(None, None),
    )
    if mine:
        data["hidden"]["1"]["markers"] = {"m2": "n1"}
        data["hidden"]["1"]["mines"] = [
            {"marker": "m1", "layer": "n1", "hex": list(ninja_at), "shown": False}
        ]
        data["markers_placed"] = 2
    else:
        data["hidden"]["1"]["markers"] = {"m1": "n1"}
        data["markers_placed"] = 1
    return data


# A Domaru's Chain Rifle (a large teardrop) reaches four hexes, beyond a mine's own area (a small
# teardrop's): the mine does not go off at it first.
DOMARU = brigada((6, 12), profile="jsa.domaru.chain")


def attack(marker="m1", weapon="light_flamethrower", **extra):
    return declare(0, "intuitive", trooper="b1", weapon=weapon, target=marker, **extra)


def refusal(data, moves):
    with pytest.raises(IllegalMove) as err:
        run(data, moves)
    return err.value.code, str(err.value)


def offered(state, seat=0):
    return [m for m in SYSTEM.legal_moves(state, seat) if m.get("skill") == "intuitive"]


def test_it_is_offered_at_each_enemy_marker_its_teardrop_reaches_as_a_whole_order():
    state, _ = run(marked(), [order(0, "b1")])
    moves = offered(state)
    assert [(m["target"], m["weapon"], m["aim"]) for m in moves] == [
        ("m1", "light_flamethrower", ["d0"])
    ]
    assert "second" not in moves[0]  # a long skill: nothing committed after it
    far, _ = run(marked((6, 3)), [order(0, "b1")])
    assert offered(far) == []


def test_a_success_lays_the_teardrop_on_the_marker_which_shows_itself_when_hit():
    """WIP 13, TO −6: 7 or less. The Ninja fails its Fire saves, burning on until it falls;
    the marker is shown, hit."""
    dice = {"b1.wip": [5], "n1.arm": [3, 4]}
    state, events = run(marked(), [order(0, "b1"), attack()], dice)
    rolled = of(events, "IntuitiveRolled")[0]
    assert (rolled["marker"], rolled["sv"], rolled["mods"], rolled["success"]) == (
        "m1",
        7,
        {"camouflage": -6},
        True,
    )
    placed = of(events, "TemplatePlaced")[0]
    assert placed["victims"] == ["n1"] and list(NINJA_AT) in placed["hexes"]
    assert of(events, "MarkerRevealed")[0]["how"] == "hit"
    assert not state.is_marker("n1") and state.trooper("n1").state == "dead"
    assert state.turn.orders[0].regular == 2  # one order, the whole of it


def test_a_failure_lays_nothing_and_the_marker_stays_a_marker():
    state, events = run(marked(), [order(0, "b1"), attack()], {"b1.wip": [8]})
    assert not of(events, "IntuitiveRolled")[0]["success"]
    assert not of(events, "TemplatePlaced") and not of(events, "MarkerRevealed")
    assert state.is_marker("n1") and state.turn.current is None


def test_it_is_refused_with_a_clear_sentence_and_nothing_changes():
    start = [order(0, "b1")]
    assert refusal(marked(), [*start, attack("n1")]) == (
        "unknown_trooper",
        "Aim an Intuitive Attack at an enemy camouflage marker.",
    )
    assert refusal(marked(), [*start, attack(weapon="multi_rifle")])[0] == "skill_not_allowed"
    assert refusal(marked((6, 3)), [*start, attack()]) == (
        "out_of_range",
        "No template of that weapon, in its front arc, reaches that marker.",
    )
    second = declare(0, "move", trooper="b1", path=[[6, 11]])
    assert refusal(marked(), [*start, second, attack()])[0] == "skill_not_allowed"
    committed = {**second, "second": {"skill": "intuitive", "weapon": "light_flamethrower"}}
    assert refusal(marked(), [*start, committed])[0] == "skill_not_allowed"


def test_a_mines_marker_is_offered_refused_and_rolled_for_as_a_troopers_is():
    """Nothing tells a mine from a camouflaged trooper: the same offer, the same refusals, the
    same roll (a TO marker's −6 is public, its kind drawn; a camouflage marker's −3, and a mine
    reads as one)."""
    ninja = "test.camo.camouflage"
    as_trooper = marked(attacker=DOMARU)
    as_trooper["troopers"][1]["profile"] = ninja
    trooper_state, _ = run(as_trooper, [order(0, "b1")])
    mine_state, _ = run(marked(mine=True, attacker=DOMARU), [order(0, "b1")])
    assert offered(trooper_state) == offered(mine_state) != []
    far = [order(0, "b1"), attack(weapon="chain_rifle")]
    away = marked((6, 3), attacker=DOMARU)
    assert refusal(away, far) == refusal(marked((6, 3), mine=True, attacker=DOMARU), far)
    dice = {"b1.wip": [10]}
    state, events = run(marked(mine=True, attacker=DOMARU), far, dice)
    assert of(events, "IntuitiveRolled")[0]["mods"] == {"camouflage": -3}
    assert of(events, "MineDestroyed") and state.hidden[1].mines == ()
    _, events = run(as_trooper, far, {**dice, "n1.arm": [20], "n1.guts": [1]})
    assert of(events, "IntuitiveRolled")[0]["mods"] == {"camouflage": -3}


def test_the_other_seat_and_spectators_read_the_marker_never_the_trooper_behind_it():
    """Declared, rolled and failed: every event and view names m1, never n1 or its profile."""
    state, _ = run(marked(), [order(0, "b1")])
    kept = 0
    for seed in range(6):
        after = SYSTEM.apply(state, 0, attack(), Rng(seed))
        if not after.state.is_marker("n1"):
            continue  # hit: shown, as under any template
        kept += 1
        for reader in (0, None):
            seen = json.dumps(
                [view(after.state, reader), [e.for_seat(reader) for e in after.events]]
            )
            assert "n1" not in seen and "ninja" not in seen
            assert "m1" in seen
    assert kept


def test_the_aim_is_the_engines_whatever_the_move_says():
    state, events = run(marked(), [order(0, "b1"), attack(aim=["v5"])], {"b1.wip": [20]})
    declared = of(events, "SkillDeclared")[0]
    assert declared["aim"] == ["d0"]


def test_markers_lists_troopers_and_hidden_mines_in_marker_order():
    state = state_from_json(marked(mine=True))
    assert intuitive.markers(state, 0) == [("m1", NINJA_AT), ("m2", (12, 1))]
