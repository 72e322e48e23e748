"""Random playouts with Intuitive Attacks on offer (intuitive.py): template carriers on both
sides (a Domaru's Chain Rifle, a Mobile Brigada's Light Flamethrower) among the other side's
camouflage markers, TO markers and hidden mines. The chooser takes an Intuitive Attack whenever
one is offered. Every move `legal_moves` lists applies, every game ends, each position reads
back as the same state, and no view, event or list of offered moves of a step holds another
seat's secret (hidden.py: who stands behind a marker, which marker is a mine)."""

import pytest
from infh import position, trooper
from playouts import favouring, played_to_the_end

from games.engine.infinity.position import state_from_json


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


@pytest.mark.parametrize("seed", range(4))
def test_random_games_with_intuitive_attacks_end_read_back_and_leak_nothing(seed):
    intuitive = favouring(lambda m: m.get("skill") == "intuitive")
    played = played_to_the_end(table(), seed, f"intuitive{seed}", intuitive, 400)
    assert any(m.get("skill") == "intuitive" for m in played)
