"""Hexpanse drawn in SVG (pure: no request, no model): the planet's hexes with their hexilum,
units in their faction's colour, warlords with their life, pattern and mission drawings, ghost
placements and marks for the move being built."""

from __future__ import annotations

import functools
import re
from collections.abc import Iterable, Mapping
from typing import Any

from django.utils.html import format_html
from django.utils.safestring import SafeString
from django.utils.translation import get_language

from games.engine.hexgrid import FLAT, Hex, Layout, hexagon
from games.engine.hexpanse.data import (
    CARD_CODES,
    MINOR_CODES,
    boards,
    card,
    missions,
    parse_hex,
    patterns,
)
from games.engine.hexpanse.patterns import rotate
from games.hexboard.grid import Cell, board_view_box, cells_markup
from games.hexboard.svg import join, num, placed_hexagon
from games.hexpanse_site import texts

SIZE = 40.0
LAYOUT = Layout(FLAT, SIZE)
FACTION_LETTERS = {
    "terran": "T",
    "cyberian": "C",
    "nomads": "N",
    "union": "U",
    "ox": "O",
    "mantacle": "M",
}
KIND_MARKS = {"normal": "", "elite": "★", "warlord": "♛"}


@functools.cache
def grid(board: str, seats: int) -> tuple[str, SafeString]:
    """The still layer: every hex of the board side, the dark edge, hexes out of play for two
    players, hexilum territories marked with their value."""
    b = boards()[board]
    playable = b.playable(seats)
    inner = set(hexagon(b.inner_radius))
    values = dict(b.hexilum)
    cells = []
    for h in hexagon(b.radius):
        css = ["cell"]
        if h not in inner:
            css.append("edge")
        if h not in playable:
            css.append("off")
        title = ""
        if values.get(h) and h in playable:
            css.append("hexilum")
            title = f"hexilum +{values[h]}"
        cells.append(Cell(h, " ".join(css), "◆" if "hexilum" in css else "", title))
    return board_view_box(LAYOUT, hexagon(b.radius), 4), cells_markup(LAYOUT, cells)


def _hex_polygon(h: Hex, css: str, scale: float = 0.86) -> SafeString:
    return placed_hexagon(LAYOUT, h, css, scale)


def unit_label(u: Mapping[str, Any], life: int | None = None) -> str:
    kind = u["kind"]
    if kind == "warlord":
        return "☠" if life == 1 else f"♛{life}" if life is not None else "♛"
    if kind == "merc" and u.get("card"):
        return merc_mark(str(u["card"]))
    if kind == "minor" and u.get("minor"):
        return minor_mark(str(u["minor"]))
    return KIND_MARKS.get(kind, "")


SMALL_WORDS = frozenset({"de", "du", "des", "le", "la", "les", "l", "d", "of", "the", "s"})


def _words(name: str) -> list[str]:
    return [w for w in re.split(r"[^\w]+", name) if w and w.lower() not in SMALL_WORDS] or [name]


def initials(name: str) -> str:
    """Two letters of a card's or minor faction's name in the reader's language (Loup d'Odin:
    LO, Lilith: Li), the mark a unit bears on its hex: a player finds the name beside it in
    the ships' panel, and in the hex's tooltip; a code ("m03", "12") told them nothing."""
    words = _words(name)
    if len(words) >= 2:
        return (words[0][0] + words[1][0]).upper()
    return words[0][:1].upper() + words[0][1:2]


# Three letters for names whose two would clash, the most telling way first: the first word's
# first two letters and the second's initial (Comtesse Carmilla: CoC, Canaris Carmilla: CaC), or
# the first's initial and the second's first two (Maria Murdock: MMu, Maître des marionnettes:
# MMa); a name of one word, its first three (Lilith: Lil, The Librarian: Lib).
_LONGER_MARKS = (
    lambda w: w[0][:2].capitalize() + w[1][:1].upper() if len(w) >= 2 else w[0][:3].capitalize(),
    lambda w: w[0][:1].upper() + w[1][:2].capitalize() if len(w) >= 2 else w[0][:3].capitalize(),
)


def distinct_marks(names: Mapping[str, str]) -> dict[str, str]:
    """Each name's mark, no two alike: its two initials, or three letters where two names
    would share two (a number after the two as the last resort)."""
    marks = {key: initials(name) for key, name in names.items()}
    for base in sorted({m for m in marks.values() if list(marks.values()).count(m) > 1}):
        group = [key for key, mark in marks.items() if mark == base]
        others = {mark for key, mark in marks.items() if key not in group}
        for longer in _LONGER_MARKS:
            tried = {key: longer(_words(names[key])) for key in group}
            if len(set(tried.values())) == len(group) and not others & set(tried.values()):
                marks.update(tried)
                break
        else:
            marks.update({key: f"{base}{i}" for i, key in enumerate(group, 1)})
    return marks


@functools.lru_cache(maxsize=8)  # a few languages
def _roster_marks(language: str | None) -> dict[str, str]:
    """The marks of every minor faction ("M03") and mercenary card ("C12") in one language: any
    of them may stand on one board together, so no two share a mark."""
    names = {m: texts.minor_name(m) for m in MINOR_CODES}
    names.update({c: texts.card_name(c) for c in CARD_CODES if card(c).is_merc})
    return distinct_marks(names)


def minor_mark(code: str) -> str:
    """What a minor faction's units bear on their hexes, and the panels beside its name."""
    return _roster_marks(get_language())[code]


