"""Random playouts of a table sown with mines (mines.py): hidden and known ones, Antipersonnel
and Viral, of both sides, a Minesweeper on each side (the JSA's Yaopu Pangguling and the
placeholder `test.minesweeper`): every move `legal_moves` lists applies, every game ends, each
position reads back as itself, and no view nor event of a step holds another seat's secret
(hidden.py: which marker is a mine, a Viral one). The chooser favours the sweeps and the shots
at mines whenever they are offered."""

import pytest
from infh import alguacil, keisotsu, position, trooper
from playouts import favouring, played_to_the_end

from games.engine.infinity.position import state_from_json


def table():
    data = position(
        [
            trooper("s1", 0, "test.minesweeper", (6, 8), 0),
            alguacil("a1", (4, 11)),
            alguacil("a2", (9, 11), kind="hmg"),
            trooper("l0", 0, "test.minelayer.viral", (12, 12), 0),
            trooper("p1", 1, "jsa.pangguling.minesweeper", (5, 6), 3),
            keisotsu("k1", (4, 2)),
            keisotsu("k2", (9, 2), kind="lgl"),
            trooper("l1", 1, "test.minelayer", (12, 3), 3),
        ],
        lieutenants=("a1", "k1"),
        orders={0: {"regular": 4, "lieutenant": 1}},
        reactions="auto",
    )
    data["hidden"]["1"]["mines"] = [
        {"marker": "m1", "layer": "l1", "hex": [6, 6], "shown": False},
        {"marker": "m2", "layer": "l1", "hex": [9, 6], "shown": True, "ammo": "Viral"},
    ]
    data["hidden"]["0"]["mines"] = [
        {"marker": "m3", "layer": "l0", "hex": [5, 8], "shown": False, "ammo": "Viral"},
        {"marker": "m4", "layer": "l0", "hex": [10, 8], "shown": True},
    ]
    data["markers_placed"] = 4
    return state_from_json(data)


# The sweeps and shots at mines when offered, else anything but ending the turn early (so that
# the troopers walk among the mines).
_favoured = favouring(lambda m: m.get("skill") == "minesweep" or bool(m.get("mine")))


@pytest.mark.parametrize("seed", range(4))
def test_random_games_among_mines_end_read_back_and_leak_nothing(seed):
    played_to_the_end(table(), seed, f"mines{seed}", _favoured, 400)
