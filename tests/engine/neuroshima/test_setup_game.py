"""PRÉPARATION DU JEU, DÉBUT DU JEU, OPTION DU JEU: config, piles, HQs, the first draws."""

from collections import Counter

import pytest
from nh import RNG, after_hqs, new_game, play

from games.engine.neuroshima.system import SYSTEM
from games.engine.neuroshima.tiles import ARMIES, deck_of
from games.engine.protocol import IllegalMove


@pytest.mark.parametrize(
    ("config", "seats"),
    [
        ({"armies": ["moloch"]}, 2),
        ({"armies": ["moloch", "elves"]}, 2),
        ({"mode": "alliance"}, 3),
        ({"points_variant": True}, 2),
        ({"board": "moon"}, 2),
        ({"colour": "red"}, 2),
        ({}, 5),
    ],
)
def test_bad_configs_are_refused_with_a_reason(config, seats):
    with pytest.raises(ValueError):
        SYSTEM.validate_config(config, seats)


def test_config_defaults_are_random_armies_ffa_standard_board():
    assert SYSTEM.validate_config({}, 3) == {
        "armies": ["random"] * 3,
        "mode": "ffa",
        "board": "standard",
        "points_variant": False,
    }


def test_random_armies_are_drawn_with_the_rng_and_differ():
    a = SYSTEM.setup({}, 4, RNG).state.config.armies
    assert sorted(a) == sorted(ARMIES)
    assert SYSTEM.setup({}, 4, RNG).state.config.armies == a


def test_each_pile_is_the_armys_34_tiles_shuffled_without_the_hq():
    state = new_game(["moloch", "borgo"])
    for seat, army in enumerate(["moloch", "borgo"]):
        deck = state.seats[seat].deck
        assert Counter(deck) == Counter(deck_of(army)) and len(deck) == 34
        assert deck != deck_of(army)


def test_hqs_are_placed_in_turn_order_and_may_touch():
    state = new_game(["moloch", "borgo"])
    with pytest.raises(IllegalMove):
        play(state, 1, {"type": "PlaceHQ", "hex": [0, 0]})
    state = play(state, 0, {"type": "PlaceHQ", "hex": [0, 0]})
    with pytest.raises(IllegalMove):
        play(state, 1, {"type": "PlaceHQ", "hex": [0, 0]})
    state = play(state, 1, {"type": "PlaceHQ", "hex": [0, 1]})
    assert state.position.hq(1).hex == (0, 1)


def test_first_player_draws_one_second_two_then_up_to_three_no_discard_below_three():
    state = after_hqs(["moloch", "borgo"], [(0, 0), (2, 0)])
    assert (state.current, len(state.seats[0].hand), state.phase) == (0, 1, "play")
    state = play(state, 0, {"type": "EndTurn"})
    assert (state.current, len(state.seats[1].hand), state.phase) == (1, 2, "play")
    state = play(state, 1, {"type": "EndTurn"})
    assert (len(state.seats[0].hand), state.phase) == (3, "discard")


def test_with_three_players_the_third_draws_three_and_must_discard():
    state = after_hqs(["moloch", "borgo", "hegemonia"], [(0, 0), (2, 0), (-2, 0)])
    draws = []
    for seat in range(3):
        draws.append(len(state.seats[seat].hand))
        if state.phase == "discard":
            state = play(state, seat, {"type": "Discard", "tile_index": 0})
        state = play(state, seat, {"type": "EndTurn"})
    assert draws == [1, 2, 3]


def test_alliance_teams_alternate_in_turn_order():
    state = new_game(["moloch", "borgo", "hegemonia", "posterunek"], mode="alliance")
    assert state.position.teams == ((0, 2), (1, 3))
    assert state.position.are_friends(0, 2) and not state.position.are_friends(0, 1)


def test_king_of_the_hill_board_reaches_the_position():
    assert new_game(["moloch", "borgo"], board="king_of_the_hill").position.board == (
        "king_of_the_hill"
    )
