"""AROs (spec B.7, Part D): who may react in each window, one reaction per trooper per order,
burst 1 in ARO, face-to-face against a trooper acting back, standing policies that answer without
a hand-over, and deadlines that default to passing."""

import json

import pytest
from infh import alguacil, aro, declare, keisotsu, of, order, position, run, shoot

from games.engine.infinity.system import SYSTEM
from games.engine.protocol import IllegalMove
from games.engine.rng import Rng

AUTO = {"on_sight": "shoot", "on_template": "dodge"}


def duel(k_facing=3, k_hex=(5, 5), policies=None, **kw):
    """a1 six hexes south of k1; k1 faces it (facing 3) or away (0)."""
    return position(
        [alguacil("a1", (5, 11)), keisotsu("k1", k_hex, k_facing)],
        policies=policies,
        **kw,
    )


def test_a_window_with_nobody_eligible_is_skipped_without_a_hand_over():
    state, events = run(duel(k_facing=0), [order(0, "a1"), declare(0, "move", path=[[5, 10]])])
    assert state.turn.pending.kind == "declare2" and state.turn.pending.seat == 0
    assert not of(events, "WindowOpened")


def test_a_trooper_seeing_the_route_is_offered_a_reaction():
    state, events = run(duel(), [order(0, "a1"), declare(0, "move", path=[[5, 10]])])
    assert state.turn.pending.kind == "aro" and state.turn.pending.eligible == ("k1",)
    assert of(events, "WindowOpened")[0]["window"] == 1


def test_a_trooper_in_the_zone_of_control_without_sight_may_only_dodge():
    data = duel(k_facing=0, k_hex=(5, 8))
    state, _ = run(data, [order(0, "a1"), declare(0, "move", path=[[5, 10]])])
    assert state.turn.pending.eligible == ("k1",)
    with pytest.raises(IllegalMove) as err:
        run(state, [aro(1, "k1", "bs_attack", weapon="combi_rifle", target="a1")])
    assert err.value.code == "no_line_of_fire"
    state, _ = run(state, [aro(1, "k1", "dodge")])
    assert state.turn.current.aros[0].skill == "dodge"


def test_a_reaction_fires_a_burst_of_one_face_to_face_against_the_shot_back():
    state, _ = run(duel(), [order(0, "a1"), declare(0, "move", path=[[5, 10]])])
    state, events = run(
        state,
        [
            aro(1, "k1", "bs_attack", weapon="combi_rifle", target="a1"),
            shoot(0, "a1", "combi_rifle", ("k1", 3)),
        ],
        dice={"a1.bs": [4, 9, 12], "k1.bs": [10], "k1.arm": [1]},
    )
    by = {c["attacker"]: c for c in of(events, "Contest")}
    assert len(by["k1"]["dice"]) == 1 and by["k1"]["opposed"] == "attack"
    assert by["a1"]["hits"] == 1 and by["k1"]["hits"] == 0  # 12 beats 10; 10 beats 4 and 9
    assert state.trooper("k1").state == "unconscious"


def test_a_trooper_that_passed_in_the_first_window_cannot_react_in_the_second():
    state, _ = run(
        duel(),
        [order(0, "a1"), declare(0, "move", path=[[5, 10]]), {"type": "aro_done", "seat": 1}],
    )
    assert state.turn.pending.kind == "declare2"
    state, events = run(state, [declare(0, "move", path=[[5, 9]])])
    assert state.turn.pending.kind == "order" and not of(events, "WindowOpened")


def test_a_reaction_resolves_against_the_route_hex_named_or_the_skills_end():
    state, _ = run(duel(), [order(0, "a1"), declare(0, "move", path=[[5, 10], [5, 9]])])
    with pytest.raises(IllegalMove) as err:
        run(state, [aro(1, "k1", "bs_attack", weapon="combi_rifle", target="a1", at=[0, 0])])
    assert err.value.code == "aro_not_eligible"
    state, _ = run(
        state, [aro(1, "k1", "bs_attack", weapon="combi_rifle", target="a1", at=[5, 11])]
    )
    assert state.turn.current.aros[0].at == (5, 11)


