"""Neuroshima's pieces as SVG: tile art, the sprite, tiles on the board (no request, no model).

The template only loops over what these functions return. Conventions
(shared/rules/neuroshima-hex-tiles.md): flat-top hexes, printed side 0 at the top, clockwise;
a tile placed with rotation k shows printed side i towards board direction (i + k) % 6, whose
edge midpoint lies at screen angle -90 + 60 * direction degrees (y grows downwards).
Marks are drawn at board directions, texts stay upright so they read at 360 px.
"""

from __future__ import annotations

import functools
import math
from typing import Any

from django.utils.html import escape, format_html
from django.utils.safestring import SafeString, mark_safe

from games.engine.hexgrid import FLAT, Hex, Layout, hexagon, ray
from games.engine.neuroshima.tiles import (
    CELLS,
    TileSpec,
    all_tiles,
    initiative_bonus_of_cell,
    tile,
)
from games.hexboard.grid import Cell, board_view_box, cells_markup
from games.hexboard.svg import num, points, polar

SIZE = 50.0  # circumradius of a board cell in SVG units
LAYOUT = Layout(FLAT, SIZE)
APOTHEM = SIZE * math.sqrt(3) / 2
TILE_SCALE = 0.93  # tiles are drawn a little smaller than their cell so the grid shows
ARMY_INITIALS = {"moloch": "M", "posterunek": "P", "borgo": "B", "hegemonia": "H"}
# Module and HQ effects as short upright codes (the gallery explains each in words).
EFFECT_CODES = {
    "melee_bonus": "▲+{v}",
    "ranged_bonus": "➤+{v}",
    "initiative_bonus": "I+{v}",
    "initiative_malus": "I−{v}",
    "medic": "✚",
    "extra_action": "A+1",
    "capture_enemy_module": "⌁",
    "grant_mobility": "⇄",
    "swap_attack_type": "⇅",
    "army_move_range": "⇄{v}",
}
INSTANT_CODES = {
    "battle": "⚔",
    "move": "⇄",
    "push_back": "⇥",
    "sniper": "⌖",
    "grenade": "✹",
    "air_strike": "✺",
}

Point = tuple[float, float]


def rounded(d: dict[str, Any]) -> dict[str, Any]:
    """Floats as strings with one decimal and a dot: shorter SVG, and never localised by the
    template engine (French "12,5" in an SVG x attribute would place each glyph apart)."""
    return {k: f"{v:.1f}" if isinstance(v, float) else v for k, v in d.items()}


def side_angle(direction: int) -> float:
    """Screen angle (degrees) of the midpoint of the edge towards board direction `direction`."""
    return -90.0 + 60.0 * (direction % 6)


# -- side marks -------------------------------------------------------------------------------


def _along(centre: Point, angle: float, dist: float, offset: float) -> Point:
    """A point `dist` out along `angle`, shifted `offset` to the clockwise side."""
    x, y = polar(centre, angle, dist)
    return polar((x, y), angle + 90.0, offset)


def _melee(centre: Point, angle: float, scale: float, strength: int, offset: float) -> list[dict]:
    marks = []
    apo = APOTHEM * scale
    for k in range(max(1, strength)):
        tip = apo - 2 - 7 * k
        base = tip - 12
        pts = [
            _along(centre, angle, tip, offset),
            _along(centre, angle, base, offset - 7),
            _along(centre, angle, base, offset + 7),
        ]
        marks.append({"kind": "melee", "shape": "polygon", "points": points(pts)})
    return marks


def _ranged(centre: Point, angle: float, scale: float, strength: int, offset: float) -> list[dict]:
    apo = APOTHEM * scale
    tip = apo - 2
    shaft_start = _along(centre, angle, apo - 24, offset)
    shaft_end = _along(centre, angle, tip - 8, offset)
    head = [
        _along(centre, angle, tip, offset),
        _along(centre, angle, tip - 9, offset - 6),
        _along(centre, angle, tip - 9, offset + 6),
    ]
    marks = [
        {"kind": "ranged", "shape": "line", "x1": shaft_start[0], "y1": shaft_start[1]}
        | {"x2": shaft_end[0], "y2": shaft_end[1]},
        {"kind": "ranged", "shape": "polygon", "points": points(head)},
    ]
    # one dot per point of strength along the shaft: strength reads without the number too
    for k in range(strength):
        x, y = _along(centre, angle, apo - 16 - 5 * k, offset)
        marks.append({"kind": "ranged-dot", "shape": "circle", "cx": x, "cy": y, "r": 2.2})
    return marks


