"""The skirmish board drawn in SVG (pure: no request, no model): the still grid of a board, the
terrain, deployment zones, the prison and the barrel, and the models with what a tap or a hover
shows (their profile, their lines of fire). Markup goes through format_html only."""

from __future__ import annotations

import functools
import hashlib
from collections.abc import Iterable, Mapping, Sequence
from typing import Any, NamedTuple

from django.utils.html import format_html
from django.utils.safestring import SafeString

from games.engine.hexgrid import FLAT, Hex, Layout
from games.engine.skirmish.boards import board_hexes, in_zone
from games.hexboard.grid import Cell, board_view_box, cells_markup
from games.hexboard.svg import join, num, points

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


class Kept(SafeString):
    """A layer that stays put once the table is set up (the terrain, the deployment zones): a
    `<g>` htmx keeps across redraws (`hx-preserve`), and `placeholder`, the same group empty,
    which a redraw sends instead once the page has it (skirmish_tags.redrawn). `in_setup`: a
    redraw during the setup still draws it (the table is being chosen)."""

    placeholder: SafeString
    in_setup: bool = True


def kept(name: str, identity: object, drawn: Iterable[SafeString]) -> Kept:
    # Named after what it shows: a page keeps its group only while that is the same (the
    # group of an earlier, empty or other table has another id, so htmx takes the new one).
    key = hashlib.blake2s(repr(identity).encode(), digest_size=5).hexdigest()
    layer = Kept(
        format_html(
            '<g id="sk-{}-{}" class="sk-{}" hx-preserve="true">{}</g>', name, key, name, join(drawn)
        )
    )
    layer.placeholder = format_html(
        '<g id="sk-{}-{}" class="sk-{}" hx-preserve="true" data-placeholder="1"></g>',
        name,
        key,
        name,
    )
    return layer


def card_script(src: str) -> Kept:
    """The script that draws the models' cards (static/skirmish/skirmish.js), for a board drawn
    whole on a page that does not load it (a replay, "since my last turn"; the match page loads
    it with its backdrop). A redraw or a pick leaves it out: the page runs it already."""
    script = Kept(format_html('<script href="{}"></script>', src))
    script.placeholder = SafeString("")
    script.in_setup = False
    return script


def terrain(pieces: Iterable[Mapping[str, Any]], names: Mapping[str, str]) -> Kept:
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
) -> Kept:
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
    return kept("terrain", table, out)


def zones(board: Any, edges: Iterable[str]) -> Kept:
    """The deployment zones, while armies deploy (their edges are chosen during the setup)."""
    cells = sorted(board_cells(board))
    edges = tuple(edges)
    drawn = [_hex_polygon(h, f"zone zone-{e}") for e in edges for h in cells if in_zone(h, e)]
    return kept("zones", (tuple(cells), edges), drawn)


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


def model_svg(
    m: Mapping[str, Any],
    *,
    short: str,
    classes: str,
    label: str,
    focus: Focus | None = None,
) -> SafeString:
    """A model: its shape (round, square for a Vehicle, a ring for a Hero), a short label, an
    item mark, damage pips; `label` is its accessible name and tooltip. With `focus` (the live
    board) it takes the keyboard's focus and carries its card's lines and the centres of its
    targets, which static/skirmish/skirmish.js draws on a tap, a hover or the focus."""
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
            '<text class="item-mark" x="{}" y="{}">{}</text>',
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
        '<g class="{}" transform="translate({},{})"{}>'
        "<title>{}</title>{}{}"
        '<text class="short" y="4">{}</text>{}{}</g>',
        classes,
        num(x),
        num(y),
        _focus_attributes(label, focus) if focus is not None else "",
        label,
        hero,
        body,
        short,
        item,
        pips,
    )


class Focus(NamedTuple):
    """What a tap, a hover or the keyboard's focus on a model shows above everything: its
    profile card (one line each) and its lines of fire to the hexes it may shoot now."""

    card: Sequence[str]
    fire: Sequence[Sequence[int]]


def _focus_attributes(label: str, focus: Focus) -> SafeString:
    # The card is drawn in the browser (skirmish.js) from these few words and numbers: drawn on
    # the server for each of the ~20 models it was half of every move's answer (issue 14). The
    # model's <title> names it (its accessible name); the card's lines are written out only
    # when they are not that sentence's parts (an item's effect, a line cut short). The centres
    # repeat the targets' own `translate(...)`, which gzip then sends as references.
    fire = " ".join(",".join(num(v) for v in centre(t)) for t in focus.fire)
    same = all(". " not in line for line in focus.card) and ". ".join(focus.card) + "." == label
    return format_html(
        ' tabindex="0" role="img" data-card="{}"{}',
        "" if same else "\n".join(focus.card),
        format_html(' data-fire="{}"', fire) if fire else "",
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
