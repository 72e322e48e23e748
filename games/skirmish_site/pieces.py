"""The skirmish board drawn in SVG (pure: no request, no model): the still grid of a board, the
terrain, deployment zones, the prison and the barrel, and the models with what a tap or a hover
shows (their profile, their lines of fire). Markup goes through format_html only."""

from __future__ import annotations

import functools
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from django.utils.html import format_html
from django.utils.safestring import SafeString

from games.engine.hexgrid import FLAT, Hex, Layout
from games.engine.skirmish.boards import board_hexes, in_zone
from games.hexboard.grid import Cell, board_view_box, cells_markup
from games.hexboard.keys import hex_key
from games.hexboard.svg import join, line, num, points

SIZE = 20.0
LAYOUT = Layout(FLAT, SIZE)
MODEL_RADIUS = 11.5
# A short mark per terrain type, drawn in its hexes (the legend explains each in words).
TERRAIN_MARKS = {
    "hill": "▲",
    "difficult": "≈",
    "cover": "▪",
    "obstacle": "▬",
    "woods": "♣",
    "ruins": "▦",
    "building": "■",
}
ITEM_MARKS = {
    "laser_sword": "⚔",
    "holo_field": "◎",
    "protection_field": "⛨",
    "bionic_eye": "◉",
    "bionic_body": "✚",
    "teleporter": "⇆",
}


def board_cells(board: Any) -> frozenset[Hex]:
    if isinstance(board, str):
        return board_hexes(board)
    return frozenset((h[0], h[1]) for h in board["hexes"])


@functools.lru_cache(maxsize=8)
def _grid(board: str) -> tuple[str, SafeString]:
    hexes = sorted(board_hexes(board))
    return board_view_box(LAYOUT, hexes, margin=6), cells_markup(LAYOUT, (Cell(h) for h in hexes))


def grid(board: Any) -> tuple[str, SafeString]:
    """The still layer: every hex of the board (terrain is drawn on the moving layer, since it
    is chosen after the match starts)."""
    if isinstance(board, str):
        return _grid(board)
    hexes = sorted(board_cells(board))
    return board_view_box(LAYOUT, hexes, margin=6), cells_markup(LAYOUT, (Cell(h) for h in hexes))


def centre(h: Sequence[int]) -> tuple[float, float]:
    return LAYOUT.to_pixel((h[0], h[1]))


def _hex_polygon(h: Hex, css: str, title: str = "") -> SafeString:
    corners = LAYOUT.corners(h)
    inner = format_html("<title>{}</title>", title) if title else ""
    return format_html('<polygon class="{}" points="{}">{}</polygon>', css, points(corners), inner)


def terrain(pieces: Iterable[Mapping[str, Any]], names: Mapping[str, str]) -> SafeString:
    """Each terrain hex tinted by type with its mark; `names` words each type for the tooltip.
    Terrain stays put once chosen: drawn once per table and language, not at every page."""
    table = tuple(
        (str(piece["type"]), tuple((int(h[0]), int(h[1])) for h in piece["hexes"]))
        for piece in pieces
    )
    return _terrain(table, tuple(sorted(names.items())))


@functools.lru_cache(maxsize=64)
def _terrain(
    table: tuple[tuple[str, tuple[Hex, ...]], ...], words: tuple[tuple[str, str], ...]
) -> SafeString:
    names = dict(words)
    out = []
    for kind, hexes in table:
        for hx in hexes:
            out.append(_hex_polygon(hx, f"terrain t-{kind}", names.get(kind, kind)))
            x, y = centre(hx)
            out.append(
                format_html(
                    '<text class="terrain-mark t-{}" x="{}" y="{}" text-anchor="middle" '
                    'aria-hidden="true">{}</text>',
                    kind,
                    num(x),
                    num(y + 6),
                    TERRAIN_MARKS.get(kind, ""),
                )
            )
    return join(out)


def zones(board: Any, edges: Iterable[str]) -> list[SafeString]:
    """The deployment zones, while armies deploy."""
    cells = sorted(board_cells(board))
    return [
        _hex_polygon(h, f"zone zone-{edge}") for edge in edges for h in cells if in_zone(h, edge)
    ]