def _gauss(centre: Point, angle: float, scale: float) -> list[dict]:
    apo = APOTHEM * scale
    marks = []
    for offset in (-3.5, 3.5):
        a = _along(centre, angle, 14, offset)
        b = _along(centre, angle, apo - 1, offset)
        marks.append(
            {"kind": "gauss", "shape": "line", "x1": a[0], "y1": a[1], "x2": b[0], "y2": b[1]}
        )
    return marks


def _armour(centre: Point, direction: int, scale: float) -> dict:
    size = SIZE * scale
    angle = side_angle(direction)
    a = polar(centre, angle - 30, size - 3.5)
    b = polar(centre, angle + 30, size - 3.5)
    # keep the corners clear so two armoured neighbouring sides still read as two bars
    ax, ay = a[0] + (b[0] - a[0]) * 0.12, a[1] + (b[1] - a[1]) * 0.12
    bx, by = b[0] + (a[0] - b[0]) * 0.12, b[1] + (a[1] - b[1]) * 0.12
    return {"kind": "armour", "shape": "line", "x1": ax, "y1": ay, "x2": bx, "y2": by}


def _net(centre: Point, angle: float, scale: float, offset: float) -> list[dict]:
    mid = _along(centre, angle, APOTHEM * scale - 11, offset)
    pts = [polar(mid, angle + 45 + 90 * i, 8) for i in range(4)]
    marks = [{"kind": "net", "shape": "polygon", "points": points(pts)}]
    for i in (0, 1):
        a, b = pts[i], pts[i + 2]
        marks.append(
            {"kind": "net-mesh", "shape": "line", "x1": a[0], "y1": a[1], "x2": b[0], "y2": b[1]}
        )
    return marks


def _link(centre: Point, angle: float, scale: float) -> dict:
    x, y = polar(centre, angle, APOTHEM * scale - 4)
    return {"kind": "link", "shape": "circle", "cx": x, "cy": y, "r": 5.0}


def _label(centre: Point, angle: float, scale: float, text: str, offset: float) -> dict:
    x, y = _along(centre, angle, APOTHEM * scale - 10, offset)
    return {"text": text, "x": x, "y": y + 4}


def side_marks(spec: TileSpec, rotation: int, centre: Point, scale: float) -> dict[str, list]:
    """Marks (shapes) and strength labels of a tile, at the board direction of each side."""
    shapes: list[dict] = []
    labels: list[dict] = []
    marked = {
        spec.facing(p, rotation)
        for p in range(6)
        if spec.melee[p] or spec.ranged[p] or spec.gauss[p] or spec.net[p] or spec.armor[p]
    }

    def lean(d: int, default: float) -> float:
        """A strength number sits beside its mark, on the side whose neighbouring edge is
        free, so it never lies on that edge's arrow or blade."""
        towards = d + 1 if default > 0 else d - 1
        away = d - 1 if default > 0 else d + 1
        if towards % 6 in marked and away % 6 not in marked:
            return -default
        return default

    for printed in range(6):
        d = spec.facing(printed, rotation)
        angle = side_angle(d)
        melee, ranged = spec.melee[printed], spec.ranged[printed]
        both = melee and ranged  # Universal Soldier: both on one side, drawn side by side
        if spec.armor[printed]:
            shapes.append(_armour(centre, d, scale))
        if spec.link[printed]:
            shapes.append(_link(centre, angle, scale))
        if melee:
            off = -8.0 if both else 0.0
            shapes += _melee(centre, angle, scale, melee, off)
            if melee > 1:
                shift = -15.0 if both else lean(d, -15.0)
                labels.append(_label(centre, angle, scale, str(melee), off + shift))
        if ranged:
            off = 8.0 if both else 0.0
            shapes += _ranged(centre, angle, scale, ranged, off)
            if ranged > 1:
                shift = 15.0 if both else lean(d, 15.0)
                labels.append(_label(centre, angle, scale, str(ranged), off + shift))
        if spec.gauss[printed]:
            shapes += _gauss(centre, angle, scale)
        if spec.net[printed]:
            shapes += _net(centre, angle, scale, 10.0 if melee else 0.0)
    return {"shapes": [rounded(x) for x in shapes], "labels": [rounded(x) for x in labels]}


