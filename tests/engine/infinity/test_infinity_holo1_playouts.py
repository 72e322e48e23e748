"""Random playouts with a Holoprojector L1 (disguise.py): a `test.holo1` trooper (a placeholder)
on each side, one deploying disguised as `legal_moves` offers it, one disguised already: every
move `legal_moves` lists applies, every game ends, each position reads back as itself, and no
view, event or list of offered moves of a step tells the other seat what a disguised trooper
really is (hidden.py). The chooser favours disguises, Discover and reactivations."""

import pytest
from infh import alguacil, keisotsu, position, trooper
from playouts import play_out

from games.engine.infinity.position import state_from_json
from games.engine.infinity.system import SYSTEM


def table():
    data = position(
        [
            trooper("t0", 0, "test.holo1", None, 0),
            alguacil("a1", (4, 11)),
            alguacil("a2", (9, 11), kind="hmg"),
            trooper("t1", 1, "test.holo1", (6, 3), 3),
            keisotsu("k1", (4, 2)),
            keisotsu("k2", (9, 2), kind="lgl"),
        ],
        lieutenants=("a1", "k1"),
        phase="deployment",
        pending={"seat": 0, "kind": "deploy"},
        orders={0: {}, 1: {}},
        reactions="auto",
    )
    data["hidden"]["1"]["disguises"] = {"t1": "jsa.keisotsu.lgl"}
    return state_from_json(data)


def _favoured(moves):
    aimed = [
        m
        for m in moves
        if m.get("disguise")
        or m.get("skill") in ("discover", "holo_reactivate", "bs_attack")
        and m.get("type") != "aro"
    ]
    playing = [m for m in moves if m["type"] != "end_turn"]
    return aimed or playing or moves


@pytest.mark.parametrize("seed", range(6))
def test_random_games_with_disguises_end_read_back_and_leak_nothing(seed):
    state, played = play_out(table(), seed, f"holo1{seed}", _favoured, 400)
    assert SYSTEM.outcome(state) is not None
    assert any(m.get("disguise") for m in played)
