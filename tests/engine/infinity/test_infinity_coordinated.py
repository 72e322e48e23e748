"""Coordinated orders (tier 2): one regular order spent per trooper, two to four troopers declaring
the same skills with their own paths and targets; the enemy reacts once per trooper against the
group; the text's 'Equipe Liee Exemple-9': two linked Keisotsu used in a coordinated order leave
their team, which goes down to three."""

import pytest
from infh import alguacil, aro, declare, keisotsu, of, order, position, run, shoot, team

from games.engine.infinity.legal import legal_moves
from games.engine.infinity.position import state_from_json, state_to_json
from games.engine.protocol import IllegalMove

FIVE = ["k1", "k2", "k3", "k4", "k5"]


def five_keisotsu():
    return position(
        [
            keisotsu("k1", (5, 2)),
            keisotsu("k2", (6, 2)),
            keisotsu("k3", (4, 2)),
            keisotsu("k4", (7, 2)),
            keisotsu("k5", (8, 1)),
            alguacil("a1", (7, 10)),
            alguacil("a2", (9, 9)),
        ],
        active=1,
        orders={1: {"regular": 5, "lieutenant": 1}},
        fireteams=[team(1, "k1", FIVE)],
        lieutenants=(None, "k3"),
    )


def coordinated(*ids):
    return order(1, coordinated=list(ids))


def test_example_9_two_members_in_a_coordinated_order_leave_the_team():
    """'Le joueur les active de facon normale, depensant un Ordre pour chacun, et declarant un
    Ordre Coordonne : Se Deplacer + Tirer. [...] l'Equipe Liee [...] n'a maintenant plus que 3
    membres.'"""
    state, events = run(
        five_keisotsu(),
        [coordinated("k4", "k5"), declare(1, "move", paths={"k4": [[7, 3]], "k5": [[8, 2]]})],
    )
    assert state.turn.orders[1].regular == 3  # an order for each
    assert of(events, "OrderSpent")[0]["troopers"] == ["k4", "k5"]
    assert sorted(state.live_team(1).members) == ["k1", "k2", "k3"]
    assert [state.trooper(t).hex for t in ("k4", "k5")] == [(7, 3), (8, 2)]
    # One reaction per enemy against the group, at the trooper of its choice.
    assert state.turn.pending.kind == "aro" and set(state.turn.pending.eligible) == {"a1", "a2"}
    state, events = run(
        state,
        [
            aro(0, "a1", "bs_attack", weapon="combi_rifle", target="k4"),
            aro(0, "a2", "bs_attack", weapon="combi_rifle", target="k5"),
            shoot(
                1,
                "k4",
                "combi_rifle",
                ("a1", 3),
                coordinated=[
                    {
                        "trooper": "k5",
                        "weapon": "combi_rifle",
                        "targets": [{"trooper": "a2", "burst": 3}],
                    }
                ],
            ),
        ],
        dice={
            "k4.bs": [2, 3, 4],
            "k5.bs": [20, 20, 20],
            "a1.bs": [18],
            "a2.bs": [12],
            "a1.arm": [1, 20, 20],
            "k5.arm": [19],
        },
    )
    contests = {(c["attacker"], c["target"]): c for c in of(events, "Contest")}
    assert contests["k4", "a1"]["hits"] == 3 and contests["k4", "a1"]["opposed"] == "attack"
    assert contests["k5", "a2"]["hits"] == 0 and contests["a2", "k5"]["hits"] == 1
    assert "fireteam" not in contests["k4", "a1"]["mods"]  # no team bonus in their own order
    assert state.trooper("a1").state == "unconscious" and state.trooper("k5").state == "normal"
    declared = of(events, "SkillDeclared")[-1]
    assert declared["coordinated"][0]["trooper"] == "k5"


def test_a_coordinated_order_is_two_to_four_troopers_and_an_order_each():
    with pytest.raises(IllegalMove) as err:
        run(five_keisotsu(), [coordinated("k4")])
    assert err.value.code == "malformed"
    with pytest.raises(IllegalMove) as err:
        run(five_keisotsu(), [coordinated("k1", "k2", "k3", "k4", "k5")])
    assert err.value.code == "malformed"
    short = five_keisotsu()
    short["turn"]["orders"]["1"]["regular"] = 2
    with pytest.raises(IllegalMove) as err:
        run(short, [coordinated("k1", "k2", "k3")])
    assert err.value.code == "no_orders_left"
    with pytest.raises(IllegalMove) as err:
        run(five_keisotsu(), [coordinated("k1", "a1")])
    assert err.value.code == "unknown_trooper"


def test_only_a_coordinated_order_declares_several_troopers_attacks():
    part = {"trooper": "k2", "weapon": "combi_rifle", "targets": [{"trooper": "a1", "burst": 3}]}
    with pytest.raises(IllegalMove) as err:
        run(
            five_keisotsu(),
            [order(1, "k4"), shoot(1, "k4", "combi_rifle", ("a1", 3), coordinated=[part])],
        )
    assert err.value.code == "skill_not_allowed"
    with pytest.raises(IllegalMove) as err:  # a trooper outside the order
        run(
            five_keisotsu(),
            [coordinated("k4", "k5"), shoot(1, "k4", "combi_rifle", ("a1", 3), coordinated=[part])],
        )
    assert err.value.code == "trooper_cannot_act"


def test_a_coordinated_order_survives_the_position_format_and_is_offered():
    state, _ = run(
        five_keisotsu(),
        [
            coordinated("k4", "k5"),
            declare(1, "move", paths={"k4": [[7, 3]], "k5": [[8, 2]]}),
            {"type": "aro_done", "seat": 0},
        ],
    )
    again = state_from_json(state_to_json(state))
    assert again == state and again.turn.current.coordinated
    shots = [m for m in legal_moves(state, 1) if m.get("coordinated")]
    assert shots and all(m["skill"] == "bs_attack" for m in shots)
    start = state_from_json(five_keisotsu())
    groups = [m["coordinated"] for m in legal_moves(start, 1) if m.get("coordinated")]
    assert groups and all(2 <= len(g) <= 4 for g in groups)
