"""MOUVEMENT, REPOUSSER, MOBILITÉ (Transport, Centre de Reconnaissance), FILET outside battles,
TIREUR D'ÉLITE, GRENADE, BOMBE, JOUER UNE TUILE."""

import pytest
from nh import at, board_game, play, step

from games.engine.neuroshima.system import SYSTEM
from games.engine.protocol import IllegalMove

HQS = [("moloch.hq", 0, (-2, 2), 0), ("borgo.hq", 1, (2, -2), 0)]


def push_board(extra=(), hand=("repousser",)):
    tiles = [*HQS, ("moloch.cyborg", 0, (0, 0), 0), ("borgo.mutant", 1, (0, -1), 3), *extra]
    return board_game(["moloch", "borgo"], tiles, hands={0: list(hand)})


PUSH = {"type": "PlayPush", "tile_index": 0, "pusher": [0, 0], "target": [0, -1]}


def refused(state, seat, move):
    with pytest.raises(IllegalMove) as err:
        play(state, seat, move)
    return err.value.code


def test_the_pushed_units_owner_chooses_among_the_farther_free_hexes():
    state = play(push_board(), 0, PUSH)
    assert state.phase == "push" and SYSTEM.to_act(state) == (1,)
    assert state.push.options == ((-1, -1), (0, -2), (1, -2))
    assert refused(state, 0, {"type": "ChoosePushDestination", "to": [0, -2]})
    assert refused(state, 1, {"type": "ChoosePushDestination", "to": [1, -1]}) == "bad_destination"
    state = play(state, 1, {"type": "ChoosePushDestination", "to": [1, -2]})
    assert at(state, (1, -2)) == ("borgo.mutant", 1, 3)  # not turned
    assert (state.phase, state.current, state.seats[0].discard) == (
        "play",
        0,
        ("moloch.repousser",),
    )


def test_a_push_with_one_way_out_happens_at_once():
    blocks = [("moloch.bloqueur", 0, (-1, -1), 0), ("moloch.bloqueur", 0, (0, -2), 0)]
    state, events = step(push_board(blocks), 0, PUSH)
    assert at(state, (1, -2))[0] == "borgo.mutant" and state.phase == "play"
    assert [e.kind for e in events][-1] == "UnitPushed"


def test_no_push_without_a_free_hex_farther_away():
    blocks = [("moloch.bloqueur", 0, h, 0) for h in [(-1, -1), (0, -2), (1, -2)]]
    assert refused(push_board(blocks), 0, PUSH) == "no_room"


def test_netted_units_cannot_be_pushed():
    net = [("moloch.retiaire", 0, (1, -1), 0)]  # nets towards (0,-1) and (1,-2)
    assert refused(push_board(net), 0, PUSH) == "netted"


def test_only_an_adjacent_enemy_can_be_pushed_by_an_own_unit():
    state = push_board([("moloch.bloqueur", 0, (1, 0), 0)])
    assert refused(state, 0, {**PUSH, "target": [1, 0]}) == "not_enemy"
    assert refused(state, 0, {**PUSH, "pusher": [0, -1], "target": [0, 0]}) == "not_yours"
    assert refused(state, 0, {**PUSH, "pusher": [-2, 2]}) == "not_adjacent"


def move_board(extra=(), hand=("mouvement",)):
    return board_game(
        ["posterunek", "borgo"],
        [("posterunek.hq", 0, (0, 0), 0), ("borgo.hq", 1, (2, -2), 0), *extra],
        hands={0: list(hand)},
    )


def test_the_move_tile_moves_an_own_tile_one_hex_and_or_turns_it():
    move = {"type": "PlayMove", "tile_index": 0, "from": [0, 0], "to": [0, 1], "rotation": 3}
    state = play(move_board(), 0, move)
    assert at(state, (0, 1)) == ("posterunek.hq", 0, 3)
    assert state.seats[0].discard == ("posterunek.mouvement",)
    state = play(move_board(), 0, {**move, "to": [0, 0]})  # a turn only
    assert at(state, (0, 0)) == ("posterunek.hq", 0, 3)


def test_the_move_tile_refuses_far_occupied_enemy_and_empty_moves():
    base = {"type": "PlayMove", "tile_index": 0, "from": [0, 0], "rotation": 0}
    assert refused(move_board(), 0, {**base, "to": [0, 2]}) == "unreachable"
    assert refused(move_board(), 0, {**base, "to": [0, 0]}) == "no_change"
    assert refused(move_board(), 0, {**base, "from": [2, -2], "to": [2, -1]}) == "not_yours"
    blocked = move_board([("posterunek.commando", 0, (0, 1), 0)])
    assert refused(blocked, 0, {**base, "to": [0, 1]}) == "unreachable"


def test_a_recon_centre_lets_posterunek_tiles_move_two_hexes_through_free_hexes():
    recon = [("posterunek.centre_de_reconnaissance", 0, (-2, 0), 0)]
    move = {"type": "PlayMove", "tile_index": 0, "from": [0, 0], "to": [0, 2], "rotation": 0}
    assert at(play(move_board(recon), 0, move), (0, 2))[0] == "posterunek.hq"
    wall = [("borgo.mutant", 1, h, 0) for h in [(0, 1), (-1, 1), (1, 0)]]
    assert refused(move_board([*recon, *wall]), 0, move) == "unreachable"


