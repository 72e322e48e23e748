"""Marshals driven by the engine (§Contrôle de touche, §Tir Raté chart 3; spec §9, D1, D10, D16)."""

from pbh import fig, play, position, refused

from games.engine.hexgrid import line
from games.engine.paintball.ctx import Ctx
from games.engine.paintball.dice import Dice
from games.engine.paintball.marshals import walk_target
from games.engine.paintball.turn import end_turn


def test_a_marshal_walks_two_hexes_along_the_line_towards_the_target():
    state = position({"r1": fig("red", (0, 2))})
    assert walk_target(state, (0, 3), (0, -3)) == (0, 1)


def test_off_the_board_a_marshal_walks_to_the_hex_two_away_nearest_the_target():
    assert line((0, 0), (4, -2), 1)[2] == (2, -1)  # not on the board below
    marshals = {"m1": {"hex": [0, 0]}, "m2": {"hex": [0, 0]}}
    board = {"hexes": [[0, 0], [2, 0], [1, 1], [4, -2]], "homes": {}}
    state = position({"r1": fig("red", (4, -2))}, board=board, marshals=marshals)
    assert walk_target(state, (0, 0), (4, -2)) == (2, 0)


def test_a_jam_far_from_every_marshal_brings_one_two_hexes_a_turn():
    figures = {"r1": fig("red", (-1, 3), state="neutral"), "b1": fig("blue", (0, -2))}
    marshals = {
        "m1": {"hex": [1, -3], "busy": {"jam": "r1", "arrived_turn": None}},
        "m2": {"hex": [1, -3], "busy": {"jam": "b1", "arrived_turn": None}},
    }
    state = position(figures, marshals=marshals, turn=4)
    ctx = Ctx(state, Dice(forced=[]))
    end_turn(ctx)
    m1 = ctx.state.marshal("m1")
    assert m1.arrived_turn is None and m1.hex != (1, -3)
    assert ctx.state.figure("r1").state == "neutral"


def test_a_jam_with_no_free_marshal_is_assigned_when_one_becomes_free():
    figures = {
        "r1": fig("red", (0, 2), state="neutral"),
        "b1": fig("blue", (0, -2), state="neutral"),
    }
    marshals = {
        "m1": {"hex": [0, -2], "busy": {"jam": "b1", "arrived_turn": 3}},
        "m2": {"hex": [1, -3], "busy": {"jam": "b1", "arrived_turn": None}},
    }
    state = position(figures, marshals=marshals, turn=4)
    ctx = Ctx(state, Dice(forced=[]))
    end_turn(ctx)
    assert ctx.state.figure("b1").state == "ready"
    assert ctx.state.marshal("m1").jam == "r1" or ctx.state.marshal("m2").jam == "r1"


def test_a_jammed_figure_cannot_act_nor_be_shot_and_stops_shots_as_an_obstacle():
    figures = {
        "r1": fig("red", (0, 2)),
        "r2": fig("red", (-1, 3), state="neutral"),
        "b1": fig("blue", (0, -1)),
        "b2": fig("blue", (0, 0), state="neutral"),
    }
    marshals = {"m1": {"hex": [1, -3]}, "m2": {"hex": [-2, 4]}}
    state = position(figures, marshals=marshals)
    refused(state, "red", {"type": "move", "figure": "r2", "to": [0, 3]}, "not_ready")
    refused(state, "red", {"type": "shoot", "figure": "r1", "targets": ["b2"]}, "not_a_target")
    played = play(state, "red", {"type": "shoot", "figure": "r1", "targets": ["b1"]}, [6, 5])
    assert played.first("ShotStopped") == {"obstacle": "figure", "name": "b2"}
    assert played.state.figure("b2").state == "neutral" and "SavingRolled" not in played.kinds()


def test_a_busy_marshal_checks_no_hits():
    figures = {
        "r1": fig("red", (0, 2)),
        "b1": fig("blue", (0, -1)),
        "b2": fig("blue", (-1, -1), state="neutral"),
    }
    marshals = {
        "m1": {"hex": [-1, -1], "busy": {"jam": "b2", "arrived_turn": 1}},
        "m2": {"hex": [-2, 4]},
    }
    played = play(
        position(figures, marshals=marshals),
        "red",
        {"type": "shoot", "figure": "r1", "targets": ["b1"]},
        [6, 3],
    )
    assert played.first("MarshalWalked")["marshal"] == "m2"
    assert played.state.figure("b1").state == "ready"


def test_two_hits_on_one_figure_are_checked_one_after_the_other():
    figures = {"r1": fig("red", (0, 2)), "b1": fig("blue", (0, -1))}
    marshals = {"m1": {"hex": [-1, -1]}, "m2": {"hex": [-2, 4]}}
    shot = {"type": "shoot", "figure": "r1", "targets": ["b1", "b1"]}
    played = play(position(figures, marshals=marshals), "red", shot, [5, 5, 2, 3, 2, 4])
    assert [c["die"] for c in played.all("HitChecked")] == [3, 4]
    assert played.state.figure("b1").state == "out"


def test_marshals_never_block_movement_nor_count_for_stacking():
    figures = {
        "r1": fig("red", (0, 1)),
        "r2": fig("red", (0, 0)),
        "r3": fig("red", (0, 0)),
        "b1": fig("blue", (0, -2)),
    }
    marshals = {"m1": {"hex": [0, 0]}, "m2": {"hex": [0, 0]}}
    after = play(
        position(figures, marshals=marshals), "red", {"type": "move", "figure": "r1", "to": [0, 0]}
    )
    assert after.state.figure("r1").hex == (0, 0)


def test_a_marshal_busy_with_a_jam_does_not_notice_misted_goggles():
    figures = {
        "r1": fig("red", (0, 2)),
        "r2": fig("red", (0, 1), state="neutral"),
        "b1": fig("blue", (-1, -1)),
    }
    marshals = {
        "m1": {"hex": [0, 1], "busy": {"jam": "r2", "arrived_turn": 1}},
        "m2": {"hex": [-2, -2]},
    }
    shot = {"type": "shoot", "figure": "r1", "targets": ["b1"]}
    played = play(position(figures, marshals=marshals), "red", shot, [1, 6])
    assert "GogglesChecked" not in played.kinds()
    assert played.state.figure("r1").state == "ready"
