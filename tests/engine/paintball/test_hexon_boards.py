"""Boards, layouts and setup per scenario (spec §4, §5; "Le Jeu": four 6-hex Hexon boards and two
single hexes for the bases)."""

import pytest

from games.engine.hexgrid import distance, neighbours
from games.engine.paintball.board import BOARDS, LAYOUTS, in_field_of_view
from games.engine.paintball.setup import initial_state, validate_config
from games.engine.paintball.state import SCENARIOS


def _mirror(h):
    return (h[0], -h[0] - h[1])


def test_the_basic_board_is_four_hexon_boards_and_two_home_hexes():
    board = BOARDS["hexon_basic"]
    assert len(board.hexes) == 24 + 2
    assert board.home("red") == (0, 3) and board.home("blue") == (0, -3)
    assert distance((0, 3), (0, -3)) == 6
    assert distance((0, 0), (0, 3)) == distance((0, 0), (0, -3)) == 3


@pytest.mark.parametrize("name,size", [("hexon_basic", 26), ("field_5", 49), ("field_7", 69)])
def test_every_board_is_mirror_symmetric_north_south(name, size):
    board = BOARDS[name]
    assert len(board.hexes) == size
    assert {_mirror(h) for h in board.hexes} == board.hexes
    assert _mirror(board.home("red")) == board.home("blue")


@pytest.mark.parametrize("name", ["hexon_basic", "field_5", "field_7"])
def test_each_home_sits_in_a_notch_with_three_field_neighbours(name):
    board = BOARDS[name]
    for seat in ("red", "blue"):
        home = board.home(seat)
        assert sum(1 for n in neighbours(home) if n in board.hexes) == 3


@pytest.mark.parametrize("name", ["hexon_basic", "field_5", "field_7", "field_7_hills"])
def test_standard_layouts_are_mirror_symmetric(name):
    layout = set(LAYOUTS[name])
    assert {(_mirror(h), kind) for h, kind in layout} == layout


def test_start_zones_are_the_home_and_its_neighbours_on_the_basic_board():
    zone = BOARDS["hexon_basic"].start_zone("red")
    assert zone[0] == (0, 3)
    assert set(zone) == {(0, 3), (0, 2), (1, 2), (-1, 3)}
    assert len(BOARDS["field_5"].start_zone("blue")) == 9


@pytest.mark.parametrize("scenario", SCENARIOS)
def test_each_scenario_sets_up_its_board_flags_and_teams(scenario):
    state = initial_state({"scenario": scenario})
    assert state.phase == "deploy"
    assert len(state.marshals) == 2
    red, blue = state.in_play("red"), state.in_play("blue")
    if scenario == "base_assault":
        assert (red, blue) == (6, 5)
        assert state.board.name == "field_5" and state.turn_limit == 8
        assert ((-1, -4), "bunker") in state.terrain
    else:
        assert (red, blue) == (6, 6)
    flags = {f.id: f.hex for f in state.flags}
    expected = {
        "capture_the_flag": {"red": (0, 3), "blue": (0, -3)},
        "centre_flag": {"centre": (0, 0)},
    }.get(scenario, {})
    assert flags == expected


def test_advanced_options_start_with_the_secret_team_setup():
    state = initial_state({"experts": True})
    assert state.phase == "setup"


def test_config_refuses_unknown_scenarios_and_non_boolean_options():
    with pytest.raises(ValueError):
        validate_config({"scenario": "deathmatch"}, 2)
    with pytest.raises(ValueError):
        validate_config({"experts": "yes"}, 2)
    with pytest.raises(ValueError):
        validate_config({}, 3)


def test_hills_appear_only_on_field_7_with_the_option():
    state = initial_state({"scenario": "elimination", "board": "field_7", "hills": True})
    assert ((3, 1), "hill") in state.terrain
    plain = initial_state({"scenario": "elimination", "board": "field_7"})
    assert all(kind != "hill" for _, kind in plain.terrain)


def test_heavy_cover_can_be_left_out():
    state = initial_state({"heavy_cover": False})
    assert all(kind != "heavy" for _, kind in state.terrain)


def test_a_figure_sees_its_front_and_the_two_sides_beside_it_only():
    # D26: facing north (d0) from (0,0): north, north-east and north-west seen; exact 90° too.
    seen = [d for d, n in enumerate(neighbours((0, 0))) if in_field_of_view((0, 0), 0, n)]
    assert seen == [0, 1, 5]
    assert in_field_of_view((0, 0), 0, (2, -1))  # due east: exactly 90 degrees
    assert not in_field_of_view((0, 0), 0, (0, 2))
