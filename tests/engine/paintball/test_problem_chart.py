"""Misfires: every 1 rolled to hit consults the problem chart before anything else (§Tir Raté,
"Tableau des problèmes"; spec D9, D10, §9)."""

import pytest
from pbh import fig, play, position, refused

NEAR_SHOOTER = {"m1": {"hex": [0, 1]}, "m2": {"hex": [-2, -2]}}
FAR = {"m1": {"hex": [1, -3]}, "m2": {"hex": [-2, -2]}}


def _state(marshals=FAR, **r1):
    figures = {
        "r1": fig("red", (-1, 3), expert=True, ap=3, **r1),
        "b1": fig("blue", (-1, 1)),
    }
    return position(figures, marshals=marshals)


def _volley(n=2):
    return {"type": "shoot", "figure": "r1", "targets": ["b1"] * n}


def test_chart_one_out_of_gas_removes_the_shooter_and_cancels_the_rest():
    played = play(_state(), "red", _volley(), [1, 6, 1])
    assert played.state.figure("r1").out_reason == "out_of_gas"
    assert "SavingRolled" not in played.kinds()


def test_chart_two_out_of_ammo_disables_and_only_reloading_helps():
    played = play(_state(), "red", _volley(1), [1, 2])
    r1 = played.state.figure("r1")
    assert (r1.state, r1.disabled_by, r1.ap) == ("disabled", "ammo", 2)
    refused(played.state, "red", {"type": "move", "figure": "r1", "to": [0, 2]}, "out_of_ammo")
    reloaded = play(played.state, "red", {"type": "reload", "figure": "r1"}).state
    assert reloaded.figure("r1").state == "ready" and reloaded.figure("r1").ap == 0


def test_reloading_is_only_for_a_figure_out_of_ammo():
    refused(_state(), "red", {"type": "reload", "figure": "r1"}, "not_out_of_ammo")


def test_chart_three_jams_the_gun_and_sends_the_nearest_marshal():
    played = play(_state(NEAR_SHOOTER), "red", _volley(), [1, 6, 3])
    assert played.state.figure("r1").state == "neutral"
    assert played.state.current is None
    m1 = played.state.marshal("m1")
    assert (m1.hex, m1.jam, m1.arrived_turn) == ((-1, 3), "r1", 1)


def test_a_jam_is_cleaned_at_the_end_of_the_turn_after_the_marshal_arrived():
    jammed = play(_state(NEAR_SHOOTER), "red", _volley(1), [1, 3]).state
    state = play(play(jammed, "red", {"type": "end_phase"}).state, "blue", {"type": "end_phase"})
    assert state.state.figure("r1").state == "neutral"  # arrived this turn: one full turn needed
    turn2 = play(state.state, None, {"type": "begin_turn"}, [5, 2]).state
    done = play(play(turn2, "red", {"type": "end_phase"}).state, "blue", {"type": "end_phase"})
    assert done.state.figure("r1").state == "ready"
    assert done.state.marshal("m1").free
    assert "JamCleared" in done.kinds()


@pytest.mark.parametrize("entry", [4, 5])
def test_chart_four_and_five_cancel_the_other_shots(entry):
    played = play(_state(), "red", _volley(3), [6, 1, 6, entry])
    assert "ShotsCancelled" in played.kinds()
    assert "SavingRolled" not in played.kinds()


def test_chart_five_returns_a_sentry_shooter_to_normal():
    figures = {
        "r1": fig("red", (-1, 3), state="sentry", activated=True),
        "b1": fig("blue", (-1, 0), activated=False),
    }
    state = position(figures, marshals=FAR, active="blue", first="blue")
    played = play(state, "blue", {"type": "move", "figure": "b1", "to": [-1, 1]}, [1, 5])
    assert played.state.figure("r1").state == "ready"


def test_chart_six_with_a_marshal_near_rolls_for_disqualification():
    out = play(_state(NEAR_SHOOTER), "red", _volley(1), [1, 6, 6])
    assert out.state.figure("r1").out_reason == "disqualified"
    fine = play(_state(NEAR_SHOOTER), "red", _volley(2), [1, 5, 6, 4, 2, 1])
    assert fine.state.figure("r1").state == "ready"
    assert fine.first("GogglesChecked")["disqualified"] is False
    # The volley went on: the 5 hits at range 2, the save fails on 2, the check of 1 clears it.
    assert [e["die"] for e in fine.all("SavingRolled")] == [2]


def test_chart_six_with_no_marshal_near_changes_nothing():
    played = play(_state(), "red", _volley(1), [1, 6])
    assert played.state.figure("r1").state == "ready"
    assert "GogglesChecked" not in played.kinds()


def test_a_die_showing_one_never_hits_even_when_the_chart_is_harmless():
    played = play(_state(), "red", _volley(1), [1, 6])
    assert "SavingRolled" not in played.kinds()
