"""MediKit and Doctor (tier 2): the text's 'Equipe Liee Exemple-5' (a new leader, the paramedic,
moves the team into contact with a downed Keisotsu and uses its MediKit while the others do
nothing), the MediKit at a distance, the patient's PH roll, the Doctor's WIP roll, and a fallen
leader healed in the same turn restoring the link (FT-18)."""

import pytest
from infh import alguacil, declare, keisotsu, of, order, position, run, team, trooper

from games.engine.infinity.legal import legal_moves
from games.engine.infinity.position import state_from_json, state_to_json
from games.engine.protocol import IllegalMove

FOUR = ["k1", "k3", "k4", "k5"]
NONE = declare(1, "none")


def example_5(k2_hex=(6, 5)):
    """Five Keisotsu lost #2 (Unconscious, dropped out at the end of that order); #4 is the
    paramedic."""
    return position(
        [
            keisotsu("k1", (5, 2)),
            keisotsu("k2", k2_hex, state="unconscious", wounds=1),
            keisotsu("k3", (6, 1)),
            keisotsu("k4", (6, 3), kind="paramedic"),
            keisotsu("k5", (4, 2)),
            alguacil("a1", (12, 14), facing=3),  # looking away
        ],
        active=1,
        orders={1: {"regular": 4, "lieutenant": 1}},
        fireteams=[team(1, "k1", FOUR)],
        lieutenants=(None, "k3"),
    )


def test_example_5_the_paramedic_leads_the_team_into_contact_and_uses_its_medikit():
    state, events = run(
        example_5(),
        [
            order(1, fireteam=True, leader="k4"),
            declare(1, "move", paths={"k4": [[6, 4]], "k1": [[5, 3]]}),
            declare(1, "heal", trooper="k4", target="k2"),
        ],
        dice={"k2.ph": [9]},
    )
    assert of(events, "LeaderChanged")[0]["leader"] == "k4"
    treated = of(events, "Treated")[0]
    assert treated["method"] == "contact" and "die" not in treated  # no roll of the user
    assert treated["ph_die"] == 9 and treated["ph_sv"] == 10 and treated["success"]
    k2 = state.trooper("k2")
    assert k2.state == "normal" and k2.wounds == 0
    # '...les autres membres de l'Equipe, bien qu'actives [...] n'executent pas d'action.'
    assert state.turn.orders[1].regular == 3
    assert {e["kind"] for e in events} & {"Contest", "Dodged"} == set()
    # Back up, it is not linked again before the next active turn (FT-20).
    assert "k2" not in state.live_team(1).members


def test_only_the_leader_treats_and_only_a_downed_comrade_of_its_own():
    with pytest.raises(IllegalMove) as err:
        run(
            example_5(),
            [order(1, fireteam=True), declare(1, "heal", trooper="k4", target="k2"), NONE],
        )
    assert err.value.code == "skill_not_allowed"  # k1 leads: the paramedic only supports
    with pytest.raises(IllegalMove) as err:
        run(example_5(), [order(1, "k4"), declare(1, "heal", trooper="k4", target="k1")])
    assert err.value.code == "skill_not_allowed"  # k1 is standing
    with pytest.raises(IllegalMove) as err:
        run(example_5(), [order(1, "k1"), declare(1, "heal", trooper="k1", target="k2")])
    assert err.value.code == "skill_not_allowed"  # no MediKit


def test_a_failed_ph_roll_kills_the_patient():
    state, events = run(
        example_5(k2_hex=(6, 4)),
        [order(1, "k4"), declare(1, "heal", trooper="k4", target="k2"), NONE],
        dice={"k2.ph": [14]},
    )
    assert not of(events, "Treated")[0]["success"]
    assert state.trooper("k2").state == "dead"


