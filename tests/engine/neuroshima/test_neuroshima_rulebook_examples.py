"""The rulebook's worked examples (seed 000) that were tested only in principle, each as the
text tells it (the README's "Rulebook examples and their tests" lists them all). The text shows
the boards in pictures only: the hexes here fit every sentence.

Directions: 0 north (0,-1), 1 (1,-1), 2 (1,0), 3 south (0,1), 4 (-1,1), 5 (-1,0); rotation k
turns printed side i to face direction (i + k) % 6."""

import pytest
from nh import at, board_game, play
from test_battle_helpers import fight, of_kind, position, tile_at, wounds_at

from games.engine.neuroshima.system import SYSTEM
from games.engine.protocol import IllegalMove


def test_the_shot_example_the_commando_fires_over_its_runner_into_the_first_moloch_tile():
    """DESCRIPTION DÉTAILLÉE DES SYMBOLES, TIR, «Exemple d'un tir»: «La balle du Commando ne fait
    pas de dommages à son unité alliée (coureur de Posterunek) et poursuit sa trajectoire. Elle
    touche le Cyborg de Moloch qui est la première unité ennemie sur la trajectoire.»"""
    pos = position(
        (0, 2, "p.commando", 1, 4),  # its shot (printed side 2) turned to face north
        (0, 1, "p.coureur", 1, 0),  # the Posterunek Runner on the line of fire
        (0, 0, "m.cyborg", 0, 0),  # the first enemy on the line; shoots north, away
        (0, -1, "m.cyborg", 0, 0),  # behind it, out of reach: the bullet stops at the first
        seats=("moloch", "posterunek"),
    )
    after, events = fight(pos)
    assert tile_at(after, 0, 1) == "posterunek.coureur" and wounds_at(after, 0, 1) == 0
    assert tile_at(after, 0, 0) is None
    assert tile_at(after, 0, -1) == "moloch.cyborg" and wounds_at(after, 0, -1) == 0
    assert [hit["hex"] for hit in of_kind(events, "UnitHit")] == [[0, 0]]


# «Exemple d'une action « repousser »»: the Moloch Gauss Cannon (on the southern edge, (0, 2))
# is threatened by the Posterunek Runner (1, 1) and Brawler (-1, 2). Behind the Runner the two
# board hexes (1, 0) and (2, 0) are taken; its only free neighbour, (0, 1), is still next to the
# Cannon. Behind the Brawler, (-1, 1) and (-2, 2) are free.
CANNON, RUNNER, BRAWLER = (0, 2), (1, 1), (-1, 2)
TILES = [
    ("moloch.canon_de_gauss", 0, CANNON, 0),
    ("posterunek.coureur", 1, RUNNER, 5),  # its blow (printed side 5) towards the Cannon
    ("posterunek.bagarreux", 1, BRAWLER, 2),  # its blow (printed side 0) towards the Cannon
    ("moloch.hq", 0, (1, 0), 0),
    ("posterunek.hq", 1, (2, 0), 0),
]


def push(target):
    return {"type": "PlayPush", "tile_index": 0, "pusher": list(CANNON), "target": list(target)}


def test_the_push_example_the_runner_cannot_be_pushed_the_brawler_can_and_its_owner_picks():
    """REPOUSSER, «Exemple d'une action « repousser »»: «Repousser le Coureur n'est pas possible
    … Repousser le Bagarreur est par contre possible. De plus le Bagarreur peut choisir parmi deux
    cases libres pour se retirer. Le joueur dirigeant les armées de Posterunek décidera de
    l'endroit où sera placée cette unité.»"""
    state = board_game(["moloch", "posterunek"], TILES, hands={0: ["repousser"]})
    with pytest.raises(IllegalMove) as refused:
        play(state, 0, push(RUNNER))
    assert refused.value.code == "no_room"
    pushed = play(state, 0, push(BRAWLER))
    assert pushed.phase == "push" and SYSTEM.to_act(pushed) == (1,)  # Posterunek decides
    assert sorted(pushed.push.options) == [(-2, 2), (-1, 1)]
    placed = play(pushed, 1, {"type": "ChoosePushDestination", "to": [-2, 2]})
    assert at(placed, (-2, 2)) == ("posterunek.bagarreux", 1, 2)  # not turned
    assert at(placed, BRAWLER) is None and at(placed, RUNNER)[0] == "posterunek.coureur"


def test_a_net_fighter_holding_units_can_be_pushed_by_a_unit_it_does_not_hold():
    """FAQ : RÉTIAIRE, «On peut repousser un Rétiaire qui immobilise des unités mais cela doit
    être fait par une unité qui n'est pas immobilisée» (the second half: test_rule_edges.py,
    test_a_netted_unit_cannot_push)."""
    tiles = [
        ("moloch.hq", 0, (-2, 2), 0),
        ("borgo.hq", 1, (2, -2), 0),
        ("moloch.cyborg", 0, (0, 0), 0),  # held by the net
        ("borgo.retiaire", 1, (-1, 0), 0),  # its net (printed sides 1, 2) holds the Cyborg
        ("moloch.bloqueur", 0, (-1, 1), 0),  # free, next to the Net Fighter
    ]
    state = board_game(["moloch", "borgo"], tiles, hands={0: ["repousser"]})
    move = {"type": "PlayPush", "tile_index": 0, "pusher": [-1, 1], "target": [-1, 0]}
    pushed = play(state, 0, move)
    assert pushed.phase == "push" and SYSTEM.to_act(pushed) == (1,)
    assert sorted(pushed.push.options) == [(-2, 0), (-1, -1), (0, -1)]
    with pytest.raises(IllegalMove) as refused:
        play(state, 0, {**move, "pusher": [0, 0]})
    assert refused.value.code == "netted"
