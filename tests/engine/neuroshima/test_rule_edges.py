"""Rules from the review list checked through `legal_moves` as well as `apply`: BATAILLE after
the last tile, REPOUSSER and MOUVEMENT on netted tiles, GRENADE, TIREUR D'ÉLITE and BOMBE
targets, and the draws of VICTOIRE (JEU À PLUS DE 2 JOUEURS, alliance, points)."""

from dataclasses import replace

import pytest
from nh import board_game, play, step

from games.engine.neuroshima import endgame
from games.engine.neuroshima.legal import legal_moves
from games.engine.neuroshima.moves import (
    PlayAirStrike,
    PlayBattle,
    PlayGrenade,
    PlayMove,
    PlayPush,
    PlaySniper,
)
from games.engine.neuroshima.system import SYSTEM
from games.engine.protocol import IllegalMove

BATTLE = {"type": "PlayBattle", "tile_index": 0}


def refused(state, seat, move):
    with pytest.raises(IllegalMove) as err:
        play(state, seat, move)
    return err.value.code


def of_type(state, seat, kind):
    return [m for m in legal_moves(state, seat) if isinstance(m, kind)]


def fight(state, seat=0):
    state, events = step(state, seat, BATTLE)
    while state.phase == "battle":
        who = SYSTEM.to_act(state)[0]
        state = play(state, who, SYSTEM.legal_moves(state, who)[0])
    return state


# -- BATAILLE: "Une fois que l'un des joueurs a tiré sa dernière tuile, les tuiles Bataille ne
# peuvent plus être jouées" -------------------------------------------------------------------


def test_no_player_may_play_a_battle_tile_once_any_player_drew_the_last_tile():
    tiles = [("moloch.hq", 0, (-2, 2), 0), ("borgo.hq", 1, (2, -2), 0)]
    state = board_game(["moloch", "borgo"], tiles, hands={1: ["bataille"]}, current=1)
    assert of_type(state, 1, PlayBattle) == [PlayBattle(0)]
    late = replace(state, last_tile_by=0, last_turns=())  # seat 0 drew the last tile
    assert of_type(late, 1, PlayBattle) == []
    assert refused(late, 1, BATTLE) == "last_tile"


# -- REPOUSSER and MOUVEMENT: a netted tile neither pushes, is pushed nor moves -----------------


def push_board(extra=()):
    tiles = [
        ("moloch.hq", 0, (-2, 2), 0),
        ("borgo.hq", 1, (2, -2), 0),
        ("moloch.cyborg", 0, (0, 0), 0),
        ("borgo.mutant", 1, (0, -1), 3),
        *extra,
    ]
    return board_game(["moloch", "borgo"], tiles, hands={0: ["repousser"]})


PUSH = {"type": "PlayPush", "tile_index": 0, "pusher": [0, 0], "target": [0, -1]}


def test_every_push_listed_is_accepted():
    state = push_board()
    pushes = of_type(state, 0, PlayPush)
    assert PlayPush(0, (0, 0), (0, -1)) in pushes
    for move in pushes:
        play(state, 0, move)


def test_a_netted_unit_cannot_push():
    net = [("borgo.retiaire", 1, (-1, 0), 0)]  # its net (side 2) faces the Cyborg on (0, 0)
    state = push_board(net)
    assert refused(state, 0, PUSH) == "netted"
    assert all(m.pusher != (0, 0) for m in of_type(state, 0, PlayPush))


def test_a_netted_unit_is_not_offered_for_a_push():
    net = [("moloch.retiaire", 0, (1, -1), 0)]  # nets the Mutant on (0, -1)
    assert all(m.target != (0, -1) for m in of_type(push_board(net), 0, PlayPush))


def test_a_push_without_a_free_hex_farther_away_is_not_offered():
    blocks = [("moloch.bloqueur", 0, h, 0) for h in [(-1, -1), (0, -2), (1, -2)]]
    pushes = of_type(push_board(blocks), 0, PlayPush)
    assert PlayPush(0, (0, 0), (0, -1)) not in pushes
    assert PlayPush(0, (-1, -1), (0, -1)) in pushes  # a Blocker pushes it towards (1, -1)


def test_the_move_tile_cannot_move_a_netted_own_tile():
    tiles = [
        ("posterunek.hq", 0, (0, 0), 0),
        ("borgo.hq", 1, (2, -2), 0),
        ("posterunek.coureur", 0, (-1, 0), 0),
        ("borgo.retiaire", 1, (-2, 0), 0),  # its net faces the Coureur on (-1, 0)
    ]
    state = board_game(["posterunek", "borgo"], tiles, hands={0: ["mouvement"]})
    move = {"type": "PlayMove", "tile_index": 0, "from": [-1, 0], "to": [-1, 1], "rotation": 0}
    assert refused(state, 0, move) == "netted"
    sources = {m.src for m in of_type(state, 0, PlayMove)}
    assert (-1, 0) not in sources and (0, 0) in sources


# -- GRENADE, TIREUR D'ÉLITE, BOMBE ------------------------------------------------------------


