"""Random playouts with Holo-echoes (holo.py): a Holoprojector L2 trooper (`test.holo`, a
placeholder) on each side, one deploying with echoes as `legal_moves` offers them, one standing
among its echoes already: every move `legal_moves` lists applies, every game ends, each position
reads back as itself, and no view, event or list of offered moves of a step tells the other seat
which token is real or where it stands (hidden.py). The chooser favours deploying with echoes,
Discover and shots at the tokens whenever they are offered."""

import pytest
from infh import alguacil, keisotsu, position, trooper
from playouts import play_out

from games.engine.infinity.position import state_from_json
from games.engine.infinity.system import SYSTEM


def table():
    data = position(
        [
            trooper("h0", 0, "test.holo", None, 0),
            alguacil("a1", (4, 11)),
            alguacil("a2", (9, 11), kind="hmg"),
            trooper("h1", 1, "test.holo", (6, 3), 3),
            keisotsu("k1", (4, 2)),
            keisotsu("k2", (9, 2), kind="lgl"),
        ],
        lieutenants=("a1", "k1"),
        phase="deployment",
        pending={"seat": 0, "kind": "deploy"},
        orders={0: {}, 1: {}},
        reactions="auto",
    )
    data["echoes"] = [
        {"id": "m1", "seat": 1, "trooper": "h1", "hex": [5, 3]},
        {"id": "m2", "seat": 1, "trooper": "h1", "hex": [7, 2]},
    ]
    data["hidden"]["1"]["holo"] = {"h1": "m2"}
    data["markers_placed"] = 2
    return state_from_json(data)


def _favoured(moves):
    tokens = {"h0", "h1", "m1", "m2", "m3", "m4"}
    aimed = [
        m
        for m in moves
        if m.get("echoes")
        or m.get("target") in tokens
        or any(t.get("trooper") in tokens for t in m.get("targets", []))
    ]
    playing = [m for m in moves if m["type"] != "end_turn"]
    return aimed or playing or moves


@pytest.mark.parametrize("seed", range(6))
def test_random_games_with_holo_echoes_end_read_back_and_leak_nothing(seed):
    state, played = play_out(table(), seed, f"holo{seed}", _favoured, 400)
    assert SYSTEM.outcome(state) is not None
    assert any(m.get("echoes") for m in played)