# -- whole tiles ------------------------------------------------------------------------------


def centre_text(spec: TileSpec, wounds: int) -> str:
    if spec.kind == "hq":
        return str(spec.hit_points - wounds)
    if spec.kind == "instant":
        return INSTANT_CODES.get(spec.instant or "", "?")
    if spec.kind == "module":
        effects = spec.module_effects
        return " ".join(EFFECT_CODES.get(e.type, "?").format(v=e.value) for e in effects)
    return "/".join(str(i) for i in spec.initiative) or "–"


def _pips(spec: TileSpec, wounds: int, centre: Point) -> list[dict]:
    if spec.kind in ("hq", "instant") or spec.hit_points < 1:
        return []
    n = spec.hit_points
    pips = []
    for k in range(n):
        x = centre[0] + (k - (n - 1) / 2) * 9
        pips.append(rounded({"cx": x, "cy": centre[1] + 15, "wound": k >= n - wounds}))
    return pips


def _free_corner(origin: Point, radius: float, labels: list[dict]) -> Point:
    """Where the army initial goes: the right corner, or the next corner no strength number
    covers (the left one keeps the mobility mark)."""
    for angle in (0, 60, -60, 120, -120):
        x, y = polar(origin, angle, radius)
        if all(math.hypot(float(lb["x"]) - x, float(lb["y"]) - 4 - y) >= 12 for lb in labels):
            return x, y
    return polar(origin, 0, radius)


@functools.lru_cache(maxsize=1024)
def tile_art(tile_id: str, rotation: int = 0) -> dict[str, Any]:
    """What never changes on a tile turned `rotation` places, drawn around (0, 0): its marks,
    strength numbers, centre text (not an HQ's: its points change), army initial, mobility mark
    and hit-point dots. The sprite (`sprite_document`) holds it once per tile and rotation."""
    spec = tile(tile_id)
    origin = (0.0, 0.0)
    size = SIZE * TILE_SCALE
    marks = side_marks(spec, rotation, origin, TILE_SCALE)
    text = centre_text(spec, 0)
    corner_left = polar(origin, 180, size - 13)
    corner_right = _free_corner(origin, size - 13, marks["labels"])
    return rounded(
        {
            "points": points(Layout(FLAT, size).corners((0, 0))),
            "shapes": marks["shapes"],
            "labels": marks["labels"],
            "text": "" if spec.kind == "hq" else text,
            "text_y": 6.0 if spec.kind != "module" else 5.0,
            "text_size": 12 if len(text) > 4 else 18,
            "initial": ARMY_INITIALS[spec.army],
            "initial_x": corner_right[0],
            "initial_y": corner_right[1] + 4,
            "mobile_points": points(
                [
                    polar(corner_left, 180, 6),
                    polar(corner_left, 60, 6),
                    polar(corner_left, -60, 6),
                ]
            )
            if spec.mobility
            else "",
            "pips": _pips(spec, 0, origin),
        }
    )


def symbol_id(tile_id: str, rotation: int) -> str:
    return f"{tile_id}-{rotation % 6}"