def merc_mark(code: str) -> str:
    """What a mercenary's unit bears on its hex, and the panels beside its name."""
    return _roster_marks(get_language())[code]


def _mark_css(css: str, mark: str) -> str:
    """A three-letter mark (two names would share two) is drawn smaller, to stay inside its hex."""
    return f"{css} long" if len(mark) > 2 else css


def unit_svg(
    h: Hex,
    u: Mapping[str, Any],
    faction: str | None,
    title: str,
    css: str = "",
    life: int | None = None,
) -> SafeString:
    """One unit: a hex in its faction's colour, a short mark (★ elite, ♛ and life for the
    warlord, ☠ on its skull, the letters of its card or minor faction), its name as a tooltip."""
    cx, cy = LAYOUT.to_pixel(h)
    label = unit_label(u, life)
    owner = "neutral" if u.get("owner") is None else f"f-{faction or 'none'}"
    classes = f"unit {owner} k-{u['kind']} {css}".strip()
    return format_html(
        '<g class="{}" data-hex="{}" data-testid="unit-{}"><title>{}</title>{}'
        '<text x="{}" y="{}" text-anchor="middle" class="{}">{}</text></g>',
        classes,
        f"{h[0]},{h[1]}",
        f"{h[0]}_{h[1]}",
        title,
        _hex_polygon(h, "unit-body"),
        num(cx),
        num(cy + 6),
        _mark_css("unit-mark", label),
        label,
    )


def mark(h: Hex, css: str) -> SafeString:
    """A highlight on a hex (mission cells, the selected unit, a pattern's cells)."""
    return _hex_polygon(h, f"mark {css}", 0.95)


def ghost(h: Hex, css: str, text: str) -> SafeString:
    cx, cy = LAYOUT.to_pixel(h)
    return format_html(
        '<g class="ghost {}">{}<text x="{}" y="{}" text-anchor="middle" class="{}">{}</text></g>',
        css,
        _hex_polygon(h, "ghost-body"),
        num(cx),
        num(cy + 6),
        _mark_css("ghost-mark", text),
        text,
    )


def arrow(a: Hex, b: Hex, css: str = "swap") -> SafeString:
    (x1, y1), (x2, y2) = LAYOUT.to_pixel(a), LAYOUT.to_pixel(b)
    return format_html(
        '<line class="{}" x1="{}" y1="{}" x2="{}" y2="{}" marker-end="url(#hb-arrow)"/>',
        css,
        num(x1),
        num(y1),
        num(x2),
        num(y2),
    )


# --- small drawings: patterns and missions ------------------------------------------------------

MINI = Layout(FLAT, 10.0)


def _mini(cells: Iterable[tuple[Hex, str]], label: str) -> SafeString:
    """A small drawing of hexes with a role each (anchor, attack, place, cell, have, need)."""
    cells = list(cells)
    box = MINI.view_box([h for h, _ in cells], 2)
    parts = []
    for h, role in cells:
        cx, cy = MINI.to_pixel(h)
        parts.append(placed_hexagon(MINI, h, f"pc {role}"))
        sign = {"anchor": "●", "A": "✕", "P": "+"}.get(role, "")
        if sign:
            parts.append(
                format_html(
                    '<text x="{}" y="{}" text-anchor="middle" class="pc-sign">{}</text>',
                    num(cx),
                    num(cy + 3.5),
                    sign,
                )
            )
    return format_html(
        '<svg class="mini" viewBox="{}" role="img" aria-label="{}">{}</svg>',
        " ".join(num(v) for v in box),
        label,
        join(parts),
    )


def pattern_svg(key: str, label: str) -> SafeString:
    p = patterns()[key]
    cells: list[tuple[Hex, str]] = []
    if p.anchored:
        cells.append(((0, 0), "anchor"))
    cells += [(h, role if role != "*" else "cell") for role, h in p.cells]
    return _mini(cells, label)


def card_pattern_svgs(code: str, label: str) -> list[SafeString]:
    """The pattern(s) a card uses, drawn (none for cards without one)."""
    c = card(code)
    effects = [c.effect] if c.is_merc else list(c.options)
    out = []
    for e in effects:
        if e and e.get("do") == "pattern":
            key = e["pattern"]
            roles = {"A": "A", "P": "P"}.get(str(e.get("role")), "")
            if roles:
                cells = [(h, roles) for _, h in patterns()[key].cells]
                out.append(_mini(cells, label))
            else:
                out.append(pattern_svg(key, label))
    return out


def mission_svg(code: str, label: str, have: int = 0) -> SafeString:
    """A mission's nine hexes; the first `have` drawn as held (the player's best placement
    counts, not which cells: the board shows where)."""
    cells = [(h, "have" if i < have else "need") for i, h in enumerate(missions()[code].cells)]
    return _mini(cells, label)


def placement_cells(
    pattern: str, anchor: Hex, rotation: int, role: str | None = None
) -> list[tuple[str, Hex]]:
    """Where a pattern's cells fall (anchored: around `anchor`; free: cell 0 on it)."""
    p = patterns()[pattern]
    out = []
    origin = (0, 0) if p.anchored else p.cells[0][1]
    for cell_role, offset in p.cells:
        dq, dr = rotate((offset[0] - origin[0], offset[1] - origin[1]), rotation)
        r = role if cell_role == "*" and role else cell_role
        out.append((r, (anchor[0] + dq, anchor[1] + dr)))
    return out


def hex_of(text: str) -> Hex:
    return parse_hex(text)
