"""Sentry mode (§Mode sentinelle; spec D19, §12): triggers, policies, decisions, secrecy."""

from pbh import fig, play, position, refused

from games.engine.paintball.view import view

FAR = {"m1": {"hex": [1, -3]}, "m2": {"hex": [-2, -2]}}


def _watch(policy="fire", facing=0, **extra):
    figures = {
        "r1": fig("red", (0, 2), state="sentry", sentry_policy=policy, facing=facing),
        "b1": fig("blue", (1, -2)),
    }
    figures.update(extra)
    return position(figures, marshals=FAR, active="blue", first="red")


MOVE = {"type": "move", "figure": "b1", "path": [[0, -1], [0, 0]]}


def test_entering_sentry_mode_costs_two_points_and_ends_the_activation():
    state = position({"r1": fig("red", (0, 2)), "b1": fig("blue", (0, -2))}, marshals=FAR)
    played = play(state, "red", {"type": "sentry", "figure": "r1", "policy": "ask"})
    r1 = played.state.figure("r1")
    assert (r1.state, r1.ap, r1.sentry_policy, played.state.current) == ("sentry", 0, "ask", None)


def test_no_sentry_in_a_base_nor_for_the_flag_carrier():
    figures = {"r1": fig("red", (0, 3)), "r2": fig("red", (0, 1)), "b1": fig("blue", (0, -2))}
    flags = {"blue": {"hex": [0, 1], "carrier": "r2"}}
    state = position(figures, marshals=FAR, flags=flags, scenario="capture_the_flag", terrain=[])
    refused(state, "red", {"type": "sentry", "figure": "r1"}, "no_sentry_in_bunker")
    refused(state, "red", {"type": "sentry", "figure": "r2"}, "flag_carrier_cannot_sentry")


def test_a_sentry_fires_when_an_enemy_steps_into_its_sight_and_the_rest_of_the_path_drops():
    played = play(_watch(), "blue", MOVE, [2])
    assert played.first("SentryFired") == {"figure": "r1", "target": "b1", "mode": "normal"}
    assert played.state.figure("b1").hex == (0, -1)
    assert played.state.figure("r1").state == "sentry"  # it stays on watch


def test_a_suppressing_sentry_pins_the_mover_down():
    played = play(_watch("suppress"), "blue", MOVE, [5, 2])
    assert played.state.figure("b1").disabled_by == "suppressed"


def test_an_asking_sentry_leaves_the_decision_to_its_owner_then_play_returns_to_the_mover():
    played = play(_watch("ask"), "blue", MOVE)
    pending = played.state.pending
    assert (pending.seat, pending.kind, pending.context_json()["sentry"]) == (
        "red",
        "sentry_fire",
        "r1",
    )
    refused(played.state, "blue", {"type": "end_phase"}, "not_your_turn")
    answered = play(played.state, "red", {"type": "sentry_fire", "figure": "r1", "fire": True}, [3])
    assert answered.state.pending is None and answered.state.active == "blue"
    held = play(played.state, "red", {"type": "sentry_fire", "figure": "r1", "fire": False})
    assert "ShotDiceRolled" not in held.kinds()


def test_several_sentries_act_in_ascending_id_order():
    state = _watch(r2=fig("red", (-1, 2), state="sentry", facing=0))
    played = play(state, "blue", MOVE, [2, 2])
    assert [e["figure"] for e in played.all("SentryFired")] == ["r1", "r2"]


def test_a_sentry_does_not_see_into_its_blind_spots():
    state = position(
        {
            "r1": fig("red", (0, 2), state="sentry", facing=3),  # looking south, away
            "b1": fig("blue", (1, -2)),
        },
        marshals=FAR,
        active="blue",
        advanced={"blind_spots": True},
    )
    assert "SentryFired" not in play(state, "blue", MOVE).kinds()


def test_activating_a_sentry_makes_it_leave_sentry_mode():
    state = position(
        {"r1": fig("red", (0, 2), state="sentry"), "b1": fig("blue", (1, -2))}, marshals=FAR
    )
    after = play(state, "red", {"type": "move", "figure": "r1", "to": [0, 1]}).state
    assert after.figure("r1").state == "ready"


def test_sentry_policies_are_hidden_from_the_other_team_and_spectators():
    state = _watch("ask")
    assert view(state, "blue")["figures"]["r1"]["sentry_policy"] is None
    assert view(state, None)["figures"]["r1"]["sentry_policy"] is None
    assert view(state, "red")["figures"]["r1"]["sentry_policy"] == "ask"
    entered = play(
        position({"r1": fig("red", (0, 2)), "b1": fig("blue", (0, -2))}, marshals=FAR),
        "red",
        {"type": "sentry", "figure": "r1", "policy": "suppress"},
    )
    event = next(e for e in entered.events if e.kind == "SentryEntered")
    assert "policy" not in event.for_seat(1) and event.for_seat(0)["policy"] == "suppress"
