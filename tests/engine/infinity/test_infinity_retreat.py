"""Retreat! in full (turns.py `in_retreat`, after the French text seed 003: the link breaks,
every trooper's impetuous order towards its deployment zone, its troopers fleeing): a trooper in
Retreat! on its table edge leaves the battlefield (`withdraw`), is no casualty, and an army with
nobody left on the table ends the game. The game no longer ends with the game turn."""

import pytest
from infh import alguacil, aro, declare, keisotsu, of, order, position, run

from games.engine.infinity.system import SYSTEM
from games.engine.infinity.turns import victory_points
from games.engine.protocol import IllegalMove

EDGE = (5, 13)  # row 15: the south edge of seat 0's zone on the 16 x 16 board


def retreating(a1=EDGE, k_facing=0, **kw):
    data = position(
        [
            alguacil("a1", a1),
            alguacil("a2", (9, 8), state="dead", wounds=2),
            keisotsu("k1", (5, 2), k_facing),
        ],
        points=(15, 9),
        lieutenants=("a1", "k1"),
        orders={0: {"impetuous": {"a1": 1}, "regular": 0}},
        **kw,
    )
    data["seats"][0]["retreat"] = True
    return data


def flee():
    return [
        order(0, "a1", kind="impetuous"),
        declare(0, "withdraw", trooper="a1"),
        declare(0, "none"),
    ]


def test_a_trooper_in_retreat_leaves_by_its_table_edge_and_is_no_casualty():
    data = retreating()
    before = victory_points(run(data, [])[0], 1)
    state, _ = run(data, [order(0, "a1", kind="impetuous")])
    assert declare(0, "withdraw", trooper="a1") in SYSTEM.legal_moves(state, 0)
    state, events = run(state, flee()[1:])
    assert of(events, "Withdrew") == [{"kind": "Withdrew", "trooper": "a1", "seat": 0}]
    a1 = state.trooper("a1")
    assert a1.state == "withdrawn" and a1.hex is None and not a1.on_table
    assert victory_points(state, 1) == before  # the enemy scores nothing for it


def test_withdrawing_is_refused_off_the_edge_or_out_of_retreat():
    state, _ = run(retreating(a1=(5, 12)), [order(0, "a1", kind="impetuous")])
    assert declare(0, "withdraw", trooper="a1") not in SYSTEM.legal_moves(state, 0)
    with pytest.raises(IllegalMove) as err:
        run(state, [declare(0, "withdraw", trooper="a1")])
    assert err.value.code == "skill_not_allowed"
    calm = retreating()
    calm["seats"][0]["retreat"] = False
    calm["turn"]["orders"]["0"] = {"regular": 1}
    state, _ = run(calm, [order(0, "a1")])
    with pytest.raises(IllegalMove):
        run(state, [declare(0, "withdraw", trooper="a1")])


def test_a_trooper_shot_down_as_it_flees_stays_on_the_table():
    state, _ = run(
        retreating(k_facing=3),
        [order(0, "a1", kind="impetuous"), declare(0, "withdraw", trooper="a1")],
    )
    assert state.turn.pending.kind == "aro"
    state, events = run(
        state,
        [aro(1, "k1", "bs_attack", weapon="combi_rifle", target="a1"), declare(0, "none")],
        dice={"k1.bs": [1], "a1.arm": [1]},
    )
    assert not of(events, "Withdrew") and state.trooper("a1").state == "unconscious"


def test_an_army_that_has_fled_entirely_ends_the_game_at_its_next_turn():
    state, _ = run(retreating(), [*flee(), {"type": "end_turn", "seat": 0}])
    assert state.score is None and state.turn.active_seat == 1
    state, events = run(state, [{"type": "end_turn", "seat": 1}])
    assert state.score is not None and state.score.reason == "no_troopers"
    assert of(events, "GameEnded")[0]["vp"] == [0, 10]  # the dead a2 (10 points); a1 fled
