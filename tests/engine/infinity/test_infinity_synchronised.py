"""G: Synchronised remotes (rules seed 003, 'Ghost : Synchronisé'; spec A.6 row 5) and the
fireteam example that needs one ('Équipe Liée Exemple-7 (Tour Réactif)': an Auxilia and her
Auxbot move in sight of five linked Keisotsu). The Auxilia and the Auxbot are test profiles
(data/profiles.json marks their attributes as guesses); the figures are lost, the geometry is
ours, chosen so that the example's situation holds."""

import pytest
from infh import aro, declare, keisotsu, of, order, position, run, shoot, team, trooper

from games.engine.infinity.position import state_from_json, state_to_json
from games.engine.infinity.system import SYSTEM
from games.engine.infinity.turns import casualty_points, order_pool
from games.engine.protocol import IllegalMove

KEISOTSU = {"k1": (6, 4), "k2": (9, 3), "k3": (4, 4), "k4": (8, 2), "k5": (2, 5)}


def auxilia(hex_=(6, 10), facing=0, **extra):
    return trooper("x1", 0, "panoceania.auxilia.combi", hex_, facing, **extra)


def auxbot(hex_=(9, 9), facing=0, **extra):
    return trooper("b1", 0, "panoceania.auxbot.hft", hex_, facing, controller="x1", **extra)


def example_7():
    """Five linked Keisotsu (k1 leads) on the north; the Auxilia and her Auxbot to the south."""
    return position(
        [*[keisotsu(k, h) for k, h in KEISOTSU.items()], auxilia(), auxbot()],
        fireteams=[team(1, "k1", list(KEISOTSU))],
        sectorials=(None, "jsa"),
        lieutenants=("x1", "k3"),
        orders={0: {"regular": 1}},
    )


def test_the_auxilia_and_her_auxbot_give_one_order_and_one_order_moves_both():
    state = state_from_json(example_7())
    assert order_pool(state, 0).regular == 1  # « donnent seulement un Ordre »
    state, events = run(
        state,
        [
            order(0, "x1"),
            declare(0, "move", paths={"x1": [[6, 9], [6, 8]], "b1": [[9, 8], [9, 7], [9, 6]]}),
        ],
    )
    spent = of(events, "OrderSpent")[0]
    assert spent["troopers"] == ["x1", "b1"] and spent["synchronised"] is True
    assert state.turn.orders[0].regular == 0
    assert state.trooper("x1").hex == (6, 8) and state.trooper("b1").hex == (9, 6)


def keisotsu_react():
    """The move, and the five Keisotsu's one ARO: the same skill (Shoot), three at the Auxilia,
    two at the Auxbot (« 3 d'entre eux ciblent l'Auxilia et les 2 autres l'Auxbot »)."""
    state, _ = run(
        example_7(),
        [
            order(0, "x1"),
            declare(0, "move", paths={"x1": [[6, 9], [6, 8]], "b1": [[9, 8], [9, 7], [9, 6]]}),
        ],
    )
    assert state.turn.pending.kind == "aro"
    assert set(state.turn.pending.eligible) == set(KEISOTSU)
    targets = {"k1": "x1", "k2": "x1", "k3": "x1", "k4": "b1", "k5": "b1"}
    state, events = run(
        state,
        [aro(1, k, "bs_attack", weapon="combi_rifle", target=t) for k, t in targets.items()],
    )
    assert not of(events, "MemberLeft")  # the same ARO, split targets: all stay linked
    assert state.live_team(1).members == tuple(KEISOTSU)
    assert state.turn.pending.kind == "declare2"
    return state


def test_example_7_the_auxilia_and_the_auxbot_each_shoot_another_keisotsu():
    """« L'Auxilia déclare … qu'elle va Tirer sur le Keisotsu #1, et l'Auxbot déclare qu'il va
    Tirer mais sur le Keisotsu #2. Comme les Keisotsu font partie d'une Équipe Liée de 5
    figurines, ils peuvent tous appliquer les Bonus correspondants »: +3 BS and burst 2 (the
    figure's « ORA: R2 ») for every linked Keisotsu."""
    second = shoot(
        0,
        "x1",
        "combi_rifle",
        ("k1", 3),
        coordinated=[{"trooper": "b1", "weapon": "heavy_flamethrower", "aim": ["d0"]}],
    )
    misses = [20, 20]
    state, events = run(
        keisotsu_react(),
        [second],
        dice={
            "x1.bs": [1, 20, 20],
            **{f"{k}.bs": misses for k in KEISOTSU},
            "k1.arm": [20],
            "k2.arm": [20],
        },
    )
    contests = {e["attacker"]: e for e in of(events, "Contest")}
    assert contests["x1"]["target"] == "k1" and contests["x1"]["opposed"] == "attack"
    for k in KEISOTSU:
        assert contests[k]["mods"]["fireteam"] == 3 and len(contests[k]["dice"]) == 2
    assert {contests[k]["target"] for k in ("k1", "k2", "k3")} == {"x1"}
    assert {contests[k]["target"] for k in ("k4", "k5")} == {"b1"}
    placed = of(events, "TemplatePlaced")
    assert placed and placed[0]["victims"] == ["k2"]  # the Auxbot's Heavy Flamethrower
    saves = {e["trooper"] for e in of(events, "SaveRolled")}
    assert saves == {"k1", "k2"}
    assert state.turn.current is None


def test_an_auxbot_without_a_controller_is_not_activated_with_the_auxilia():
    data = example_7()
    data["troopers"][-1].pop("controller")  # the Auxbot no longer synchronised
    state, events = run(data, [order(0, "x1")])
    assert of(events, "OrderSpent")[0]["troopers"] == ["x1"]


