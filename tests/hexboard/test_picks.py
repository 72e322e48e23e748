"""Picks build a move from the legal moves only (pure, no database)."""

from __future__ import annotations

from django.http import QueryDict

from games.hexboard import picks
from games.hexboard.picks import PickSpec

SPEC = PickSpec(
    order={"PlaceTile": ("tile_index", "hex", "rotation"), "MoveUnit": ("from", "to")},
    hex_fields=frozenset({"hex", "from", "to"}),
    cycled=frozenset({"rotation"}),
    from_hand="tile_index",
    params={"tile": "tile_index", "rot": "rotation"},
)
LEGAL = [
    *({"type": "PlaceTile", "tile_index": 0, "hex": [0, 0], "rotation": r} for r in (0, 2)),
    {"type": "PlaceTile", "tile_index": 0, "hex": [1, 0], "rotation": 0},
    {"type": "MoveUnit", "from": [0, 1], "to": [0, 2]},
    {"type": "EndTurn"},
]


def test_selection_offers_hexes_then_the_cycled_field_from_the_legal_moves_only():
    first = picks.choose(SPEC, LEGAL, {"tile_index": 0})
    assert first.step == "hex" and first.targets == [[0, 0], [1, 0]]
    picked = picks.choose(SPEC, LEGAL, {"tile_index": 0, "hex": [0, 0], "rotation": 5})
    assert picked.cycle_values == [0, 2] and picked.move["rotation"] == 0  # 5 is not legal
    assert picks.turned(picked, 1)["rotation"] == 2
    assert picks.turned(picked, -1)["rotation"] == 2  # wraps around


def test_a_forged_or_stale_selection_starts_again_from_nothing():
    forged = picks.choose(SPEC, LEGAL, {"tile_index": 7, "hex": [9, 9]})
    assert forged.move is None and forged.selection == {}
    assert forged.step == "from"  # the board-only move is offered again


def test_without_a_hand_pick_only_moves_that_start_on_the_board_are_offered():
    choice = picks.choose(SPEC, LEGAL, {})
    assert choice.kind == "MoveUnit" and choice.targets == [[0, 1]]
    done = picks.choose(SPEC, LEGAL, {"from": [0, 1], "to": [0, 2]})
    assert done.move == {"type": "MoveUnit", "from": [0, 1], "to": [0, 2]}


def test_a_selection_round_trips_through_its_query_string_and_drops_garbage():
    sel = {"tile_index": 0, "hex": [1, -1], "rotation": 3}
    query = picks.to_query(SPEC, sel)
    assert query == "?tile=0&rot=3&hex=1,-1"
    assert picks.parse(SPEC, QueryDict(query[1:])) == sel
    assert picks.parse(SPEC, QueryDict("tile=x&hex=1&rot=&from=2,a")) == {}
    assert picks.to_query(SPEC, {}) == "?"


PATHS = PickSpec(
    order={"act": ("at", "who", "do", "step", "to")},
    hex_fields=frozenset({"at", "step", "to"}),
    text_fields=frozenset({"who", "do"}),
    auto=frozenset({"who"}),
)
FORMS = [
    {"type": "act", "at": [0, 0], "who": "r1", "do": "move", "step": [0, 1]},
    {"type": "act", "at": [0, 0], "who": "r1", "do": "move", "step": [0, 1], "to": [0, 2]},
    {"type": "act", "at": [0, 0], "who": "r1", "do": "aim"},
    {"type": "act", "at": [1, 0], "who": "r2", "do": "aim"},
    {"type": "act", "at": [1, 0], "who": "r3", "do": "aim"},
]


def test_a_field_with_one_possible_value_is_filled_in_when_the_spec_says_so():
    choice = picks.choose(PATHS, FORMS, {"at": [0, 0]})
    assert choice.selection["who"] == "r1" and choice.step == "do"
    assert choice.targets == ["move", "aim"]
    two = picks.choose(PATHS, FORMS, {"at": [1, 0]})
    assert two.step == "who" and two.targets == ["r2", "r3"]  # two figures: asked


def test_a_form_without_the_next_field_is_complete_beside_the_fields_choices():
    after_one = picks.choose(PATHS, FORMS, {"at": [0, 0], "do": "move", "step": [0, 1]})
    assert after_one.step == "to" and after_one.targets == [[0, 2]]
    assert after_one.move == FORMS[0]  # stopping after one hex is a move too
    aim = picks.choose(PATHS, FORMS, {"at": [0, 0], "do": "aim"})
    assert aim.step is None and aim.move == FORMS[2]  # fields no form has are not asked
    assert len(aim.candidates) == 1


def test_text_fields_read_back_from_the_query_string_as_text():
    query = picks.to_query(PATHS, {"at": [1, 0], "who": "r3", "do": "aim"})
    assert picks.parse(PATHS, QueryDict(query[1:])) == {"at": [1, 0], "who": "r3", "do": "aim"}


def test_a_selection_no_legal_move_matches_is_reported_as_reset():
    assert picks.choose(SPEC, LEGAL, {"tile_index": 7, "hex": [9, 9]}).reset
    assert picks.choose(SPEC, [], {"from": [0, 1]}).reset  # nothing legal any more: dropped


def test_a_selection_still_legal_or_empty_is_not_reported_as_reset():
    assert not picks.choose(SPEC, LEGAL, {}).reset
    assert not picks.choose(SPEC, LEGAL, {"tile_index": 0, "hex": [0, 0]}).reset
    assert not picks.choose(SPEC, [], {}).reset


AFTER = PickSpec(
    order={"deploy": ("hex", "opt", "mine")},
    hex_fields=frozenset({"hex", "mine"}),
    text_fields=frozenset({"opt"}),
    cycled=frozenset({"opt"}),
)
DEPLOYS = [
    {"type": "deploy", "hex": [0, 0], "opt": "1.open"},  # its mine placed for it
    *({"type": "deploy", "hex": [0, 0], "opt": "1.open", "mine": [1, m]} for m in (0, 1)),
    {"type": "deploy", "hex": [0, 0], "opt": "2.hidden"},  # no mine: nothing after the cycle
]


def test_fields_after_a_cycled_one_are_picked_among_the_moves_of_the_option_cycled_to():
    open_ = picks.choose(AFTER, DEPLOYS, {"hex": [0, 0]})
    assert open_.step == "mine" and open_.targets == [[1, 0], [1, 1]]
    assert open_.move == DEPLOYS[0]  # Confirm beside the mine's hexes
    assert open_.cycle_values == ["1.open", "2.hidden"]
    assert open_.selection == {"hex": [0, 0], "opt": "1.open"}  # the option in the links
    hidden = picks.choose(AFTER, DEPLOYS, picks.turned(open_, 1))
    assert hidden.step is None and hidden.move == DEPLOYS[3]
    placed = picks.choose(AFTER, DEPLOYS, {"hex": [0, 0], "opt": "1.open", "mine": [1, 1]})
    assert placed.move == DEPLOYS[2] and placed.step is None
    assert picks.turned(placed, 1) == {"hex": [0, 0], "opt": "1.open"}  # the mine dropped
