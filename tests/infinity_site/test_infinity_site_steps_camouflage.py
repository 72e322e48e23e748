"""The step viewer's board (games/infinity_site/steps.py) from the events each reader may see,
played by the engine on hand-written tables: a trooper camouflaging again becomes a marker at
its step for the other side (never itself), its owner keeps it with its dashed ring; a mine
laid is its owner's dashed ✱ and the other side's camouflage marker."""

from __future__ import annotations

from tests.infinity_site.positions import (
    DEPLOYING_JSA,
    PASS,
    duel,
    last_board,
    played,
    to_order,
    trooper,
)


def test_a_trooper_camouflaging_again_becomes_a_marker_for_the_other_side_at_its_step():
    troopers = [
        trooper("a1", 0, "corregidor.alguacil.combi", [6, 10], 0),
        trooper("a4", 0, "corregidor.alguacil.lt", [1, 13], 3),
        trooper("n1", 1, "jsa.ninja.combi", [6, 5], 3),
        trooper("k3", 1, "jsa.keisotsu.lt", [14, -5], 3),
    ]
    turn = to_order(1)
    secrets = ({"policies": {"a1": PASS, "a4": PASS}}, {"policies": {"n1": PASS}})
    position = duel(troopers, turn, hidden=secrets, markers_placed=1)
    position["scenery"] = [{"hex": [6, 7], "kind": "building"}]
    start, events = played(
        position,
        [
            {"type": "order", "seat": 1, "trooper": "n1"},
            {"type": "declare", "seat": 1, "skill": "recamouflage", "trooper": "n1"},
        ],
        "steps-camo",
    )
    for reader in (0, None):
        board = last_board(start, events, reader)
        assert 'data-testid="marker-m2" data-hex="6,5"' in board
        assert "TO camouflage marker m2" in board
        assert 'data-testid="trooper-n1"' not in board
    owner = last_board(start, events, 1)
    assert 'data-testid="trooper-n1" data-hex="6,5"' in owner
    assert "camouflaged (the enemy sees marker m2)" in owner and "marker-m2" not in owner


def test_a_mine_is_its_owners_dashed_mine_and_the_other_sides_camouflage_marker():
    troopers = [
        trooper("a2", 0, "corregidor.alguacil.combi", [6, 10], 0),
        trooper("a4", 0, "corregidor.alguacil.lt", [1, 13], 0),
        trooper("k3", 1, "jsa.keisotsu.lt", [14, -5], 3),
        trooper("l1", 1, "test.minelayer", [6, 2], 3),
    ]
    start, events = played(
        duel(troopers, DEPLOYING_JSA),
        [
            {"type": "lay_mine", "seat": 1, "trooper": "l1", "hex": [6, 5]},
            {"type": "deploy_done", "seat": 1},
            {"type": "order", "seat": 0, "trooper": "a4"},
            {"type": "declare", "seat": 0, "skill": "change_facing", "trooper": "a4", "facing": 1},
        ],
        "steps-camo",
    )
    for reader in (0, None):
        board = last_board(start, events, reader)
        assert 'data-testid="marker-m1" data-hex="6,5"' in board
        assert "mine-m1" not in board and "mine m1" not in board.lower()
    owner = last_board(start, events, 1)
    assert 'data-testid="mine-m1" data-hex="6,5"' in owner
    assert "mine m1, a camouflage marker to the enemy" in owner
