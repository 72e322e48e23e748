"""DÉROULEMENT DU JEU, JOUER UNE TUILE, BATAILLES, FIN DU JEU: the shape of a turn."""

from dataclasses import replace

import pytest
from nh import after_hqs, board_game, play, step

from games.engine.neuroshima.position import PlacedTile
from games.engine.neuroshima.tiles import CELLS
from games.engine.protocol import IllegalMove

ARMIES = ["moloch", "borgo"]


def third_turn(**kw):
    state = after_hqs(ARMIES, [(0, 0), (2, 0)], **kw)
    state = play(state, 0, {"type": "EndTurn"})  # keeps its one tile
    return play(state, 1, {"type": "EndTurn"})


def test_one_of_three_tiles_must_be_discarded_before_anything_else():
    state = third_turn(piles={0: ["cyborg", "cyborg", "bloqueur"]})
    assert state.phase == "discard" and len(state.seats[0].hand) == 3
    for move in (
        {"type": "PlaceTile", "tile_index": 0, "hex": [1, 1], "rotation": 0},
        {"type": "EndTurn"},
    ):
        with pytest.raises(IllegalMove) as err:
            play(state, 0, move)
        assert err.value.code == "wrong_phase"
    state = play(state, 0, {"type": "Discard", "tile_index": 2})
    assert state.phase == "play" and state.seats[0].discard == ("moloch.bloqueur",)


def test_kept_tiles_are_shown_and_count_towards_the_three():
    state = after_hqs(ARMIES, [(0, 0), (2, 0)], piles={0: ["cyborg", "bloqueur", "bataille"]})
    state, events = step(state, 0, {"type": "EndTurn"})
    assert any(e.kind == "TilesKept" and e.data["tiles"] == ["moloch.cyborg"] for e in events)
    assert state.seats[0].shown == (True,)
    state = play(state, 1, {"type": "EndTurn"})
    assert state.seats[0].hand == ("moloch.cyborg", "moloch.bloqueur", "moloch.bataille")
    assert state.seats[0].shown == (True, False, False)


def test_more_tiles_may_be_discarded_and_the_rest_kept():
    state = third_turn()
    state = play(state, 0, {"type": "Discard", "tile_index": 0})
    state = play(state, 0, {"type": "Discard", "tile_index": 0})
    assert state.phase == "play" and len(state.seats[0].discard) == 2


def test_tiles_are_played_only_in_their_owners_turn():
    state = third_turn()
    with pytest.raises(IllegalMove) as err:
        play(state, 1, {"type": "Discard", "tile_index": 0})
    assert err.value.code == "not_your_turn"


def test_at_the_end_of_the_pile_a_short_hand_discards_nothing_and_battle_is_forbidden():
    state = after_hqs(ARMIES, [(0, 0), (2, 0)])
    state = play(state, 0, {"type": "EndTurn"})
    state = play(state, 1, {"type": "EndTurn"})
    # Seat 0 keeps 1 tile; its pile is down to a single Battle tile.
    state = play(state, 0, {"type": "Discard", "tile_index": 0})
    state = play(state, 0, {"type": "Discard", "tile_index": 0})
    state = state.with_seat(0, deck=("moloch.bataille",))
    state, events = step(state, 0, {"type": "EndTurn"})
    state = play(state, 1, {"type": "Discard", "tile_index": 0})
    state, events = step(state, 1, {"type": "EndTurn"})
    assert len(state.seats[0].hand) == 2 and state.phase == "play"  # no compulsory discard
    assert state.last_tile_by == 0 and state.last_turns == (1,)
    assert any(e.kind == "LastTileDrawn" for e in events)
    with pytest.raises(IllegalMove) as err:
        play(state, 0, {"type": "PlayBattle", "tile_index": 1})
    assert err.value.code == "last_tile"


def test_after_the_last_tile_the_others_play_once_then_the_final_battle_ends_the_game():
    state = third_turn()
    state = play(state, 0, {"type": "Discard", "tile_index": 0})
    state = state.with_seat(1, deck=state.seats[1].deck[:1])
    state = play(state, 0, {"type": "EndTurn"})  # seat 1 draws its last tile
    assert state.last_tile_by == 1 and state.last_turns == (0,)
    state = play(state, 1, {"type": "Discard", "tile_index": 0})  # three tiles: discard one
    state = play(state, 1, {"type": "EndTurn"})
    assert state.current == 0 and state.result is None  # seat 0's last turn
    if state.phase == "discard":
        state = play(state, 0, {"type": "Discard", "tile_index": 0})
    state, events = step(state, 0, {"type": "EndTurn"})
    kinds = [e.kind for e in events]
    assert "BattleCalled" in kinds and kinds[-1] == "GameEnded"
    assert state.phase == "over" and state.result.reason == "final_battle"
    assert state.result.ranks == (0, 0)  # 20 against 20: a draw (VICTOIRE)


def test_a_battle_tile_starts_a_battle_that_ends_the_turn():
    state = board_game(
        ARMIES,
        [("moloch.hq", 0, (0, 0), 0), ("borgo.hq", 1, (2, 0), 0)],
        hands={0: ["bataille", "cyborg"]},
    )
    state, events = step(state, 0, {"type": "PlayBattle", "tile_index": 0})
    kinds = [e.kind for e in events]
    assert kinds.index("BattleCalled") < kinds.index("TurnEnded")
    assert state.current == 1
    assert state.seats[0].hand == ("moloch.cyborg",) and state.seats[0].shown == (True,)


def test_filling_the_board_starts_a_battle_at_once():
    tiles = [("moloch.hq", 0, (0, 0), 0), ("borgo.hq", 1, (2, 0), 0)]
    free = sorted(h for h in CELLS if h not in ((0, 0), (2, 0)))
    filler = [PlacedTile("moloch.bloqueur", 0, h) for h in free[:-1]]
    state = board_game(ARMIES, tiles, hands={0: ["bloqueur", "bloqueur"]})
    state = replace(state, position=state.position.with_tiles([*state.position.tiles, *filler]))
    last = free[-1]
    state, events = step(
        state, 0, {"type": "PlaceTile", "tile_index": 0, "hex": list(last), "rotation": 0}
    )
    assert [e.data.get("reason") for e in events if e.kind == "BattleCalled"] == ["board_full"]
    assert state.current == 1  # the battle ended seat 0's turn


def test_transitions_flag_draws_and_turn_ends():
    from nh import RNG

    from games.engine.neuroshima.system import SYSTEM

    state = after_hqs(ARMIES, [(0, 0), (2, 0)])
    t = SYSTEM.apply(state, 0, {"type": "EndTurn"}, RNG)
    assert t.reveals and t.ends_turn
    t = SYSTEM.apply(t.state, 1, {"type": "Discard", "tile_index": 0}, RNG)
    assert not t.reveals and not t.ends_turn
