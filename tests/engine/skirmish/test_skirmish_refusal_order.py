"""Refusal codes in the §7 check order (skirmish.md §7: "Common codes, checked first in this
order: not_your_turn, wrong_phase, decision_pending, not_your_model, model_dead"; each move's
codes "in check order", each code over the whole move before the next) and hand-written
positions taken as they are (§12)."""

import pytest

from games.engine.protocol import IllegalMove
from tests.engine.skirmish.sk import fire, kinds, model, play, position


def code_of(state, seat, move, dice=()):
    with pytest.raises(IllegalMove) as caught:
        play(state, seat, move, dice)
    return caught.value.code


def initiative():
    state = position({"r1": model("red", (0, 4)), "b1": model("blue", (0, -4))})
    return play(state, None, {"type": "begin_turn"}, dice=[6, 1])[0]


def test_the_common_codes_come_in_the_specified_order():
    state = initiative()  # red won the roll: choose_first is pending in phase `initiative`
    assert code_of(state, "blue", {"type": "choose_first", "first": "blue"}) == "not_your_turn"
    assert code_of(state, "red", {"type": "end_movement"}) == "wrong_phase"
    setup = position(
        {"r1": model("red", (0, 4)), "b1": model("blue", (0, -4))},
        phase="setup",
        pending={"seat": "red", "kind": "choose_layout", "options": ["outpost", "badlands"]},
    )
    assert code_of(setup, "red", {"type": "choose_edge", "edge": "north"}) == "decision_pending"
    assert code_of(setup, "red", {"type": "deploy", "unit": "u", "hexes": {"r1": [0, 6]}}) == (
        "wrong_phase"
    )


def test_orders_report_each_code_over_the_whole_list_before_the_next():
    state = position(
        {
            "r1": model("red", (0, 4)),
            "r2": model("red", (2, 4)),
            "r3": {**model("red", (4, 2)), "alive": False},
            "b1": model("blue", (0, -2), shoot=0),
            "b2": model("blue", (2, 5), shoot=0),  # in contact with r2
        },
        phase="aimed_fire",
    )
    # r2 is engaged (model_engaged) but b9 is no model of red's: not_your_model comes first.
    orders = fire("aimed_orders", ("r2", "b1"), ("b9", "r1"))
    assert code_of(state, "red", orders) == "not_your_model"
    orders = fire("aimed_orders", ("r2", "b1"), ("r3", "b1"))
    assert code_of(state, "red", orders) == "model_dead"
    orders = fire("aimed_orders", ("r2", "b1"), ("r1", "b1"), ("r1", "b1"))
    assert code_of(state, "red", orders) == "duplicate_order"
    # r1 names too many targets, r2 is engaged: model_engaged is checked first.
    orders = fire("aimed_orders", ("r1", "b1", "b1"), ("r2", "b1"))
    assert code_of(state, "red", orders) == "model_engaged"
    # r1 names an enemy in melee, then one out of range: target_in_melee comes first.
    two = position(
        {
            "r1": model("red", (0, 4), shoot_attacks=2),
            "b1": model("blue", (0, -6), shoot=0),
            "b2": model("blue", (2, 1), shoot=0),
            "r4": model("red", (3, 0), shoot=0),
        },
        phase="aimed_fire",
    )
    assert code_of(two, "red", fire("aimed_orders", ("r1", "b1", "b2"))) == "target_in_melee"


def test_a_paths_codes_come_in_the_specified_order():
    state = position(
        {"r1": model("red", (0, 4)), "b1": model("blue", (0, -6), moved=True)},
        phase="movement",
        terrain=[{"id": "h", "type": "building", "hexes": [[0, 3]]}],
    )
    # The first step is impassable, the second not adjacent: not_adjacent is checked first.
    move = {"type": "move", "model": "r1", "path": [[0, 3], [5, 5]]}
    assert code_of(state, "red", move) == "not_adjacent"
    move = {"type": "move", "model": "r1", "path": [[0, 3], [0, 2]]}
    assert code_of(state, "red", move) == "impassable"


def test_a_flight_reports_movement_then_contact_then_an_occupied_hex():
    state = position(
        {
            "r1": model("red", (0, 4)),
            "b1": model("blue", (0, 3)),
            "b2": model("blue", (1, 2)),
        },
        phase="flee_move",
        active="blue",
        fled=["b1"],
        flee_contacts={"b1": ["r1"]},
    )
    # (1, 2) is taken by b2 and next to nobody red: hex_occupied comes after the others.
    assert code_of(state, "blue", {"type": "flee_move", "model": "b1", "path": [[1, 2]]}) == (
        "hex_occupied"
    )
    # (1, 3) is next to r1 and free: still_in_contact.
    assert code_of(state, "blue", {"type": "flee_move", "model": "b1", "path": [[1, 3]]}) == (
        "still_in_contact"
    )


def test_passing_the_barrel_checks_both_models_are_ones_own_first():
    state = position(
        {"r1": model("red", (0, 4)), "r2": model("red", (0, 3)), "b1": model("blue", (0, -4))},
        phase="movement",
        scenario="radioactive_barrel",
        scenario_state={"barrel": {"hex": [0, 4], "carrier": "r1"}},
    )
    assert code_of(state, "red", {"type": "pass_barrel", "from": "r1", "to": "b1"}) == (
        "not_your_model"
    )
    assert code_of(state, "red", {"type": "pass_barrel", "from": "r2", "to": "r1"}) == "no_barrel"


def test_a_hand_written_position_waits_for_every_unsubmitted_seat_even_with_nothing_to_decide():
    state = position(
        {"r1": model("red", (0, 4)), "b1": model("blue", (0, -2), shoot=0)},
        phase="aimed_fire",
    )
    state, events = play(state, "red", fire("aimed_orders", ("r1", "b1")))
    assert kinds(events) == ["OrdersSubmitted"] and state.phase == "aimed_fire"
    assert code_of(state, "blue", fire("aimed_orders", ("b1", "r1"))) == "no_ranged_attack"
    state, events = play(state, "blue", fire("aimed_orders"), dice=[1, 6])
    assert "OrdersRevealed" in kinds(events) and not state.model("b1").alive
