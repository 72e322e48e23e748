"""games/engine/hexgrid.py against Red Blob Games' test vectors ("Hexagonal Grids" and its
implementation guide, https://www.redblobgames.com/grids/hexagons/implementation.html), turned
into hexsite's axial (q, r) and its direction numbering (0 top, then clockwise)."""

import math

import pytest

from games.engine.hexgrid import (
    DIRECTIONS,
    FLAT,
    POINTY,
    Layout,
    cube_round,
    distance,
    line,
    lines,
    neighbour,
    neighbours,
    ring,
    within,
)


def test_distance_of_red_blob_s_vector():
    # hex_distance(Hex(3, -7, 4), Hex(0, 0, 0)) == 7
    assert distance((3, -7), (0, 0)) == 7
    assert distance((0, 0), (3, -7)) == 7
    assert distance((2, -1), (2, -1)) == 0


def test_neighbours_follow_hexsite_s_directions_and_red_blob_s_vector():
    # hex_neighbor(Hex(1, -2, 1), 2) == Hex(1, -3, 2): Red Blob's direction 2 is (0, -1), the top
    assert neighbour((1, -2), 0) == (1, -3)
    assert DIRECTIONS == ((0, -1), (1, -1), (1, 0), (0, 1), (-1, 1), (-1, 0))
    assert neighbours((1, -2)) == ((1, -3), (2, -3), (2, -2), (1, -1), (0, -1), (0, -2))
    assert all(distance((1, -2), n) == 1 for n in neighbours((1, -2)))


def test_cube_round_of_red_blob_s_vectors():
    a, b, c = (0, 0), (1, -1), (0, -1)
    assert cube_round(5.0, -10.0) == (5, -10)  # hex_lerp(Hex(0,0,0), Hex(10,-20,10), 0.5)
    assert cube_round(0.499, -0.499) == a  # hex_lerp(a, b, 0.499)
    assert cube_round(0.501, -0.501) == b  # hex_lerp(a, b, 0.501)
    assert cube_round(0.3, -0.6) == a  # a * 0.4 + b * 0.3 + c * 0.3
    assert cube_round(0.3, -0.7) == c  # a * 0.3 + b * 0.3 + c * 0.4


def test_line_drawing_of_red_blob_s_vector_is_the_same_in_both_variants():
    # hex_linedraw(Hex(0, 0, 0), Hex(1, -5, 4))
    expected = ((0, 0), (0, -1), (0, -2), (1, -3), (1, -4), (1, -5))
    assert line((0, 0), (1, -5)) == expected
    assert lines((0, 0), (1, -5)) == (expected, expected)
    assert line((2, 3), (2, 3)) == ((2, 3),)


@pytest.mark.parametrize(
    ("end", "plus", "minus"),
    [
        # (0,0) -> (1,1) runs along the edge between (1,0) and (0,1)
        ((1, 1), (1, 0), (0, 1)),
        # (0,0) -> (2,-1) runs along the edge between (1,-1) and (1,0)
        ((2, -1), (1, -1), (1, 0)),
    ],
)
def test_a_line_along_hex_edges_takes_one_side_per_nudge_variant(end, plus, minus):
    assert lines((0, 0), end) == (((0, 0), plus, end), ((0, 0), minus, end))
    assert line((0, 0), end, 1) == ((0, 0), plus, end)
    assert line((0, 0), end, -1) == ((0, 0), minus, end)


def test_a_ring_starts_below_left_and_goes_round_clockwise():
    assert ring((0, 0), 0) == ((0, 0),)
    assert ring((0, 0), 1) == ((-1, 1), (-1, 0), (0, -1), (1, -1), (1, 0), (0, 1))
    big = ring((2, -1), 2)
    assert big == (
        (0, 1), (0, 0), (0, -1), (1, -2), (2, -3), (3, -3),
        (4, -3), (4, -2), (4, -1), (3, 0), (2, 1), (1, 1),
    )  # fmt: skip
    assert all(distance(h, (2, -1)) == 2 for h in big)
    assert all(distance(x, y) == 1 for x, y in zip(big, big[1:] + big[:1], strict=True))


def test_within_a_radius_are_one_plus_three_r_times_r_plus_one_hexes():
    for radius in range(4):
        area = within((1, -1), radius)
        assert len(area) == 1 + 3 * radius * (radius + 1)
        assert set(area) == {h for r in range(radius + 1) for h in ring((1, -1), r)}


def _close(p, q):
    return all(math.isclose(a, b, abs_tol=1e-9) for a, b in zip(p, q, strict=True))


def test_flat_layout_pixels_and_corners_follow_red_blob_s_formulas():
    # x = size * 3/2 q ; y = size * (sqrt(3)/2 q + sqrt(3) r); corner i at 60 i degrees
    flat = Layout(FLAT, 10.0)
    assert _close(flat.to_pixel((1, 0)), (15.0, 8.660254037844386))
    assert _close(flat.to_pixel((0, 1)), (0.0, 17.320508075688772))
    assert _close(flat.to_pixel((-2, 3)), (-30.0, 34.64101615137755))
    corners = flat.corners((0, 0))
    assert _close(corners[0], (10.0, 0.0)) and _close(corners[1], (5.0, 8.660254037844386))
    assert _close(corners[3], (-10.0, 0.0))


def test_pointy_layout_pixels_and_corners_follow_red_blob_s_formulas():
    # x = size * (sqrt(3) q + sqrt(3)/2 r) ; y = size * 3/2 r; corner i at 30 + 60 i degrees
    pointy = Layout(POINTY, 10.0)
    assert _close(pointy.to_pixel((1, 0)), (17.320508075688772, 0.0))
    assert _close(pointy.to_pixel((0, 1)), (8.660254037844386, 15.0))
    corners = pointy.corners((0, 0))
    assert _close(corners[0], (8.660254037844386, 5.0)) and _close(corners[1], (0.0, 10.0))
    assert _close(corners[4], (0.0, -10.0))


def test_neighbouring_centres_are_a_hex_width_apart_in_both_layouts():
    for layout in (Layout(FLAT, 7.0), Layout(POINTY, 7.0)):
        x0, y0 = layout.to_pixel((0, 0))
        for n in neighbours((0, 0)):
            x, y = layout.to_pixel(n)
            assert math.isclose(math.hypot(x - x0, y - y0), 7.0 * math.sqrt(3))
