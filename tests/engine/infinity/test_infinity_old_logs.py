"""The contract kept (README "Command line"): move logs recorded with the engine as it was before
G: Servant, CrazyKoalas, the full Retreat! and the Lieutenant's Guts order (main at 8f5aef0,
random games of the four scenario set-ups, configs without `setup_version`) replay to the very
same position. (None of them reaches Retreat!, whose end of the game changed on purpose: README
"Retreat! in full"; a position saved with the old end keeps it, test_infinity_game_flow.py.)
So do the random games of `setup_version` 2 recorded before the JSA's starter became Part C's
(main at 45209f9: k4 a paramedic, 152 points; README "Set-up versions")."""

import json
from pathlib import Path

import pytest

from games.engine.infinity.position import state_to_json
from games.engine.infinity.system import SYSTEM
from games.engine.rng import Rng

DATA = Path(__file__).parent / "data"
LOGS = [
    log
    for name in ("move_logs_main_8f5aef0.json", "move_logs_setup_v2_45209f9.json")
    for log in json.loads((DATA / name).read_text())
]


@pytest.mark.parametrize("log", LOGS, ids=[g["seed"] for g in LOGS])
def test_an_old_move_log_replays_to_the_same_final_position(log):
    start = SYSTEM.setup(log["config"], 2, Rng(log["seed"]))
    state, rng = start.state, start.rng
    for move in log["moves"]:
        step = SYSTEM.apply(state, SYSTEM.to_act(state)[0], move, rng)
        state, rng = step.state, step.rng
    assert state_to_json(state)["score"] == log["score"]
    assert _known(state_to_json(state), log["final"]) == log["final"]


def _known(new, old):
    """`new` restricted to the fields `old` has: fields added since are always written on
    output (README "Position format") and do not change the game."""
    if isinstance(old, dict) and isinstance(new, dict):
        return {k: _known(new[k], v) for k, v in old.items() if k in new}
    if isinstance(old, list) and isinstance(new, list) and len(old) == len(new):
        return [_known(n, o) for n, o in zip(new, old, strict=True)]
    return new