def strike_board(hand, mode="ffa", army="borgo"):
    armies = [army, "moloch", "hegemonia", "posterunek"] if mode == "alliance" else None
    tiles = [
        (f"{army}.hq", 0, (0, 0), 0),
        ("moloch.hq", 1, (0, -1), 0),  # an enemy HQ next to the thrower's HQ
        ("moloch.cyborg", 1, (0, 1), 0),  # an enemy unit next to it
        ("moloch.bloqueur", 1, (-2, 2), 0),  # an enemy unit far from it
    ]
    if armies:
        tiles += [
            ("hegemonia.gangman", 2, (1, 0), 0),
            ("hegemonia.hq", 2, (2, -2), 0),
            ("posterunek.hq", 3, (-2, 0), 0),
        ]
        return board_game(armies, tiles, hands={0: hand}, mode="alliance")
    return board_game([army, "moloch"], tiles, hands={0: hand})


def test_the_grenade_is_offered_only_on_enemy_non_hq_tiles_next_to_the_own_hq():
    state = strike_board(["grenade"])
    assert of_type(state, 0, PlayGrenade) == [PlayGrenade(0, (0, 1))]
    grenade = {"type": "PlayGrenade", "tile_index": 0}
    assert refused(state, 0, {**grenade, "target": [0, -1]}) == "bad_target"  # the HQ
    assert refused(state, 0, {**grenade, "target": [-2, 2]}) == "bad_target"  # too far


def test_the_grenade_never_hits_an_ally_next_to_the_own_hq():
    state = strike_board(["grenade"], mode="alliance")
    assert of_type(state, 0, PlayGrenade) == [PlayGrenade(0, (0, 1))]
    assert refused(state, 0, {"type": "PlayGrenade", "tile_index": 0, "target": [1, 0]})


def test_the_sniper_is_offered_every_enemy_tile_but_no_hq():
    state = strike_board(["tireur_d_elite"], army="posterunek")
    assert [m.target for m in of_type(state, 0, PlaySniper)] == [(-2, 2), (0, 1)]


def test_the_air_strike_is_offered_only_where_its_seven_hexes_are_on_the_board():
    state = strike_board(["bombe"], army="moloch")
    centres = [m.centre for m in of_type(state, 0, PlayAirStrike)]
    assert centres == [(-1, 0), (-1, 1), (0, -1), (0, 0), (0, 1), (1, -1), (1, 0)]
    assert refused(state, 0, {"type": "PlayAirStrike", "tile_index": 0, "centre": [0, 2]})
    after = play(state, 0, {"type": "PlayAirStrike", "tile_index": 0, "centre": [0, 0]})
    assert after.position.at((0, 0)).wounds == 0 and after.position.at((0, -1)).wounds == 0
    assert after.position.at((0, 1)) is None  # the Cyborg, 1 hit point


# -- VICTOIRE: draws ---------------------------------------------------------------------------


def test_two_hqs_falling_in_one_battle_of_three_share_the_lower_rank():
    tiles = [
        ("moloch.hq", 0, (-2, 2), 0),
        ("borgo.hq", 1, (0, 0), 0, 19),
        ("hegemonia.hq", 2, (2, 0), 0, 19),
        ("moloch.eventreur", 0, (0, -1), 3),  # strikes (0, 0)
        ("moloch.juggernaut", 0, (2, -1), 3),  # strikes (2, 0)
    ]
    state = board_game(["moloch", "borgo", "hegemonia"], tiles, hands={0: ["bataille"]})
    state = fight(state)
    assert state.result.reason == "last_player_standing"
    assert state.result.ranks == (0, 1, 1)


def alliance_both_lose_one(moloch_wounds, posterunek_wounds):
    tiles = [
        ("moloch.hq", 0, (-2, 2), 0, moloch_wounds),
        ("borgo.hq", 1, (0, 0), 0, 19),
        ("hegemonia.hq", 2, (2, 0), 0, 19),
        ("posterunek.hq", 3, (0, 2), 0, posterunek_wounds),
        ("moloch.eventreur", 0, (0, -1), 3),  # strikes the Borgo HQ
        ("borgo.bagarreux", 1, (2, -1), 3),  # strikes the Hegemonia HQ
    ]
    armies = ["moloch", "borgo", "hegemonia", "posterunek"]
    state = board_game(armies, tiles, hands={0: ["bataille"]}, mode="alliance")
    return fight(state).result


def test_when_each_team_loses_an_hq_the_remaining_hq_with_more_points_wins():
    result = alliance_both_lose_one(moloch_wounds=5, posterunek_wounds=2)
    assert result.reason == "hq_destroyed" and result.ranks == (1, 0, 1, 0)


def test_when_each_team_loses_an_hq_and_the_remaining_hqs_are_equal_it_is_a_draw():
    result = alliance_both_lose_one(moloch_wounds=5, posterunek_wounds=5)
    assert result.ranks == (0, 0, 0, 0)


def test_equal_points_after_the_final_battle_are_a_draw_in_the_points_variant():
    tiles = [
        ("moloch.hq", 0, (-2, 2), 0),
        ("borgo.hq", 1, (0, 0), 0),
        ("hegemonia.hq", 2, (2, 0), 0),
    ]
    state = board_game(["moloch", "borgo", "hegemonia"], tiles, points_variant=True)
    state = state.with_seat(0, points=7).with_seat(1, points=7).with_seat(2, points=3)
    assert endgame.outcome_of(state, "final_battle").ranks == (0, 0, 1)
    armies = ["moloch", "borgo", "hegemonia", "posterunek"]
    tiles.append(("posterunek.hq", 3, (0, 2), 0))
    teams = board_game(armies, tiles, mode="alliance", points_variant=True)
    teams = teams.with_seat(0, points=10).with_seat(1, points=4).with_seat(3, points=6)
    assert endgame.outcome_of(teams, "final_battle").ranks == (0, 0, 0, 0)