def tile_drawing(
    tile_id: str,
    *,
    rotation: int = 0,
    wounds: int = 0,
    centre: Point = (0.0, 0.0),
    extra_class: str = "",
) -> dict[str, Any]:
    """One tile as the templates draw it: the sprite symbol of its art, moved to `centre`, with
    what belongs to this moment on top (wounded dots, an HQ's points) and its classes."""
    spec = tile(tile_id)
    classes = ["tile", f"army-{spec.army}"]
    if spec.kind == "hq":
        classes.append("hq")
    if extra_class:
        classes.append(extra_class)
    text = centre_text(spec, wounds)
    return {
        **tile_art(tile_id, rotation % 6),
        "spec": spec,
        "symbol": symbol_id(tile_id, rotation),
        "classes": " ".join(classes),
        "x": num(centre[0]),
        "y": num(centre[1]),
        "text": text,
        "hq_points": text if spec.kind == "hq" else "",
        "hq_y": num(centre[1] + 7),
        "pips": _pips(spec, wounds, centre),  # where they are on the board, for the wounded
        "name_fr": spec.name_fr,
        "name_en": spec.name_en,
    }


def tile_svg(t: dict[str, Any], name: str, sprite_url: str) -> SafeString:
    """A drawing as markup: a <use> of the sprite's symbol at the tile's centre, then what
    belongs to this moment on top (red dots for wounds, an HQ's points). Colours come from the
    classes (neuroshima.css) and reach into the symbol by inheritance. A board re-sends a dozen
    of these after every move: keep them short."""
    e = escape
    x, y = t["x"], t["y"]
    at = (f' x="{e(x)}"' if x != "0" else "") + (f' y="{e(y)}"' if y != "0" else "")
    parts = [
        f'<use class="{e(t["classes"])}" href="{e(sprite_url)}#{e(t["symbol"])}"{at}>'
        f"<title>{e(name)}</title></use>"
    ]
    if t["hq_points"]:
        parts.append(
            f'<text class="hq-points army-{e(t["spec"].army)}" x="{e(x)}" y="{e(t["hq_y"])}">'
            f"{e(t['hq_points'])}</text>"
        )
    parts += [
        f'<circle class="wound" cx="{e(p["cx"])}" cy="{e(p["cy"])}" r="3.4"/>'
        for p in t["pips"]
        if p["wound"]
    ]
    return mark_safe("".join(parts))  # every value above went through escape


# -- the sprite: every tile's art once, cached by browsers ------------------------------------

# Presentation attributes, not CSS: the symbols are cloned into each <use>, where the page's
# selectors do not reach; colours follow the <use> through `currentColor` and inheritance.
_MARK_ATTRS = {
    "melee": 'fill="currentColor" stroke="none"',
    "ranged": 'fill="currentColor" stroke="currentColor" stroke-width="3"',
    "ranged-dot": 'fill="#fff" stroke="currentColor" stroke-width="1"',
    "gauss": 'stroke="#5b2a86" stroke-width="2.5"',
    "armour": 'stroke="#333" stroke-width="6" stroke-linecap="round"',
    "net": 'fill="none" stroke="#1b1b1b" stroke-width="1.5"',
    "net-mesh": 'stroke="#1b1b1b" stroke-width="1.2"',
    "link": 'fill="#fff" stroke="currentColor" stroke-width="2.5"',
}


def _shape_svg(shape: dict[str, Any]) -> str:
    e = escape
    attrs = _MARK_ATTRS[shape["kind"]]
    if shape["shape"] == "polygon":
        return f'<polygon points="{e(shape["points"])}" {attrs}/>'
    if shape["shape"] == "line":
        x1, y1, x2, y2 = (e(shape[k]) for k in ("x1", "y1", "x2", "y2"))
        return f'<line x1="{x1}" y1="{y1}" x2="{x2}" y2="{y2}" {attrs}/>'
    cx, cy, r = (e(shape[k]) for k in ("cx", "cy", "r"))
    return f'<circle cx="{cx}" cy="{cy}" r="{r}" {attrs}/>'