def test_at_a_distance_the_medikit_needs_a_line_of_fire_and_a_bs_roll():
    """Three hexes away: BS 10 + 3 (range); a miss does nothing, a hit brings the PH roll."""
    far = example_5(k2_hex=(6, 6))
    state, events = run(
        far,
        [order(1, "k4"), declare(1, "heal", trooper="k4", target="k2"), NONE],
        dice={"k4.bs": [16]},
    )
    treated = of(events, "Treated")[0]
    assert treated["method"] == "remote" and treated["sv"] == 13 and not treated["success"]
    assert state.trooper("k2").state == "unconscious"
    state, events = run(
        far,
        [order(1, "k4"), declare(1, "heal", trooper="k4", target="k2"), NONE],
        dice={"k4.bs": [12], "k2.ph": [3]},
    )
    assert of(events, "Treated")[0]["success"] and state.trooper("k2").state == "normal"
    with pytest.raises(IllegalMove) as err:
        run(
            example_5(k2_hex=(15, 8)),
            [order(1, "k4"), declare(1, "heal", trooper="k4", target="k2"), NONE],
        )
    assert err.value.code == "out_of_range"


def test_a_doctor_treats_in_contact_on_its_own_wip_roll():
    data = position(
        [
            trooper("d1", 0, "mercenary.112.doctor", (5, 10)),
            alguacil("a2", (5, 11), state="unconscious", wounds=1),
            alguacil("a3", (8, 11), state="unconscious", wounds=1),
            keisotsu("k1", (12, 0), facing=0),  # looking away
        ]
    )
    state, events = run(
        data,
        [order(0, "d1"), declare(0, "heal", trooper="d1", target="a2"), declare(0, "none")],
        {"d1.wip": [13]},
    )
    treated = of(events, "Treated")[0]
    assert treated["method"] == "doctor" and treated["sv"] == 13 and "ph_die" not in treated
    assert state.trooper("a2").state == "normal"
    state, _ = run(
        data,
        [order(0, "d1"), declare(0, "heal", trooper="d1", target="a2"), declare(0, "none")],
        {"d1.wip": [14]},
    )
    assert state.trooper("a2").state == "dead"
    with pytest.raises(IllegalMove):  # a Doctor without a MediKit only treats in contact
        run(data, [order(0, "d1"), declare(0, "heal", trooper="d1", target="a3")])


def test_treatments_are_legal_moves_for_a_healer_only():
    state, _ = run(example_5(k2_hex=(6, 4)), [order(1, "k4")])
    heals = [m for m in legal_moves(state, 1) if m.get("skill") == "heal"]
    assert {m["target"] for m in heals} == {"k2"}
    state, _ = run(example_5(k2_hex=(6, 4)), [order(1, "k1")])
    assert not [m for m in legal_moves(state, 1) if m.get("skill") == "heal"]


def test_a_leader_healed_in_the_turn_its_fall_broke_the_link_restores_it():
    """FT-18: 'restored automatically if the leader is brought back from Unconscious in the
    same turn' (the broken record keeps its members until the end of the turn)."""
    data = example_5(k2_hex=(6, 4))
    data["fireteams"] = [
        {"seat": 1, "leader": None, "members": ["k2", "k1", "k3", "k5"], "fallen_leader": "k2"}
    ]
    state, events = run(
        data, [order(1, "k4"), declare(1, "heal", trooper="k4", target="k2"), NONE], {"k2.ph": [2]}
    )
    restored = of(events, "LinkRestored")[0]
    assert restored["leader"] == "k2" and set(restored["members"]) == {"k1", "k2", "k3", "k5"}
    assert state.live_team(1).leader == "k2"
    assert state_to_json(state)["fireteams"][0]["fallen_leader"] is None


def test_the_broken_record_is_forgotten_at_the_next_turn():
    data = example_5()
    data["fireteams"] = [
        {"seat": 1, "leader": None, "members": ["k2", "k1", "k3"], "fallen_leader": "k2"}
    ]
    state, _ = run(data, [{"type": "end_turn", "seat": 1}])
    record = state_from_json(state_to_json(state)).fireteams[0]
    assert record.fallen is None and record.members == ()
