"""Random playouts with a Holoprojector L1 (disguise.py): a `test.holo1` trooper (a placeholder)
on each side, one deploying disguised as `legal_moves` offers it, one disguised already: every
move `legal_moves` lists applies, every game ends, each position reads back as itself, and no
view, event or list of offered moves of a step tells the other seat what a disguised trooper
really is (hidden.py). The chooser favours disguises, Discover and reactivations."""

import pytest
from playouts import favouring, holoprojector_table, played_to_the_end

from games.engine.infinity.position import state_from_json


def table():
    data = holoprojector_table("test.holo1", ("t0", "t1"))
    data["hidden"]["1"]["disguises"] = {"t1": "jsa.keisotsu.lgl"}
    return state_from_json(data)


_favoured = favouring(
    lambda m: bool(
        m.get("disguise")
        or m.get("skill") in ("discover", "holo_reactivate", "bs_attack")
        and m.get("type") != "aro"
    )
)


@pytest.mark.parametrize("seed", range(6))
def test_random_games_with_disguises_end_read_back_and_leak_nothing(seed):
    played = played_to_the_end(table(), seed, f"holo1{seed}", _favoured, 400)
    assert any(m.get("disguise") for m in played)
