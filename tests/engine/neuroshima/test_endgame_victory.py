"""VICTOIRE, DESTRUCTION D'UN QG, alliance victory, LE JEU ... AVEC DES POINTS, forfeit."""

from dataclasses import replace

import pytest
from nh import RNG, at, board_game, play, step

from games.engine.neuroshima import endgame
from games.engine.neuroshima.system import SYSTEM
from games.engine.protocol import IllegalMove

BATTLE = {"type": "PlayBattle", "tile_index": 0}


def battle(state, seat=0):
    state, events = step(state, seat, BATTLE)
    while state.phase == "battle":
        who = SYSTEM.to_act(state)[0]
        state = play(state, who, SYSTEM.legal_moves(state, who)[0])
    return state, events


def test_a_destroyed_hq_ends_a_two_player_game_for_the_other():
    tiles = [
        ("moloch.hq", 0, (-2, 2), 0),
        ("borgo.hq", 1, (0, 0), 0, 19),
        ("moloch.eventreur", 0, (0, -1), 3),
    ]
    state, _ = battle(board_game(["moloch", "borgo"], tiles, hands={0: ["bataille"]}))
    assert state.phase == "over" and SYSTEM.to_act(state) == ()
    outcome = SYSTEM.outcome(state)
    assert (outcome.ranks, outcome.reason, outcome.winners) == ((0, 1), "hq_destroyed", (0,))
    assert outcome.scores == (20.0, 0.0)
    with pytest.raises(IllegalMove):
        play(state, 1, {"type": "EndTurn"})


def test_both_hqs_destroyed_in_one_battle_is_a_draw():
    tiles = [
        ("moloch.hq", 0, (-2, 2), 0, 19),
        ("borgo.hq", 1, (0, 0), 0, 19),
        ("moloch.eventreur", 0, (0, -1), 3),
        ("borgo.mutant", 1, (-2, 1), 3),
    ]
    state, _ = battle(board_game(["moloch", "borgo"], tiles, hands={0: ["bataille"]}))
    assert SYSTEM.outcome(state).is_draw


def test_after_the_final_battle_most_hq_points_win_and_equal_is_a_draw():
    tiles = [("moloch.hq", 0, (-2, 2), 0, 3), ("borgo.hq", 1, (0, 0), 0, 5)]
    state = board_game(["moloch", "borgo"], tiles)
    assert endgame.outcome_of(state, "final_battle").ranks == (0, 1)
    even = replace(state, position=state.position.put(replace(state.position.hq(1), wounds=3)))
    assert endgame.outcome_of(even, "final_battle").ranks == (0, 0)


def three(tiles, **config):
    return board_game(["moloch", "borgo", "hegemonia"], tiles, hands={0: ["bataille"]}, **config)


def test_with_three_players_a_destroyed_hq_eliminates_its_player_and_the_game_goes_on():
    tiles = [
        ("moloch.hq", 0, (-2, 2), 0),
        ("borgo.hq", 1, (2, -2), 0),
        ("hegemonia.hq", 2, (0, 0), 0, 19),
        ("hegemonia.gangman", 2, (1, 1), 0),
        ("moloch.eventreur", 0, (0, -1), 3),
    ]
    state, _ = battle(three(tiles))
    assert state.result is None and state.seats[2].eliminated is not None
    assert all(p.seat != 2 for p in state.position.tiles)
    assert state.current == 1
    state = (
        play(state, 1, {"type": "Discard", "tile_index": 0}) if state.phase == "discard" else state
    )
    state = play(state, 1, {"type": "EndTurn"})
    assert state.current == 0  # seat 2 is skipped


def test_the_alliance_that_destroys_an_enemy_hq_wins():
    tiles = [
        ("moloch.hq", 0, (-2, 2), 0),
        ("borgo.hq", 1, (0, 0), 0, 19),
        ("hegemonia.hq", 2, (2, 0), 0),
        ("posterunek.hq", 3, (0, -2), 0),
        ("moloch.eventreur", 0, (0, -1), 3),
    ]
    armies = ["moloch", "borgo", "hegemonia", "posterunek"]
    state, _ = battle(board_game(armies, tiles, hands={0: ["bataille"]}, mode="alliance"))
    assert SYSTEM.outcome(state).ranks == (0, 1, 0, 1)


def test_points_variant_scores_hq_wounds_for_the_attacker_and_hqs_do_not_fall():
    tiles = [
        ("moloch.hq", 0, (-2, 2), 0),
        ("borgo.hq", 1, (0, 0), 0),
        ("hegemonia.hq", 2, (2, 0), 0),
        ("moloch.eventreur", 0, (0, -1), 3),
    ]
    state, _ = battle(three(tiles, points_variant=True))
    assert state.result is None
    assert [s.points for s in state.seats] == [2, 0, 0]
    assert state.position.hq(1).wounds == 0


def test_points_variant_is_won_at_twenty():
    tiles = [
        ("moloch.hq", 0, (-2, 2), 0),
        ("borgo.hq", 1, (0, 0), 0),
        ("hegemonia.hq", 2, (2, 0), 0),
        ("moloch.eventreur", 0, (0, -1), 3),
    ]
    state = three(tiles, points_variant=True).with_seat(0, points=19)
    state, _ = battle(state)
    assert state.result is not None and state.result.reason == "points"
    assert state.result.winners == (0,)


def test_forfeit_with_two_players_gives_the_game_to_the_other():
    tiles = [("moloch.hq", 0, (-2, 2), 0), ("borgo.hq", 1, (0, 0), 0)]
    t = SYSTEM.forfeit(board_game(["moloch", "borgo"], tiles), 0, "resigned")
    assert t.state.result.ranks == (1, 0)
    with pytest.raises(IllegalMove):
        SYSTEM.forfeit(t.state, 1, "late")


def test_forfeit_with_three_players_removes_the_player_and_play_goes_on():
    tiles = [
        ("moloch.hq", 0, (-2, 2), 0),
        ("borgo.hq", 1, (2, -2), 0),
        ("hegemonia.hq", 2, (0, 0), 0),
    ]
    t = SYSTEM.forfeit(three(tiles), 0, "timeout")
    assert t.state.result is None and t.state.current == 1
    assert at(t.state, (-2, 2)) is None
    t = SYSTEM.forfeit(t.state, 1, "timeout")
    assert t.state.result.winners == (2,)
    assert SYSTEM.apply  # the platform keeps using apply with its own rng
    assert RNG