def _symbol_svg(tile_id: str, rotation: int) -> str:
    e = escape
    art = tile_art(tile_id, rotation)
    parts = [
        f'<symbol id="{e(symbol_id(tile_id, rotation))}" overflow="visible">'
        # the body takes fill, stroke and dashes from the tile's group (army, preview, hit…)
        f'<polygon points="{e(art["points"])}"/>'
        '<g stroke-dasharray="none">'
    ]
    parts += [_shape_svg(s) for s in art["shapes"]]
    parts.append('<g fill="currentColor" stroke="none" font-weight="bold" text-anchor="middle">')
    parts += [
        f'<text x="{e(lb["x"])}" y="{e(lb["y"])}" font-size="12">{e(lb["text"])}</text>'
        for lb in art["labels"]
    ]
    if art["text"]:
        parts.append(
            f'<text y="{e(art["text_y"])}" font-size="{art["text_size"]}">{e(art["text"])}</text>'
        )
    parts.append(
        f'<text x="{e(art["initial_x"])}" y="{e(art["initial_y"])}" font-size="11" '
        f'opacity=".8">{e(art["initial"])}</text>'
    )
    if art["mobile_points"]:
        parts.append(f'<polygon points="{e(art["mobile_points"])}"/>')
    parts += [
        f'<circle cx="{e(p["cx"])}" cy="{e(p["cy"])}" r="3.4" stroke="#fff" stroke-width="1"/>'
        for p in art["pips"]
    ]
    parts.append("</g></g></symbol>")
    return "".join(parts)


@functools.cache
def sprite_document() -> bytes:
    """Every tile in every rotation as an SVG <symbol> (see `tile_svg`)."""
    symbols = [_symbol_svg(t.id, r) for t in all_tiles().values() for r in range(6)]
    return ('<svg xmlns="http://www.w3.org/2000/svg">' + "".join(symbols) + "</svg>").encode()


# -- boards -----------------------------------------------------------------------------------


@functools.cache
def grid(board: str) -> tuple[str, SafeString]:
    """The still layer of a board: (viewBox, cells), King of the Hill cells tinted and labelled."""
    bonus = initiative_bonus_of_cell(board)
    cells = [
        Cell(h, f"cell koth koth-{bonus[h]}", f"+{bonus[h]}") if bonus.get(h) else Cell(h)
        for h in hexagon(2)
    ]
    return board_view_box(LAYOUT, hexagon(2), margin=12), cells_markup(LAYOUT, cells)


def attack_rays(tile_id: str, h: Hex, rotation: int) -> list[dict[str, Any]]:
    """Where a tile at `h` would strike: melee to the neighbour, ranged and gauss to the edge."""
    spec = tile(tile_id)
    out = []
    start = LAYOUT.to_pixel(h)
    for printed in range(6):
        d = spec.facing(printed, rotation)
        far = list(ray(h, d, CELLS))
        if not far:
            continue
        reach = []
        if spec.melee[printed]:
            reach.append(("melee", far[0]))
        if spec.ranged[printed] or spec.gauss[printed]:
            reach.append(("ranged" if spec.ranged[printed] else "gauss", far[-1]))
        for kind, end in reach:
            ex, ey = LAYOUT.to_pixel(end)
            out.append(rounded({"kind": kind, "x1": start[0], "y1": start[1], "x2": ex, "y2": ey}))
    return out


def line_between(a: Hex, b: Hex, kind: str) -> dict[str, Any]:
    ax, ay = LAYOUT.to_pixel(a)
    bx, by = LAYOUT.to_pixel(b)
    return rounded({"kind": kind, "x1": ax, "y1": ay, "x2": bx, "y2": by})


def hex_centre(h: Hex) -> Point:
    return LAYOUT.to_pixel(h)


def badge(x: float, y: float, r: float, text: str, kind: str) -> SafeString:
    """A round mark on the board during a battle step: wounds dealt, a save, a removal."""
    ty = y + (9 if kind == "destroyed" else 5)
    return format_html(
        '<g class="badge {}" data-testid="badge"><circle cx="{}" cy="{}" r="{}"/>'
        '<text x="{}" y="{}" text-anchor="middle">{}</text></g>',
        kind,
        num(x),
        num(y),
        num(r),
        num(x),
        num(ty),
        text,
    )
