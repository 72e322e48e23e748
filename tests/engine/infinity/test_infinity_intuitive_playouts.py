"""Random playouts with Intuitive Attacks on offer (intuitive.py): template carriers on both
sides (a Domaru's Chain Rifle, a Mobile Brigada's Light Flamethrower) among the other side's
camouflage markers, TO markers and hidden mines. The chooser takes an Intuitive Attack whenever
one is offered. Every move `legal_moves` lists applies, every game ends, each position reads
back as the same state, and no view, event or list of offered moves of a step holds another
seat's secret (hidden.py: who stands behind a marker, which marker is a mine)."""

import json

import pytest
from hidden import secrets
from infh import position, trooper

from games.engine.infinity.position import state_from_json, state_to_json
from games.engine.infinity.system import SYSTEM
from games.engine.infinity.view import view
from games.engine.rng import Rng


def table():
    data = position(
        [
            trooper("b1", 0, "corregidor.mobile_brigada.multi", (5, 10), 0),
            trooper("d1", 0, "jsa.domaru.chain", (8, 11), 0),
            trooper("s0", 0, "test.camo.camouflage", (11, 9), 0),
            trooper("n1", 1, "jsa.ninja.combi", (6, 6), 3),
            trooper("s1", 1, "test.camo.camouflage", (9, 6), 3),
            trooper("d2", 1, "jsa.domaru.chain", (4, 4), 3),
            trooper("l1", 1, "test.minelayer", (12, 3), 3),
        ],
        lieutenants=("b1", "d2"),
        orders={0: {"regular": 4}},
        sectorials=(None, None),
        reactions="auto",
    )
    data["hidden"]["0"]["markers"] = {"m3": "s0"}
    data["hidden"]["1"]["markers"] = {"m1": "n1", "m2": "s1"}
    data["hidden"]["1"]["mines"] = [{"marker": "m4", "layer": "l1", "hex": [7, 7], "shown": False}]
    data["markers_placed"] = 4
    return state_from_json(data)


def _favoured(moves):
    intuitive = [m for m in moves if m.get("skill") == "intuitive"]
    playing = [m for m in moves if m["type"] != "end_turn"]
    return intuitive or playing or moves


@pytest.mark.parametrize("seed", range(4))
def test_random_games_with_intuitive_attacks_end_read_back_and_leak_nothing(seed):
    state, rng, chooser = table(), Rng(seed), Rng(f"intuitive{seed}")
    declared = 0
    for _ in range(400):
        if SYSTEM.outcome(state) is not None:
            break
        seat = SYSTEM.to_act(state)[0]
        legal = SYSTEM.legal_moves(state, seat)
        offered = json.dumps(legal)
        assert not [s for s in secrets(state, seat) if s in offered]
        move, chooser = chooser.choice(_favoured(legal))
        declared += move.get("skill") == "intuitive"
        step = SYSTEM.apply(state, seat, move, rng)
        state, rng = step.state, step.rng
        written = state_to_json(state)
        assert state_from_json(json.loads(json.dumps(written))) == state, move
        for reader in (0, 1, None):
            seen = json.dumps([view(state, reader), [e.for_seat(reader) for e in step.events]])
            assert not [s for s in secrets(state, reader) if s in seen], move
    assert SYSTEM.outcome(state) is not None
    assert declared
