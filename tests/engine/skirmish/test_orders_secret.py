"""Secret simultaneous orders (skirmish.md §6.1, §11): hidden from the other seat in every view
until both have submitted; replaceable until the reveal; the last submission resolves."""

import json

import pytest

from games.engine.protocol import IllegalMove
from games.engine.skirmish.system import SYSTEM
from tests.engine.skirmish.sk import fire, kinds, model, play, position


def duel():
    return position(
        {"r1": model("red", (0, 4)), "b1": model("blue", (0, -3))},
        phase="aimed_fire",
    )


def test_a_seats_orders_are_hidden_from_the_other_seat_and_spectators_until_both_submit():
    state, events = play(duel(), "red", fire("aimed_orders", ("r1", "b1")))
    assert kinds(events) == ["OrdersSubmitted"]
    for seat in (1, None):
        text = json.dumps(SYSTEM.view(state, seat))
        assert '"model": "r1", "targets"' not in text
        assert SYSTEM.view(state, seat)["position"]["submitted"] == {"red": True, "blue": False}
    assert SYSTEM.view(state, 0)["position"]["orders"]["red"][0]["targets"] == ["b1"]
    for event in events:
        assert "orders" not in event.data


def test_orders_may_be_replaced_until_the_other_seat_submits():
    state, _ = play(duel(), "red", fire("aimed_orders", ("r1", "b1")))
    state, _ = play(state, "red", fire("aimed_orders"))
    assert state.orders[0] == ()


def test_the_last_submission_reveals_and_resolves_at_once():
    state, _ = play(duel(), "red", fire("aimed_orders", ("r1", "b1")))
    # red hits on 1 (<= 3), no cover, blue armour 2 fails on 5; blue misses on 6.
    state, events = play(state, "blue", fire("aimed_orders", ("b1", "r1")), dice=[1, 5, 6])
    assert "OrdersRevealed" in kinds(events)
    assert not state.model("b1").alive and state.model("r1").alive


def test_a_seat_with_nothing_to_decide_is_submitted_automatically_and_cannot_order():
    state = position(
        {"r1": model("red", (0, 4)), "b1": model("blue", (0, -3), shoot=0, moved=True)},
        phase="movement",
    )
    state, _ = play(state, "red", {"type": "end_movement"})
    assert state.phase == "aimed_fire" and state.submitted == (False, True)
    with pytest.raises(IllegalMove) as caught:
        play(state, "blue", fire("aimed_orders"))
    assert caught.value.code == "not_your_turn"


def test_a_step_nobody_has_anything_to_decide_in_is_skipped():
    state = position(
        {"r1": model("red", (0, 4), shoot=0), "b1": model("blue", (0, -3), shoot=0)},
        phase="movement",
        active="blue",
        initiative_order=["red", "blue"],
    )
    state, events = play(state, "blue", {"type": "end_movement"})
    assert state.phase == "turn_start" and state.turn == 2


def test_determinize_never_reads_the_hidden_orders():
    state, _ = play(duel(), "red", fire("aimed_orders", ("r1", "b1")))
    view = SYSTEM.view(state, 1)
    from games.engine.rng import Rng

    guessed = SYSTEM.determinize(view, 1, Rng("x"))
    assert guessed.submitted == (True, False) and guessed.orders[0] is not None
    same = SYSTEM.determinize(
        SYSTEM.view(play(duel(), "red", fire("aimed_orders"))[0], 1), 1, Rng("x")
    )
    assert same.orders == guessed.orders  # the same view gives the same guess
