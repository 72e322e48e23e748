"""Random playouts with Holo-echoes (holo.py): a Holoprojector L2 trooper (`test.holo`, a
placeholder) on each side, one deploying with echoes as `legal_moves` offers them, one standing
among its echoes already: every move `legal_moves` lists applies, every game ends, each position
reads back as itself, and no view, event or list of offered moves of a step tells the other seat
which token is real or where it stands (hidden.py). The chooser favours deploying with echoes,
Discover and shots at the tokens whenever they are offered."""

import pytest
from playouts import favouring, holoprojector_table, played_to_the_end

from games.engine.infinity.position import state_from_json

TOKENS = {"h0", "h1", "m1", "m2", "m3", "m4"}  # the carriers and their echoes


def table():
    data = holoprojector_table("test.holo", ("h0", "h1"))
    data["echoes"] = [
        {"id": "m1", "seat": 1, "trooper": "h1", "hex": [5, 3]},
        {"id": "m2", "seat": 1, "trooper": "h1", "hex": [7, 2]},
    ]
    data["hidden"]["1"]["holo"] = {"h1": "m2"}
    data["markers_placed"] = 2
    return state_from_json(data)


_favoured = favouring(
    lambda m: bool(
        m.get("echoes")
        or m.get("target") in TOKENS
        or any(t.get("trooper") in TOKENS for t in m.get("targets", []))
    )
)


@pytest.mark.parametrize("seed", range(6))
def test_random_games_with_holo_echoes_end_read_back_and_leak_nothing(seed):
    played = played_to_the_end(table(), seed, f"holo{seed}", _favoured, 400)
    assert any(m.get("echoes") for m in played)
