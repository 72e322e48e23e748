"""Civilians (rules seed 003, 'REGLES D'UTILISATION DES CIVILS', spec A.5 CIV-1...11): the
encounter chart, synchronising at -3 or -6, panic and Dispersion, the hostile civilian's blow,
who may lead them and how many, following the leader, and the Victory Points a dead civilian
costs (the text's two examples)."""

import pytest
from infh import alguacil, declare, keisotsu, of, order, position, run, trooper

from games.engine.infinity.civilians import encounter_kind
from games.engine.infinity.position import state_from_json
from games.engine.infinity.turns import victory_points
from games.engine.protocol import IllegalMove


def civ(cid="c1", hex_=(5, 10), kind="neutral", **extra):
    return {"id": cid, "hex": list(hex_), "kind": kind, **extra}


def scene(civilians, extra=(), **kw):
    return position(
        [alguacil("a1", (5, 12)), keisotsu("k1", (12, 0), 0), *extra], civilians=civilians, **kw
    )


def sync(seat=0, civilian="c1", trooper="a1"):
    return declare(seat, "sync_civilian", trooper=trooper, civilian=civilian)


def test_the_encounter_chart_is_neutral_up_to_ten_and_hostile_above():
    assert [encounter_kind(d) for d in (1, 10, 11, 20)] == ["neutral"] * 2 + ["hostile"] * 2


def test_meeting_an_unknown_civilian_rolls_the_chart_at_once():
    state, events = run(
        scene([civ(kind="unknown")]),
        [order(0, "a1"), declare(0, "move", path=[[5, 11]])],
        dice={"c1.encounter": [14]},
    )
    assert state.civilian("c1").kind == "hostile"
    assert of(events, "CivilianIdentified")[0]["die"] == 14


def test_a_neutral_civilian_follows_on_a_wip_roll_at_minus_three():
    state, events = run(
        scene([civ(hex_=(5, 11))]),
        [order(0, "a1"), sync(), declare(0, "none")],
        dice={"a1.wip": [10]},  # WIP 13 - 3 = 10
    )
    assert state.civilian("c1").synced_to == "a1" and of(events, "CivilianSynced")[0]["sv"] == 10


def test_a_neutral_civilian_that_fails_panics_and_scatters_one_hex():
    state, events = run(
        scene([civ(hex_=(5, 11))]),
        [order(0, "a1"), sync(), declare(0, "none")],
        dice={"a1.wip": [11]},
    )
    assert state.civilian("c1").synced_to is None
    moved = of(events, "CivilianPanicked")[0]["to"]
    assert moved is None or abs(moved[0] - 5) + abs(moved[1] - 11) <= 2


def test_a_hostile_civilian_needs_minus_six_and_strikes_when_it_fails():
    state, events = run(
        scene([civ(hex_=(5, 11), kind="hostile")]),
        [order(0, "a1"), sync(), declare(0, "none")],
        dice={"a1.wip": [8], "c1.cc": [3], "a1.arm": [2]},
    )
    failed = of(events, "CivilianSyncFailed")[0]
    assert failed["sv"] == 7 and of(events, "CivilianStruck")[0]["hit"]
    save = of(events, "SaveRolled")[0]
    assert save["dam"] == 8  # PH 10 - 2
    assert state.trooper("a1").state == "unconscious"


def test_a_civilian_must_be_in_base_contact_and_a_trooper_leads_two_at_most():
    with pytest.raises(IllegalMove) as err:
        run(scene([civ(hex_=(5, 8))]), [order(0, "a1"), sync()])
    assert err.value.code == "civilian_not_in_contact"
    held = [
        civ("c1", (4, 12), synced_to="a1"),
        civ("c2", (6, 11), synced_to="a1"),
        civ("c3", (5, 11)),
    ]
    with pytest.raises(IllegalMove) as err:
        run(scene(held), [order(0, "a1"), sync(civilian="c3")])
    assert err.value.code == "sync_limit"


def test_impetuous_troopers_cannot_lead_civilians():
    highlander = trooper("h1", 0, "caledonian.45th.chain", (5, 12))
    data = position(
        [highlander, keisotsu("k1", (12, 0))],
        civilians=[civ(hex_=(5, 11))],
        sectorials=("caledonian", "jsa"),
    )
    with pytest.raises(IllegalMove) as err:
        run(data, [order(0, "h1"), sync(trooper="h1")])
    assert err.value.code == "skill_not_allowed"


def test_a_synchronised_civilian_follows_its_leader_and_stops_when_it_falls():
    data = scene([civ(hex_=(5, 13), synced_to="a1")])
    state, events = run(data, [order(0, "a1"), declare(0, "move", path=[[5, 11], [5, 10]])])
    assert state.civilian("c1").hex == (5, 11) and of(events, "CivilianMoved")
    fallen = scene([civ(hex_=(5, 13), synced_to="a1")])
    fallen["troopers"][0].update(state="unconscious", wounds=1)
    fallen["troopers"].append(alguacil("a2", (8, 12)))
    state, events = run(
        fallen, [order(0, "a2"), declare(0, "change_facing", facing=1), declare(0, "none")]
    )
    assert state.civilian("c1").state == "immobilised" and state.civilian("c1").synced_to is None


def test_killing_a_civilian_costs_twenty_percent_of_the_killers_army_points():
    """'Un joueur, avec 300 points d'armee, qui tue un Civil, subit une penalite de 60 Points
    de Victoire ... 180 ... 120'; 'avec 100 points d'armee ... 20'."""
    casualties = [keisotsu(f"k{i}", (i, 2), state="dead", wounds=2) for i in range(1, 11)]
    for k in casualties:
        k["profile"] = "jsa.domaru.chain"  # 27 points each
    dead = civ(state="dead", killed_by=0, wounds=2)
    data = position(
        [alguacil("a1", (5, 12)), *casualties[:6], keisotsu("k9", (9, 0))],
        civilians=[dead],
        points=(300, 300),
    )
    data["troopers"][1]["profile"] = "corregidor.mobile_brigada.hmg"  # 43
    base = victory_points(state_from_json({**data, "civilians": []}), 0)
    assert victory_points(state_from_json(data), 0) == base - 60
    data["seats"][0]["army_points"] = 100
    assert victory_points(state_from_json(data), 0) == base - 20


def test_a_civilian_killed_by_a_template_is_charged_to_the_shooter():
    chain = trooper("d1", 1, "jsa.domaru.chain", (5, 5), 3)
    data = position(
        [alguacil("a1", (5, 12)), chain],
        civilians=[civ(hex_=(5, 6), wounds=1, state="unconscious")],
        active=1,
        orders={1: {"regular": 2}},
    )
    state, _ = run(
        data,
        [
            order(1, "d1"),
            declare(1, "bs_attack", trooper="d1", weapon="chain_rifle", aim="d3"),
            {"type": "aro_done", "seat": 0},
            declare(1, "none"),
        ],
        dice={"c1.arm": [1]},
    )
    assert state.civilian("c1").state == "dead" and state.civilian("c1").killed_by == 1


def test_civilian_evacuation_scores_civilians_led_home():
    data = scene([civ(hex_=(6, 12), synced_to="a1")], scenario="civilian_evacuation")
    home = victory_points(state_from_json(data), 0)
    data["civilians"][0]["hex"] = [6, 6]
    away = victory_points(state_from_json(data), 0)
    assert home - away == 30  # 20 % of 150