def test_a_reaction_out_of_range_or_already_declared_is_refused():
    far = position([alguacil("a1", (5, 13)), keisotsu("k1", (5, -2), 3)])
    state, _ = run(far, [order(0, "a1"), declare(0, "move", path=[[5, 12]])])
    with pytest.raises(IllegalMove) as err:
        run(state, [aro(1, "k1", "bs_attack", weapon="pistol", target="a1")])
    assert err.value.code == "out_of_range"
    state, _ = run(
        duel(), [order(0, "a1"), declare(0, "move", path=[[5, 10]]), aro(1, "k1", "dodge")]
    )
    with pytest.raises(IllegalMove) as err:
        run(state, [aro(1, "k1", "dodge")])
    assert err.value.code in ("aro_already_declared", "not_your_turn")


def test_a_shoot_policy_reacts_at_once_and_nobody_waits():
    state, events = run(
        duel(policies={1: {"k1": AUTO}}), [order(0, "a1"), declare(0, "move", path=[[5, 10]])]
    )
    assert state.turn.pending.kind == "declare2" and state.turn.pending.seat == 0
    declared = of(events, "AroDeclared")[0]
    assert declared["trooper"] == "k1" and declared["skill"] == "bs_attack"
    assert not of(events, "WindowOpened")


def test_a_dodge_templates_policy_dodges_a_template_and_shoots_otherwise():
    chain = {"id": "d1", "seat": 0, "profile": "jsa.domaru.chain", "hex": [5, 8], "facing": 0}
    data = position(
        [chain, keisotsu("k1", (5, 5), 3)], policies={1: {"k1": AUTO}}, sectorials=("jsa", "jsa")
    )
    state, events = run(data, [order(0, "d1"), declare(0, "move", path=[[5, 7]])])
    assert of(events, "AroDeclared")[0]["skill"] == "bs_attack"
    state, events = run(
        data,
        [order(0, "d1"), declare(0, "bs_attack", trooper="d1", weapon="chain_rifle", aim="d0")],
    )
    assert of(events, "AroDeclared")[0]["skill"] == "dodge"


def test_ask_me_hands_the_window_over_and_the_deadline_passes_it():
    state, _ = run(duel(), [order(0, "a1"), declare(0, "move", path=[[5, 10]])])
    assert SYSTEM.to_act(state) == (1,)
    default = SYSTEM.timeout_move(state, 1)
    assert default == {"type": "aro_done", "seat": 1}
    step = SYSTEM.apply(state, 1, default, Rng("deadline"))
    assert step.state.score is None and step.state.turn.pending.kind == "declare2"
    assert SYSTEM.outcome(SYSTEM.forfeit(state, 1, "resign").state).winners == (0,)
    assert SYSTEM.timeout_move(state, 0) is None


def test_a_second_skill_committed_in_advance_saves_the_hand_over():
    state, events = run(
        duel(policies={1: {"k1": AUTO}}),
        [
            order(0, "a1"),
            {
                **declare(0, "move", path=[[5, 10]]),
                "second": {
                    "skill": "bs_attack",
                    "weapon": "combi_rifle",
                    "targets": [{"trooper": "k1", "burst": 3}],
                },
            },
        ],
        dice={"a1.bs": [20, 20, 20], "k1.bs": [20]},
    )
    assert state.turn.pending.kind == "order"  # the whole order resolved in one move
    assert [c["attacker"] for c in of(events, "Contest")] == ["a1", "k1"]


def test_set_policy_is_secret_and_changes_the_next_reaction():
    data = duel()
    state, events = run(
        data, [{"type": "set_policy", "seat": 1, "troopers": ["k1"], "policy": AUTO}]
    )
    assert state.hidden[1].policy("k1", None).on_sight == "shoot"
    step = SYSTEM.apply(state, 1, {"type": "set_policy", "seat": 1, "policy": AUTO}, Rng("x"))
    event = step.events[0]
    assert event.for_seat(0) is None and event.for_seat(1) is not None
    assert "on_sight" not in json.dumps(SYSTEM.view(state, 0))
    assert "on_sight" in json.dumps(SYSTEM.view(state, 1))


def test_policies_may_be_set_on_the_way_when_ending_the_turn():
    data = duel()
    state, events = run(
        data,
        [
            {
                "type": "end_turn",
                "seat": 0,
                "policies": {"a1": {"on_sight": "shoot", "on_template": "dodge"}},
            }
        ],
    )
    assert state.hidden[0].policy("a1", None).on_sight == "shoot"
    assert state.turn.active_seat == 1
