"""The paintball field as SVG (pure: no request, no model; markup through format_html only).

Two layers, as games/hexboard draws every system: the still grid (cells with their terrain
drawn so that cover reads at a glance: sandbag bunkers, bushes, barrels, hills, the two home
bases) and the moving layer (smoke, flags, marshals, figures: pieces.py). This module has the
grid and the overlays a pick or a step adds (smoke, badges, lines of sight, reach).
"""

from __future__ import annotations

import functools
import math
from collections.abc import Mapping, Sequence
from typing import Any

from django.utils.html import format_html
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import get_language, gettext

from games.engine.hexgrid import FLAT, Hex, Layout
from games.engine.paintball.position import board_from_json
from games.hexboard.grid import Cell, board_view_box, cells_markup
from games.hexboard.svg import join, num
from games.paintball_site.words import terrain_label

SIZE = 40.0
LAYOUT = Layout(FLAT, SIZE)


def hex_of(value: Any) -> Hex:
    return (int(value[0]), int(value[1]))


def centre(h: Any) -> tuple[float, float]:
    return LAYOUT.to_pixel(hex_of(h))


# --- the still layer --------------------------------------------------------------------------


def grid(board: Any, terrain: Sequence[Mapping[str, Any]]) -> tuple[str, SafeString]:
    """(viewBox, cells and terrain art) of a board and its layout."""
    key = (_freeze(board), tuple((tuple(t["hex"]), t["type"]) for t in terrain))
    return _grid(key, get_language() or "")


def _freeze(value: Any) -> Any:
    if isinstance(value, dict):
        return tuple(sorted((k, _freeze(v)) for k, v in value.items()))
    if isinstance(value, list):
        return tuple(_freeze(v) for v in value)
    return value


def _thaw(value: Any) -> Any:
    if (
        isinstance(value, tuple)
        and value
        and all(isinstance(p, tuple) and len(p) == 2 and isinstance(p[0], str) for p in value)
    ):
        return {k: _thaw(v) for k, v in value}
    if isinstance(value, tuple):
        return [_thaw(v) for v in value]
    return value


@functools.lru_cache(maxsize=64)
def _grid(key: tuple[Any, Any], language: str) -> tuple[str, SafeString]:
    board = board_from_json(_thaw(key[0]))
    kinds = dict(key[1])
    homes = {h: seat for seat, h in board.homes}
    cells = []
    art = []
    for h in sorted(board.hexes):
        if h in homes:
            cells.append(Cell(h, f"cell home home-{homes[h]}", "", terrain_label("base")))
            art.append(_home_art(h, homes[h]))
            continue
        kind = kinds.get(h, "open")
        cells.append(Cell(h, f"cell {kind}", "", terrain_label(kind)))
        if kind != "open":
            art.append(_TERRAIN_ART[kind](h))
    viewbox = board_view_box(LAYOUT, board.hexes, margin=6)
    return viewbox, join(
        [cells_markup(LAYOUT, cells), format_html('<g class="art">{}</g>', join(art))]
    )


def _g(h: Hex, css: str, inner: SafeString) -> SafeString:
    x, y = LAYOUT.to_pixel(h)
    return format_html(
        '<g class="{}" transform="translate({},{})" aria-hidden="true">{}</g>',
        css,
        num(x),
        num(y),
        inner,
    )


def _bunker_art(h: Hex) -> SafeString:
    # Sandbags in an arc: the wall figures hide behind.
    bags = []
    for i in range(5):
        a = math.radians(200 + i * 35)
        bags.append(
            format_html(
                '<ellipse cx="{}" cy="{}" rx="8" ry="5" transform="rotate({} {} {})"/>',
                num(19 * math.cos(a)),
                num(19 * math.sin(a) + 10),
                num(math.degrees(a) + 90),
                num(19 * math.cos(a)),
                num(19 * math.sin(a) + 10),
            )
        )
    return _g(h, "art-bunker", join(bags))


