"""The computer opponent (games.engine.search at medium, on paintball's evaluate) goes for the
scenario's objective (spec §5, objectives.py)."""

import pytest
from pbh import fig, position

from games.engine import search
from games.engine.hexgrid import distance
from games.engine.paintball.system import SYSTEM
from games.engine.rng import Rng

RED_HOME = (0, 3)


@pytest.mark.parametrize("seed", ["carry0", "carry1"])
def test_the_computer_runs_the_captured_flag_home_rather_than_sit_in_the_enemy_base(seed):
    # Capture the flag, turn 8 of 12: red's r1 holds the blue flag in the blue home (a base,
    # hit only on a 6), six hexes from its own home: three phases of running. Sitting there
    # safe wins nothing (the count decides at the limit); the computer starts running.
    state = position(
        {
            "r1": fig("red", (0, -3)),
            "r2": fig("red", (-2, 4)),
            "b1": fig("blue", (-2, 1)),
            "b2": fig("blue", (1, 2)),
        },
        scenario="capture_the_flag",
        marshals={"m1": {"hex": [-2, 1]}, "m2": {"hex": [0, 0]}},
        flags={"blue": {"hex": [0, -3], "carrier": "r1"}, "red": {"hex": [0, 3], "carrier": None}},
        turn=8,
        active="red",
        first="red",
    )
    move = search.bot_move(SYSTEM, state, 0, Rng(seed), "medium")
    assert move["type"] == "move" and move["figure"] == "r1", move
    after = SYSTEM.apply(state, 0, move, Rng("dice")).state
    assert distance(after.figure("r1").hex, RED_HOME) < distance((0, -3), RED_HOME)