def reactive_pair():
    """Seat 1 active: a Keisotsu steps into the sight of the Auxilia and her Auxbot."""
    return position(
        [keisotsu("k9", (7, 2), 3), auxilia((6, 9)), auxbot((8, 8))],
        active=1,
        orders={1: {"regular": 3}},
        sectorials=(None, "jsa"),
    )


def test_the_reactive_pair_has_two_aros_but_the_same_one():
    """« le Contrôleur et le D.C.D. ont chacun leur propre ORA … Cet ORA doit être le même »."""
    state, _ = run(reactive_pair(), [order(1, "k9"), declare(1, "move", path=[[7, 3], [7, 4]])])
    assert set(state.turn.pending.eligible) == {"x1", "b1"}
    state, _ = run(state, [aro(0, "x1", "bs_attack", weapon="combi_rifle", target="k9")])
    with pytest.raises(IllegalMove) as err:
        run(state, [aro(0, "b1", "dodge")])
    assert err.value.code == "skill_not_allowed"


def test_the_controller_reacts_through_its_remotes_sensors_with_a_dodge_only():
    data = reactive_pair()
    data["troopers"][1]["facing"] = 3  # the Auxilia looks away: only the Auxbot sees
    state, _ = run(data, [order(1, "k9"), declare(1, "move", path=[[7, 3], [7, 4]])])
    assert "x1" in state.turn.pending.eligible
    with pytest.raises(IllegalMove):
        run(state, [aro(0, "x1", "bs_attack", weapon="combi_rifle", target="k9")])
    run(state, [aro(0, "x1", "dodge")])


def test_a_remote_outside_its_controllers_zone_disconnects_and_reconnects():
    data = position(
        [auxilia((6, 9)), auxbot((8, 8)), keisotsu("k9", (1, 0), 0)],  # k9 looks away
        sectorials=(None, "jsa"),
    )
    path = [[9, 7], [10, 6], [11, 5]]  # 5 hexes from the Auxilia: out of its ZoC
    state, events = run(data, [order(0, "x1"), declare(0, "move", paths={"b1": path})])
    assert state.trooper("b1").state == "immobilised"
    assert of(events, "RemoteDisconnected")[0]["trooper"] == "b1"
    state, _ = run(state, [declare(0, "none")])
    state, events = run(state, [order(0, "x1"), declare(0, "move", paths={"x1": [[7, 8], [8, 7]]})])
    assert of(events, "OrderSpent")[-1]["troopers"] == ["x1"]  # the IMM remote is not activated
    state, events = run(state, [declare(0, "none")])
    assert state.trooper("b1").state == "normal" and of(events, "RemoteReconnected")


def test_a_synchronised_remote_gives_no_victory_points_nor_retreat_casualty():
    data = example_7()
    data["troopers"][-1]["state"] = "dead"
    assert casualty_points(state_from_json(data), 0) == 0
    data["troopers"][-2]["state"] = "dead"
    assert casualty_points(state_from_json(data), 0) == 21


def test_the_controller_is_an_optional_field_of_the_position():
    data = example_7()
    assert state_to_json(state_from_json(data))["troopers"][0]["controller"] is None
    assert state_from_json(data).trooper("b1").controller == "x1"


def test_the_auxbot_may_fire_while_its_auxilia_has_no_target():
    """The text's second Calvin example: « Quant à Calvin, il déclare qu'il exécutera aussi :
    Tirer, bien qu'il n'ait pas de cible en LdV … afin de permettre à « Hobbes » d'exécuter son
    attaque »: the pair's declaration may carry the remote's attack alone."""
    hobbes = declare(0, "bs_attack", trooper="b1", weapon="heavy_flamethrower", aim=["d0"])
    state, events = run(
        keisotsu_react(),
        [hobbes],
        dice={**{f"{k}.bs": [20, 20] for k in KEISOTSU}, "k2.arm": [20]},
    )
    assert of(events, "TemplatePlaced")[0]["victims"] == ["k2"]
    assert not [e for e in of(events, "Contest") if e["attacker"] == "x1"]


def test_the_listed_reactions_of_the_remote_repeat_its_controllers():
    state, _ = run(reactive_pair(), [order(1, "k9"), declare(1, "move", path=[[7, 3], [7, 4]])])
    before = {m["skill"] for m in SYSTEM.legal_moves(state, 0) if m.get("trooper") == "b1"}
    assert "dodge" in before
    shot, _ = run(state, [aro(0, "x1", "bs_attack", weapon="combi_rifle", target="k9")])
    listed = {m["skill"] for m in SYSTEM.legal_moves(shot, 0) if m.get("trooper") == "b1"}
    assert "dodge" not in listed  # its Heavy Flamethrower does not reach: it may only pass
    dodged, _ = run(state, [aro(0, "x1", "dodge")])
    listed = {m["skill"] for m in SYSTEM.legal_moves(dodged, 0) if m.get("trooper") == "b1"}
    assert listed == {"dodge"}


def test_a_standing_policy_never_makes_the_pair_react_differently():
    """The Auxilia's policy shoots, the Auxbot's dodges: the Auxbot passes instead."""
    data = reactive_pair()
    data["hidden"]["0"]["policies"] = {
        "x1": {"on_sight": "shoot", "on_template": "dodge"},
        "b1": {"on_sight": "dodge", "on_template": "dodge"},
    }
    state, events = run(data, [order(1, "k9"), declare(1, "move", path=[[7, 3], [7, 4]])])
    reactions = {e["trooper"]: e["skill"] for e in of(events, "AroDeclared")}
    assert reactions == {"x1": "bs_attack"}