def _bush_art(h: Hex) -> SafeString:
    leaves = [(-15, -6, 9), (-2, -13, 9), (12, -7, 9), (-9, 9, 8), (8, 9, 9), (20, 5, 6)]
    return _g(
        h,
        "art-bush",
        join(format_html('<circle cx="{}" cy="{}" r="{}"/>', x, y, r) for x, y, r in leaves),
    )


def _heavy_art(h: Hex) -> SafeString:
    barrels = [(-14, -10), (1, -14), (-6, 4)]
    parts = [
        format_html(
            '<circle cx="{}" cy="{}" r="7"/><circle class="band" cx="{}" cy="{}" r="3.5"/>',
            x,
            y,
            x,
            y,
        )
        for x, y in barrels
    ]
    parts.append(mark_safe('<rect class="crate" x="8" y="-4" width="15" height="15" rx="1.5"/>'))
    return _g(h, "art-heavy", join(parts))


def _hill_art(h: Hex) -> SafeString:
    rings = [(30, 17), (21, 11), (11, 5)]
    return _g(
        h,
        "art-hill",
        join(format_html('<ellipse cx="0" cy="3" rx="{}" ry="{}"/>', rx, ry) for rx, ry in rings),
    )


def _home_art(h: Hex, seat: str) -> SafeString:
    inner = format_html(
        '<polygon class="roof" points="-14,-2 0,-16 14,-2"/>'
        '<rect class="wall" x="-10" y="-2" width="20" height="14"/>'
        '<text class="home-label" y="25" text-anchor="middle">{}</text>',
        gettext("BASE"),
    )
    return _g(h, f"art-home home-{seat}", inner)


_TERRAIN_ART = {"bunker": _bunker_art, "bush": _bush_art, "heavy": _heavy_art, "hill": _hill_art}


# --- overlays: smoke, badges, lines of sight, reach ----------------------------------------


def smoke(h: Any) -> SafeString:
    x, y = centre(h)
    puffs = [(-12, -4, 13), (5, -10, 12), (13, 6, 12), (-4, 10, 12), (-16, 10, 9)]
    return format_html(
        '<g class="smoke" transform="translate({},{})"><title>{}</title>{}</g>',
        num(x),
        num(y),
        gettext("Smoke: in the line of fire; a shooter inside must roll 4+ to see"),
        join(format_html('<circle cx="{}" cy="{}" r="{}"/>', px, py, pr) for px, py, pr in puffs),
    )


# --- overlays: lines of sight, chances, paths ----------------------------------------------


def badge(x: float, y: float, text: str, css: str = "chance", note: str = "") -> SafeString:
    """A label on the board (a chance to hit, dice, a figure out); `note` adds a smaller
    second line."""
    width = max(6.4 * len(text), 5.2 * len(note)) + 8
    height = 26 if note else 15
    second = (
        format_html('<text class="note" y="{}" text-anchor="middle">{}</text>', 15, note)
        if note
        else ""
    )
    return format_html(
        '<g class="badge-text {}" transform="translate({},{})"><rect x="{}" y="-10" width="{}"'
        ' height="{}" rx="4"/><text y="2" text-anchor="middle">{}</text>{}</g>',
        css,
        num(x),
        num(y),
        num(-width / 2),
        num(width),
        height,
        text,
        second,
    )


def sight_line(a: Any, b: Any, css: str = "los") -> SafeString:
    (x1, y1), (x2, y2) = centre(a), centre(b)
    return format_html(
        '<line class="{}" x1="{}" y1="{}" x2="{}" y2="{}"/>',
        css,
        num(x1),
        num(y1),
        num(x2),
        num(y2),
    )


def reach(h: Any, css: str = "reach") -> SafeString:
    x, y = centre(h)
    return format_html('<use class="{}" href="#hb-hex" x="{}" y="{}"/>', css, num(x), num(y))