def test_mobility_moves_a_mobile_unit_once_a_turn():
    state = move_board([("posterunek.coureur", 0, (-1, 0), 0)], hand=())
    state = play(state, 0, {"type": "MoveUnit", "from": [-1, 0], "to": [-1, 1], "rotation": 2})
    assert at(state, (-1, 1)) == ("posterunek.coureur", 0, 2)
    again = {"type": "MoveUnit", "from": [-1, 1], "to": [-1, 2], "rotation": 2}
    assert refused(state, 0, again) == "already_moved"
    assert refused(state, 0, {**again, "from": [0, 0], "to": [0, 1]}) == "not_mobile"


def test_mobility_is_one_hex_without_a_recon_centre():
    state = move_board([("posterunek.coureur", 0, (-1, 0), 0)], hand=())
    far = {"type": "MoveUnit", "from": [-1, 0], "to": [-1, 2], "rotation": 0}
    assert refused(state, 0, far) == "unreachable"


def test_a_transport_gives_adjacent_units_mobility_but_not_itself():
    tiles = [
        ("hegemonia.hq", 0, (-2, 2), 0),
        ("borgo.hq", 1, (2, -2), 0),
        ("hegemonia.transport", 0, (0, 0), 0),
        ("hegemonia.gangman", 0, (0, 1), 0),
    ]
    state = board_game(["hegemonia", "borgo"], tiles)
    state = play(state, 0, {"type": "MoveUnit", "from": [0, 1], "to": [1, 1], "rotation": 0})
    assert at(state, (1, 1))[0] == "hegemonia.gangman"
    itself = {"type": "MoveUnit", "from": [0, 0], "to": [0, -1], "rotation": 0}
    assert refused(state, 0, itself) == "not_mobile"


def test_a_netted_unit_cannot_move():
    tiles = [("posterunek.coureur", 0, (-1, 0), 0), ("borgo.retiaire", 1, (-2, 0), 0)]
    state = move_board(tiles, hand=())  # the Borgo net (side 2) faces (-1, 0)
    move = {"type": "MoveUnit", "from": [-1, 0], "to": [-1, 1], "rotation": 0}
    assert refused(state, 0, move) == "netted"


def strike_board(army, hand, extra=()):
    tiles = [
        (f"{army}.hq", 0, (0, 0), 0),
        ("moloch.hq", 1, (2, -2), 0),
        ("moloch.cyborg", 1, (0, 1), 0),
        ("moloch.bloqueur", 1, (-2, 2), 0),
        *extra,
    ]
    return board_game([army, "moloch"], tiles, hands={0: hand})


def test_the_sniper_wounds_an_enemy_tile_but_never_an_hq():
    state = strike_board("posterunek", ["tireur_d_elite"])
    after = play(state, 0, {"type": "PlaySniper", "tile_index": 0, "target": [-2, 2]})
    assert after.position.at((-2, 2)).wounds == 1
    assert after.seats[0].discard == ("posterunek.tireur_d_elite",) and after.phase == "play"
    assert (
        refused(state, 0, {"type": "PlaySniper", "tile_index": 0, "target": [2, -2]})
        == "bad_target"
    )


def test_the_grenade_destroys_an_enemy_tile_next_to_the_own_hq_only():
    state = strike_board("borgo", ["grenade"])
    after = play(state, 0, {"type": "PlayGrenade", "tile_index": 0, "target": [0, 1]})
    assert at(after, (0, 1)) is None
    assert refused(state, 0, {"type": "PlayGrenade", "tile_index": 0, "target": [-2, 2]})


def test_the_air_strike_must_fall_wholly_on_the_board():
    state = strike_board("moloch", ["bombe"])
    assert refused(state, 0, {"type": "PlayAirStrike", "tile_index": 0, "centre": [2, -2]})
    after = play(state, 0, {"type": "PlayAirStrike", "tile_index": 0, "centre": [0, 0]})
    assert at(after, (0, 1)) is None and after.position.hq_points(0) == 20


def test_instants_are_played_not_placed_and_units_placed_not_played():
    state = strike_board("moloch", ["bombe", "cyborg"])
    assert (
        refused(state, 0, {"type": "PlaceTile", "tile_index": 0, "hex": [1, 0], "rotation": 0})
        == "wrong_tile"
    )
    assert refused(state, 0, {"type": "PlayBattle", "tile_index": 1}) == "wrong_tile"
    assert (
        refused(state, 0, {"type": "PlaceTile", "tile_index": 1, "hex": [0, 1], "rotation": 0})
        == "occupied"
    )
    assert (
        refused(state, 0, {"type": "PlaceTile", "tile_index": 5, "hex": [1, 0], "rotation": 0})
        == "no_such_tile"
    )


def refusal(state, seat, move) -> IllegalMove:
    with pytest.raises(IllegalMove) as err:
        play(state, seat, move)
    return err.value


def test_refusals_naming_a_hex_or_a_tile_keep_their_english_and_carry_the_values():
    """The command line and the rules cases print `reason` as before; the site reads the
    template and the values (games/engine/protocol.IllegalMove)."""
    state = play(push_board(), 0, PUSH)
    pushed = refusal(state, 1, {"type": "ChoosePushDestination", "to": [1, -1]})
    assert pushed.reason == "Your unit cannot be pushed to [1, -1]."
    assert (pushed.template, pushed.values) == (
        "Your unit cannot be pushed to {hex}.",
        {"hex": [1, -1]},
    )
    placed = refusal(
        push_board(), 0, {"type": "PlaceTile", "tile_index": 0, "hex": [1, 0], "rotation": 0}
    )
    assert placed.reason == "Push Back is an instant: play it, do not place it."
    assert placed.values == {"tile": "moloch.repousser"}