def marker(h: Sequence[int], css: str, text: str, title: str) -> SafeString:
    x, y = centre(h)
    return format_html(
        '<g class="{}" transform="translate({},{})"><title>{}</title>'
        '<circle r="7"/><text y="4" text-anchor="middle">{}</text></g>',
        css,
        num(x),
        num(y),
        title,
        text,
    )


def model_svg(m: Mapping[str, Any], *, short: str, classes: str, label: str) -> SafeString:
    """A model: its shape (round, square for a Vehicle, a ring for a Hero), a short label, an
    item mark, damage pips; `label` is its accessible name and tooltip."""
    x, y = centre(m["hex"])
    r = MODEL_RADIUS
    if m.get("vehicle"):
        body = format_html(
            '<rect class="body" x="{}" y="{}" width="{}" height="{}" rx="3"/>',
            num(-r),
            num(-r),
            num(2 * r),
            num(2 * r),
        )
    else:
        body = format_html('<circle class="body" r="{}"/>', num(r))
    hero = format_html('<circle class="hero-ring" r="{}"/>', num(r + 3)) if m.get("hero") else ""
    item = ""
    if m.get("item"):
        item = format_html(
            '<text class="item-mark" x="{}" y="{}" text-anchor="middle">{}</text>',
            num(r - 1),
            num(-r + 4),
            ITEM_MARKS.get(m["item"], "?"),
        )
    pips = join(
        format_html(
            '<circle class="damage-pip" cx="{}" cy="{}" r="2.6"/>', num(-r + 3 + 6 * i), num(r)
        )
        for i, _ in enumerate(m.get("damage") or [])
    )
    return format_html(
        '<g class="{}" transform="translate({},{})" data-model="{}" data-hex="{}">'
        "<title>{}</title>{}{}"
        '<text class="short" y="4" text-anchor="middle">{}</text>{}{}</g>',
        classes,
        num(x),
        num(y),
        m["id"],
        hex_key(m["hex"]),
        label,
        hero,
        body,
        short,
        item,
        pips,
    )


def focus_svg(
    m: Mapping[str, Any],
    *,
    label: str,
    card: Sequence[str],
    lines: Sequence[Sequence[int]],
    bounds: tuple[float, float, float, float],
) -> SafeString:
    """What a tap, a hover or the keyboard's focus on a model shows above everything: its
    profile card and its lines of fire to the targets it may shoot now. `bounds`: the board's
    viewBox, which the card stays inside."""
    x, y = centre(m["hex"])
    x0, y0, w0, _ = bounds
    fire = join(
        line(x, y, *centre(t), "line-of-fire", **{"data-testid": "line-of-fire"}) for t in lines
    )
    width, height = 196.0, 14.0 * len(card) + 8
    box_x = min(max(-width / 2, x0 + 2 - x), x0 + w0 - 2 - width - x)
    above = y - MODEL_RADIUS - 8 - height > y0
    box_y = -MODEL_RADIUS - 8 - height if above else MODEL_RADIUS + 8
    texts = join(
        format_html(
            '<text x="{}" y="{}" class="{}">{}</text>',
            num(box_x + 6),
            num(box_y + 16 + 14 * i),
            "card-title" if i == 0 else "card-line",
            text,
        )
        for i, text in enumerate(card)
    )
    return format_html(
        '<g class="model-focus" tabindex="0" role="img" aria-label="{}" data-focus="{}">'
        '<circle class="hit" cx="{}" cy="{}" r="{}"/>'
        '<g class="reveal">{}<g transform="translate({},{})"><rect class="card" x="{}" y="{}" '
        'width="{}" height="{}" rx="4"/>{}</g></g></g>',
        label,
        m["id"],
        num(x),
        num(y),
        num(MODEL_RADIUS + 2),
        fire,
        num(x),
        num(y),
        num(box_x),
        num(box_y),
        num(width),
        num(height),
        texts,
    )


def unit_token(vehicle: bool, hero: bool, seat: str) -> SafeString:
    """A unit in the deployment panel: its model's shape in its side's colour."""
    body = (
        SafeString('<rect class="body" x="-11" y="-11" width="22" height="22" rx="3"/>')
        if vehicle
        else SafeString('<circle class="body" r="11"/>')
    )
    ring = SafeString('<circle class="hero-ring" r="14"/>') if hero else ""
    return format_html('<g class="model seat-{}">{}{}</g>', seat, ring, body)
