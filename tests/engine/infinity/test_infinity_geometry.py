"""Hex geometry (spec B.1, B.3, B.4): the board, the 180 degree arc edge included, lines of fire
blocked by buildings and standing models, Partial Cover, templates as hex shapes, Dispersion."""

from games.engine.infinity import geometry as geo
from games.engine.infinity.state import Board

BOARD = Board(None, 16, 16, (), ((10, 15), (0, 5)))


def test_a_hex_is_on_the_board_by_its_column_and_offset_row():
    assert geo.on_board(BOARD, (0, 0)) and geo.on_board(BOARD, (15, -7))
    assert not geo.on_board(BOARD, (1, -1)) and not geo.on_board(BOARD, (16, 0))


def test_the_front_arc_is_half_the_plane_edge_included():
    assert geo.in_arc((5, 5), 0, (5, 1))  # straight ahead
    assert geo.in_arc((5, 5), 0, (7, 4))  # level with it, on the edge of the arc
    assert not geo.in_arc((5, 5), 0, (5, 7))  # behind


def test_a_building_blocks_both_lines_and_so_the_line_of_fire():
    scenery = {(5, 3): "building"}
    assert not geo.line_of_fire((5, 5), 0, (5, 1), (), scenery)
    assert geo.line_of_fire((5, 5), 0, (5, 1), (), {})


def test_a_standing_model_blocks_but_one_clear_line_is_enough():
    # A line along hex edges: the two nudged lines pass on either side of it.
    a, b = (5, 5), (7, 4)
    plus, minus = geo.sight_lines(a, b)
    assert plus != minus
    one_side = plus[0]
    assert geo.clear_line(a, b, {one_side}, {})  # the other line is clear
    assert not geo.clear_line(a, b, {plus[0], minus[0]}, {})


def test_lines_of_fire_are_reciprocal_when_both_face_each_other():
    blockers = {(6, 3)}
    there = geo.line_of_fire((5, 6), 0, (8, 0), blockers, {})
    back = geo.line_of_fire((8, 0), 3, (5, 6), blockers, {})
    assert there == back


def test_a_low_wall_gives_partial_cover_to_the_trooper_behind_it():
    scenery = {(5, 2): "low_wall"}
    assert geo.partial_cover((5, 6), (5, 1), (), scenery)  # the wall lies on the line
    assert geo.partial_cover((5, 6), (5, 2), (), scenery)  # standing in the wall's hex
    assert not geo.partial_cover((5, 6), (5, 1), (), {})


def test_a_corner_grazed_next_to_the_target_gives_partial_cover():
    a, b = (4, 6), (6, 2)
    plus, minus = geo.sight_lines(a, b)
    assert plus[-1] not in minus  # (5, 3) is on one line only, next to the target
    assert geo.partial_cover(a, b, {plus[-1]}, {})
    assert not geo.partial_cover(a, b, {plus[0]}, {})  # blocked far from the target


def test_teardrops_have_the_normative_number_of_hexes():
    sizes = {}
    for template in ("large_teardrop", "small_teardrop"):
        for aim in ("d0", "v0", "d3", "v4"):
            sizes[template, aim] = len(geo.teardrop((8, 4), aim, template, BOARD, {}))
    assert sizes["large_teardrop", "d0"] == 8 and sizes["large_teardrop", "v0"] == 6
    assert sizes["small_teardrop", "d0"] == 5 and sizes["small_teardrop", "v0"] == 3
    assert sizes["large_teardrop", "d3"] == 8 and sizes["small_teardrop", "v4"] == 3


def test_a_teardrop_rotates_with_its_aim_and_stops_at_buildings():
    north = geo.teardrop((8, 4), "d0", "large_teardrop", BOARD, {})
    east = geo.teardrop((8, 4), "d2", "large_teardrop", BOARD, {})
    assert (8, 3) in north and (9, 4) in east
    walled = geo.teardrop((8, 4), "d0", "large_teardrop", BOARD, {(8, 2): "building"})
    assert (8, 2) not in walled and (8, 1) not in walled and (8, 3) in walled


def test_a_circular_template_is_a_hex_and_its_six_neighbours():
    assert len(geo.circular((8, 4), BOARD, {})) == 7
    assert len(geo.circular((0, 0), BOARD, {})) < 7  # the board edge cuts it


def test_aims_are_in_the_arc_only_on_the_facing_side():
    assert geo.aim_in_arc(0, "d0") and geo.aim_in_arc(0, "v0") and not geo.aim_in_arc(0, "d3")


def test_dispersion_turns_from_the_direction_of_the_board_centre():
    # From the north-west corner the centre lies south-east: digit 1 keeps that direction.
    origin = (1, 1)
    towards = geo.dispersion(BOARD, origin, 1)
    assert towards in ((2, 1), (1, 2))
    turned = {geo.dispersion(BOARD, origin, d) for d in range(10)}
    assert len(turned) == 6  # ten digits spread over the six directions
