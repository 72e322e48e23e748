"""The supplement's numbered fireteam examples on support, dodge and the reactive team (rules
seed 003, 'INFINITY FIRETEAMS : TROUPES LIEES': 'Equipe Liee Exemple-2 (Esquive)', 'Exemple-3
(Soutien/Esquive)', 'Exemple-6 (Tour Reactif)'; spec A.2 FT-9, FT-10, FT-11, FT-15, FT-27). The
figures are lost: the geometry is ours, chosen so that each example's situation holds."""

import pytest
from infh import aro, declare, keisotsu, of, order, position, run, shoot, team, trooper

from games.engine.infinity import common as cm
from games.engine.protocol import IllegalMove

KEISOTSU = ["k1", "k2", "k3", "k4", "k5"]


def moderator(tid, hex_):
    return trooper(tid, 0, "bakunin.moderator.combi", hex_, 0)


def moderators_situation():
    """Five linked Keisotsu (k1 leads) advance on two Moderators; a building hides Moderator #2
    from the leader but not from Keisotsu #2."""
    return position(
        [
            keisotsu("k1", (5, 3)),
            keisotsu("k2", (8, 2)),
            keisotsu("k3", (3, 4)),
            keisotsu("k4", (4, 3)),
            keisotsu("k5", (6, 2)),
            moderator("m1", (5, 9)),
            moderator("m2", (10, 5)),
        ],
        scenery=[((7, 4), "building")],
        active=1,
        orders={1: {"regular": 5, "lieutenant": 1}},
        fireteams=[team(1, "k1", KEISOTSU)],
        lieutenants=(None, "k3"),
    )


def after_the_moderators_react():
    """Example 3's moment: the team declared a Move, each Moderator spent its one ARO against
    the whole team (FT-9), Moderator #1 at the leader, Moderator #2 at Keisotsu #2."""
    state, _ = run(
        moderators_situation(),
        [order(1, fireteam=True), declare(1, "move", paths={"k1": [[5, 4]]})],
    )
    assert state.turn.pending.kind == "aro" and state.turn.pending.eligible == ("m1", "m2")
    state, _ = run(
        state,
        [
            aro(0, "m1", "bs_attack", weapon="combi_rifle", target="k1"),
            aro(0, "m2", "bs_attack", weapon="combi_rifle", target="k2"),
        ],
    )
    assert state.turn.pending.kind == "declare2" and state.turn.pending.seat == 1
    leader, second = state.trooper("k1"), state.trooper("m2")
    assert not cm.sees(state, leader, second.hex)  # 'n'a pas de LdV sur les deux Moderateurs'
    return state


def test_example_3_the_leader_cannot_shoot_the_moderator_it_does_not_see():
    with pytest.raises(IllegalMove) as err:
        run(after_the_moderators_react(), [shoot(1, "k1", "combi_rifle", ("m2", 4))])
    assert err.value.code == "no_line_of_fire"


def test_example_3_support_leaves_the_other_moderator_a_normal_roll():
    """'...gagnant un Bonus mais permettant au Moderateur #2 d'effectuer un Jet Normal pour
    Tirer sur le Keisotsu #2'."""
    state, events = run(
        after_the_moderators_react(),
        [shoot(1, "k1", "combi_rifle", ("m1", 4))],
        dice={
            "k1.bs": [3, 17, 17, 17],
            "m1.bs": [9],
            "m2.bs": [12],
            "k2.arm": [4],
            "k1.arm": [4],
        },
    )
    contests = {(c["attacker"], c["target"]): c for c in of(events, "Contest")}
    # Combi at 5 hexes (+3) with the five-trooper bonus: BS 10 + 3 + 3, burst 3 + 1.
    assert contests["k1", "m1"]["sv"] == 16 and len(contests["k1", "m1"]["dice"]) == 4
    assert contests["k1", "m1"]["opposed"] == "attack" and contests["k1", "m1"]["hits"] == 0
    assert contests["m1", "k1"]["hits"] == 1  # the 9 beats the leader's best success, 3
    assert contests["m2", "k2"]["opposed"] == "none" and contests["m2", "k2"]["hits"] == 1
    assert state.trooper("k1").state == "unconscious"
    assert state.trooper("k2").state == "unconscious"
    assert not of(events, "Dodged")


