"""The Lieutenant special order spent to pass a Guts roll (spec B.13 and B.11 after the N2 quick
reference, H: the French Human Sphere text has no word on it; `conclude.guts_lieutenant`)."""

import pytest
from infh import alguacil, aro, declare, keisotsu, of, order, position, run, shaken

from games.engine.infinity.system import SYSTEM
from games.engine.protocol import IllegalMove

COVER = [((4, 10), "building"), ((6, 9), "building")]


def shaken_active(lieutenant="a2", orders=None):
    """a1 (active) moves, the Keisotsu k1 shoots it in ARO, a1 saves and fails its Guts roll,
    with two hexes out of k1's sight beside it."""
    data = position(
        [alguacil("a1", (5, 11)), alguacil("a2", (1, 14)), keisotsu("k1", (5, 5), 3)],
        scenery=COVER,
        lieutenants=(lieutenant, None),
        orders=orders,
    )
    return run(
        data,
        [
            order(0, "a1"),
            declare(0, "move", path=[[5, 10]]),
            aro(1, "k1", "bs_attack", weapon="combi_rifle", target="a1"),
            declare(0, "none"),
        ],
        dice={"k1.bs": [1], "a1.arm": [20], "a1.guts": [20]},
    )


def stand(trooper="a1"):
    return {"type": "guts", "seat": 0, "trooper": trooper, "lieutenant": True}


def test_the_lieutenant_order_makes_a_shaken_trooper_stand_its_ground():
    state, _ = shaken_active()
    assert state.turn.pending.kind == "guts" and state.turn.pending.seat == 0
    moves = SYSTEM.legal_moves(state, 0)
    assert stand() in moves and len(moves) == len(state.turn.pending.options) + 1
    state, events = run(state, [stand()])
    assert state.trooper("a1").hex == (5, 10)  # it did not move
    assert state.turn.orders[0].lieutenant == 0 and state.turn.orders[0].regular == 9
    assert of(events, "LieutenantOrderUsed")[0]["use"] == "guts"
    assert of(events, "GutsPassed")[0] == {
        "kind": "GutsPassed",
        "trooper": "a1",
        "lieutenant": True,
    }
    assert state.turn.pending.kind == "order" and state.turn.pending.seat == 0
    # spent on another trooper, the order does not reveal who the Lieutenant is (FT-5's logic)
    assert state.seats[0].revealed_lieutenant is None


def test_spent_on_the_lieutenant_itself_it_reveals_the_lieutenant():
    state, _ = shaken_active(lieutenant="a1")
    state, _ = run(state, [stand()])
    assert state.seats[0].revealed_lieutenant == "a1"


def test_without_the_lieutenant_order_it_is_not_offered_and_a_forged_one_changes_nothing():
    state, _ = shaken_active(orders={0: {"regular": 10, "lieutenant": 0}})
    assert stand() not in SYSTEM.legal_moves(state, 0)
    with pytest.raises(IllegalMove) as err:
        run(state, [stand()])
    assert err.value.code == "no_orders_left"
    assert state.turn.pending.kind == "guts"  # states are immutable: the position is unchanged


def test_the_reactive_seat_holds_no_lieutenant_order_to_spend():
    data = position(
        [alguacil("a1", (5, 11)), keisotsu("k9", (6, 5), 3, kind="combi")],
        scenery=[((7, 5), "building")],
        lieutenants=(None, "k9"),
    )
    data["troopers"][1]["profile"] = "bakunin.moderator.combi"  # no V: Courage
    state, _ = shaken(data)
    assert state.turn.pending.kind == "guts" and state.turn.pending.seat == 1
    forged = {"type": "guts", "seat": 1, "trooper": "k9", "lieutenant": True}
    assert forged not in SYSTEM.legal_moves(state, 1)
    with pytest.raises(IllegalMove):
        run(state, [forged])


def test_only_the_trooper_whose_guts_failed_may_be_named():
    state, _ = shaken_active()
    with pytest.raises(IllegalMove) as err:
        run(state, [stand("a2")])
    assert err.value.code == "trooper_cannot_act"
