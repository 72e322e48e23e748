"""The still layer of a board: its cells, drawn once with the page (pure geometry, cached).

The moving layer lies on top with the same viewBox; legal targets `<use>` the hex drawn here
(`#hb-hex`), and arrows end with the marker drawn here (`#hb-arrow`).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from django.utils.html import format_html
from django.utils.safestring import SafeString

from games.engine.hexgrid import Hex, Layout
from games.hexboard.keys import hex_key
from games.hexboard.svg import centred_corners, join, num, points, view_box


@dataclass(frozen=True)
class Cell:
    """One hex of the board: its terrain classes and an optional short label."""

    hex: Hex
    css: str = "cell"
    label: str = ""
    title: str = ""


def cells_markup(layout: Layout, cells: Iterable[Cell]) -> SafeString:
    """Each cell as a polygon (with its label, drawn near the lower-left corner)."""
    out = []
    for c in cells:
        corners = layout.corners(c.hex)
        title = format_html("<title>{}</title>", c.title) if c.title else ""
        out.append(
            format_html(
                '<polygon class="{}" points="{}" data-hex="{}">{}</polygon>',
                c.css,
                points(corners),
                hex_key(c.hex),
                title,
            )
        )
        # Coordinates, shown only while the player turns them on (board.js, .hb-coords); the
        # story's sentences then show the same ones.
        cx, cy = layout.to_pixel(c.hex)
        tx, ty = _towards(cx, cy, corners[4], 0.62)
        out.append(
            format_html(
                '<text class="hb-coord-label" x="{}" y="{}" text-anchor="middle">{},{}</text>',
                num(tx),
                num(ty + 4),
                c.hex[0],
                c.hex[1],
            )
        )
        if c.label:
            x, y = layout.to_pixel(c.hex)
            lx, ly = _towards(x, y, corners[2], 0.7)
            out.append(
                format_html(
                    '<text class="cell-label" x="{}" y="{}" text-anchor="middle">{}</text>',
                    num(lx),
                    num(ly + 4),
                    c.label,
                )
            )
    return join(out)


def _towards(x: float, y: float, corner: tuple[float, float], share: float) -> tuple[float, float]:
    return x + (corner[0] - x) * share, y + (corner[1] - y) * share


def board_view_box(layout: Layout, hexes: Iterable[Hex], margin: float = 0.0) -> str:
    return view_box(layout.view_box(hexes, margin))


def target_points(layout: Layout) -> str:
    """The hex around (0, 0) that legal targets reuse at their centres."""
    return centred_corners(layout)