def test_examples_2_and_3_a_team_dodge_lets_every_member_dodge_face_to_face():
    """'...tous les membres de l'Equipe Liee esquiveront, effectuant deux Jets d'Opposition (Un
    pour le Meneur et un pour le Keisotsu #2) contre le TR des Moderateurs': every member rolls
    PH, with no bonus; those shot at oppose their attacker."""
    state, events = run(
        after_the_moderators_react(),
        [declare(1, "dodge")],
        dice={
            "k1.ph": [9],
            "k2.ph": [4],
            "k3.ph": [15],
            "k4.ph": [1],
            "k5.ph": [20],
            "m1.bs": [5],
            "m2.bs": [11],
            "k2.arm": [3],
        },
    )
    dodges = {e["trooper"]: e for e in of(events, "Dodged")}
    assert sorted(dodges) == KEISOTSU and all(d["sv"] == 10 for d in dodges.values())
    contests = {(c["attacker"], c["target"]): c for c in of(events, "Contest")}
    assert contests["m1", "k1"]["opposed"] == "dodge" and contests["m1", "k1"]["hits"] == 0
    assert contests["m2", "k2"]["opposed"] == "dodge" and contests["m2", "k2"]["hits"] == 1
    assert state.trooper("k1").state == "normal"
    assert state.trooper("k2").state == "unconscious"
    assert len(state.live_team(1).members) == 4  # k2 drops out at the end of the order


def highlander_situation():
    """Example 6: a 45th Highlander's Chain Rifle teardrop will cover Keisotsu #1, #2 and #3;
    #4 stands beside it; #5 is already behind a low wall."""
    return position(
        [
            trooper("h1", 0, "caledonian.45th.chain", (6, 10), 0),
            keisotsu("k1", (6, 8)),
            keisotsu("k2", (5, 7)),
            keisotsu("k3", (7, 6)),
            keisotsu("k4", (8, 6)),
            keisotsu("k5", (4, 8)),
        ],
        scenery=[((8, 7), "low_wall"), ((4, 9), "low_wall")],
        orders={0: {"irregular": {"h1": 1}}},
        fireteams=[team(1, "k1", KEISOTSU)],
        lieutenants=(None, "k3"),
        sectorials=("caledonian", "jsa"),
    )


def test_example_6_a_reactive_team_dodges_a_chain_rifle_and_one_dodges_into_cover():
    """'...il declare une Esquive pour ces 3 Keisotsu, et aussi pour le Keisotsu #4 [...] pour se
    mettre en Couverture Partielle. Le Keisotsu #5 ne declare pas d'ORA car il est deja en
    Couverture Partielle'. One dodge each, Normal rolls (a direct template rolls nothing)."""
    state, events = run(
        highlander_situation(),
        [
            order(0, "h1", kind="irregular"),
            declare(0, "bs_attack", trooper="h1", weapon="chain_rifle", aim=["d0"]),
        ],
    )
    pending = state.turn.pending
    assert pending.kind == "aro" and set(pending.eligible) == set(KEISOTSU)
    assert not of(events, "TemplatePlaced")  # placed at the resolution, after the reactions
    state, events = run(
        state,
        [
            aro(1, "k1", "dodge"),
            aro(1, "k2", "dodge"),
            aro(1, "k3", "dodge"),
            aro(1, "k4", "dodge", to=[8, 7]),
            {"type": "aro_done", "seat": 1},
            declare(0, "none"),
        ],
        dice={"k1.ph": [8], "k2.ph": [13], "k3.ph": [10], "k4.ph": [2], "k2.arm": [5]},
    )
    placed = of(events, "TemplatePlaced")
    assert len(placed) == 1 and placed[0]["victims"] == ["k1", "k2", "k3"]
    assert not of(events, "Contest")  # no roll for the Chain Rifle
    assert sorted(e["trooper"] for e in of(events, "TemplateDodged")) == ["k1", "k3"]
    assert state.trooper("k2").state == "unconscious"  # 13 misses PH 10; the save fails
    assert state.trooper("k4").hex == (8, 7)
    highlander = state.trooper("h1")
    assert cm.cover(state, highlander.hex, (8, 7)) and cm.cover(state, highlander.hex, (4, 8))
    # All declared the same ARO (or none): nobody left the team but the fallen k2.
    assert set(state.live_team(1).members) == {"k1", "k3", "k4", "k5"}
