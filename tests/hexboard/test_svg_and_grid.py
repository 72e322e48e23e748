"""SVG helpers and the still grid (pure, no database)."""

from __future__ import annotations

from django.utils.safestring import SafeString

from games.engine.hexgrid import FLAT, POINTY, Layout, hexagon
from games.hexboard import keys, svg
from games.hexboard.grid import Cell, board_view_box, cells_markup


def test_numbers_are_short_and_never_use_a_decimal_comma():
    assert svg.num(-150.0) == "-150"
    assert svg.num(86.60254) == "86.6"
    assert svg.num(-0.01) == "0"
    assert svg.points([(1.0, 2.25), (0.0, -3.0)]) == "1,2.2 0,-3"


def test_hexes_travel_as_q_comma_r_and_anything_else_reads_as_nothing():
    assert keys.hex_key([2, -1]) == "2,-1"
    assert keys.parse_hex("2,-1") == [2, -1]
    for bad in ("", "2", "2,x", "1,2,3", None, 5):
        assert keys.parse_hex(bad) is None


def test_cells_are_escaped_markup_with_their_terrain_and_label():
    markup = cells_markup(Layout(FLAT, 10), [Cell((0, 0), "cell bush", "<b>", "Bush & co")])
    assert isinstance(markup, SafeString)
    assert 'class="cell bush"' in markup and 'data-hex="0,0"' in markup
    assert "&lt;b&gt;" in markup and "Bush &amp; co" in markup and "<b>" not in markup


def test_the_view_box_encloses_every_corner_of_the_board():
    assert board_view_box(Layout(FLAT, 50), hexagon(2)) == "-200 -216.5 400 433"
    assert board_view_box(Layout(POINTY, 50), [(0, 0)], margin=1) == "-44.3 -51 88.6 102"


def test_a_placed_hexagon_moves_corners_shared_by_every_hex_of_its_size():
    layout = Layout(FLAT, 10)
    one, other = svg.placed_hexagon(layout, (0, 0), "a"), svg.placed_hexagon(layout, (1, 0), "b")
    corners = "10,0 5,8.7 -5,8.7 -10,0 -5,-8.7 5,-8.7"
    assert one == f'<polygon class="a" transform="translate(0,0)" points="{corners}"/>'
    assert 'transform="translate(15,8.7)"' in other and f'points="{corners}"' in other
    half = svg.placed_hexagon(layout, (0, 0), "<c>", scale=0.5)
    assert 'class="&lt;c&gt;"' in half and 'points="5,0 2.5,4.3 ' in half
