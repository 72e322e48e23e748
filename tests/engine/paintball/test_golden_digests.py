"""Golden playthroughs, in brief: four seeded games (one per scenario, advanced rules on) played by
the cheap random mover (`legal.random_move`, so a change to it changes them too) must end in
exactly these states, the same under every PYTHONHASHSEED. A rules change that alters them needs
a system version bump (ARCHITECTURE.md, "Golden playthroughs"); the failure shows the new
digest."""

import hashlib
import json

import pytest

from games.engine.paintball import moves as mv
from games.engine.paintball.board import SEATS
from games.engine.paintball.legal import random_move
from games.engine.paintball.system import SYSTEM
from games.engine.rng import Rng

GOLDEN = {
    "base_assault": "46935c76e8e87e48",
    "capture_the_flag": "58cd82f11f6c7c3b",
    "centre_flag": "a20cad2b1f9442ff",
    "elimination": "78cd9308ebb588ce",
}
VERSION = 2


def _final(scenario):
    config = {"scenario": scenario, "experts": True, "grenades": True, "blind_spots": True}
    start = SYSTEM.setup(config, 2, Rng(f"golden:{scenario}"))
    state, rng, chooser = start.state, start.rng, Rng(f"golden-chooser:{scenario}")
    while SYSTEM.outcome(state) is None:
        seat = SYSTEM.to_act(state)[0]
        move, chooser = random_move(state, SEATS[seat], chooser)
        step = SYSTEM.apply(state, seat, mv.encode(move), rng)
        state, rng = step.state, step.rng
    text = json.dumps(SYSTEM.state_to_json(state), sort_keys=True)
    return hashlib.sha256(text.encode()).hexdigest()[:16]


@pytest.mark.parametrize("scenario", sorted(GOLDEN))
def test_seeded_games_end_exactly_as_recorded(scenario):
    assert SYSTEM.version == VERSION, "a new version: record the digests again"
    assert _final(scenario) == GOLDEN[scenario]
