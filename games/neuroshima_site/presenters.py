"""Tiles and boards as SVG geometry (pure: no Django, no request).

The template only loops over what these functions return. Conventions
(shared/rules/neuroshima-hex-tiles.md): flat-top hexes, printed side 0 at the top, clockwise;
a tile placed with rotation k shows printed side i towards board direction (i + k) % 6, whose
edge midpoint lies at screen angle -90 + 60 * direction degrees (y grows downwards).
Marks are drawn at board directions, texts stay upright so they read at 360 px.
"""

from __future__ import annotations

import functools
import html
import math
from collections.abc import Iterable
from typing import Any

from games.engine.hexgrid import Hex, centre_pixel, corner_pixels, hexagon, ray
from games.engine.neuroshima.tiles import CELLS, TileSpec, initiative_bonus_of_cell, tile

SIZE = 50.0  # circumradius of a board cell in SVG units
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


def fmt_points(points: Iterable[Point]) -> str:
    return " ".join(f"{x:.1f},{y:.1f}" for x, y in points)


def rounded(d: dict[str, Any]) -> dict[str, Any]:
    """Floats as strings with one decimal and a dot: shorter SVG, and never localised by the
    template engine (French "12,5" in an SVG x attribute would place each glyph apart)."""
    return {k: f"{v:.1f}" if isinstance(v, float) else v for k, v in d.items()}


def hex_key(h: Hex | list[int]) -> str:
    return f"{h[0]},{h[1]}"


def _polar(centre: Point, angle_deg: float, dist: float) -> Point:
    a = math.radians(angle_deg)
    return centre[0] + dist * math.cos(a), centre[1] + dist * math.sin(a)


def side_angle(direction: int) -> float:
    """Screen angle (degrees) of the midpoint of the edge towards board direction `direction`."""
    return -90.0 + 60.0 * (direction % 6)


def hex_points(centre: Point, size: float) -> str:
    return fmt_points(_polar(centre, 60.0 * i, size) for i in range(6))


# -- side marks -------------------------------------------------------------------------------


def _along(centre: Point, angle: float, dist: float, offset: float) -> Point:
    """A point `dist` out along `angle`, shifted `offset` to the clockwise side."""
    x, y = _polar(centre, angle, dist)
    return _polar((x, y), angle + 90.0, offset)


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
        marks.append({"kind": "melee", "shape": "polygon", "points": fmt_points(pts)})
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
        {"kind": "ranged", "shape": "polygon", "points": fmt_points(head)},
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
    a = _polar(centre, angle - 30, size - 3.5)
    b = _polar(centre, angle + 30, size - 3.5)
    # keep the corners clear so two armoured neighbouring sides still read as two bars
    ax, ay = a[0] + (b[0] - a[0]) * 0.12, a[1] + (b[1] - a[1]) * 0.12
    bx, by = b[0] + (a[0] - b[0]) * 0.12, b[1] + (a[1] - b[1]) * 0.12
    return {"kind": "armour", "shape": "line", "x1": ax, "y1": ay, "x2": bx, "y2": by}


def _net(centre: Point, angle: float, scale: float, offset: float) -> list[dict]:
    mid = _along(centre, angle, APOTHEM * scale - 11, offset)
    pts = [_polar(mid, angle + 45 + 90 * i, 8) for i in range(4)]
    marks = [{"kind": "net", "shape": "polygon", "points": fmt_points(pts)}]
    for i in (0, 1):
        a, b = pts[i], pts[i + 2]
        marks.append(
            {"kind": "net-mesh", "shape": "line", "x1": a[0], "y1": a[1], "x2": b[0], "y2": b[1]}
        )
    return marks


def _link(centre: Point, angle: float, scale: float) -> dict:
    x, y = _polar(centre, angle, APOTHEM * scale - 4)
    return {"kind": "link", "shape": "circle", "cx": x, "cy": y, "r": 5.0}


def _label(centre: Point, angle: float, scale: float, text: str, offset: float) -> dict:
    x, y = _along(centre, angle, APOTHEM * scale - 10, offset)
    return {"text": text, "x": x, "y": y + 4}


def side_marks(spec: TileSpec, rotation: int, centre: Point, scale: float) -> dict[str, list]:
    """Marks (shapes) and strength labels of a tile, at the board direction of each side."""
    shapes: list[dict] = []
    labels: list[dict] = []
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
                labels.append(_label(centre, angle, scale, str(melee), off - 15))
        if ranged:
            off = 8.0 if both else 0.0
            shapes += _ranged(centre, angle, scale, ranged, off)
            if ranged > 1:
                labels.append(_label(centre, angle, scale, str(ranged), off + 15))
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


@functools.lru_cache(maxsize=4096)
def _tile_drawing(
    tile_id: str,
    *,
    rotation: int = 0,
    wounds: int = 0,
    seat: int | None = None,
    centre: Point = (0.0, 0.0),
    scale: float = TILE_SCALE,
    hex: Hex | None = None,
    extra_class: str = "",
) -> dict[str, Any]:
    spec = tile(tile_id)
    size = SIZE * scale
    marks = side_marks(spec, rotation, centre, scale)
    text = centre_text(spec, wounds)
    classes = ["tile", f"army-{spec.army}", f"kind-{spec.kind}"]
    if seat is not None:
        classes.append(f"seat-{seat}")
    if extra_class:
        classes.append(extra_class)
    corner_left = _polar(centre, 180, size - 13)
    corner_right = _polar(centre, 0, size - 13)
    drawing = rounded(
        {
            "id": tile_id,
            "spec": spec,
            "hex": hex_key(hex) if hex is not None else "",
            "classes": " ".join(classes),
            "points": hex_points(centre, size),
            "shapes": marks["shapes"],
            "labels": marks["labels"],
            "text": text,
            "text_x": centre[0],
            "text_y": centre[1] + (6 if spec.kind != "module" else 5),
            "text_class": "long" if len(text) > 4 else "",
            "initial": ARMY_INITIALS[spec.army],
            "initial_x": corner_right[0],
            "initial_y": corner_right[1] + 4,
            "mobile": spec.mobility,
            "mobile_points": fmt_points(
                [
                    _polar(corner_left, 180, 6),
                    _polar(corner_left, 60, 6),
                    _polar(corner_left, -60, 6),
                ]
            ),
            "mobile_x": corner_left[0],
            "mobile_y": corner_left[1],
            "pips": _pips(spec, wounds, centre),
            "wounds": wounds,
            "rotation": rotation,
            "name_fr": spec.name_fr,
            "name_en": spec.name_en,
        }
    )
    drawing["svg_fr"] = _tile_svg(drawing, drawing["name_fr"])
    drawing["svg_en"] = _tile_svg(drawing, drawing["name_en"])
    return drawing


def tile_drawing(
    tile_id: str,
    *,
    rotation: int = 0,
    wounds: int = 0,
    seat: int | None = None,
    centre: Point = (0.0, 0.0),
    scale: float = TILE_SCALE,
    hex: Hex | None = None,
    extra_class: str = "",
) -> dict[str, Any]:
    """Everything the template needs to draw one tile centred on `centre`.

    Pure geometry of its arguments, so cached: a board redraws the same tiles on every request.
    Each caller gets its own (shallow) copy of the dict."""
    return dict(
        _tile_drawing(
            tile_id,
            rotation=rotation,
            wounds=wounds,
            seat=seat,
            centre=tuple(centre),
            scale=scale,
            hex=tuple(hex) if hex is not None else None,
            extra_class=extra_class,
        )
    )


class Markup(str):
    """Markup already escaped: templates print it as is (they honour `__html__`)."""

    def __html__(self) -> str:
        return self


def escape(value: Any) -> str:
    """As the template engine escapes (the same five characters, the same entities)."""
    return html.escape(str(value), quote=True)


def _attrs(shape: dict[str, Any]) -> str:
    kind = escape(shape["kind"])
    if shape["shape"] == "polygon":
        return f'<polygon class="mark {kind}" points="{escape(shape["points"])}"/>'
    if shape["shape"] == "line":
        x1, y1, x2, y2 = (escape(shape[k]) for k in ("x1", "y1", "x2", "y2"))
        return f'<line class="mark {kind}" x1="{x1}" y1="{y1}" x2="{x2}" y2="{y2}"/>'
    cx, cy, r = (escape(shape[k]) for k in ("cx", "cy", "r"))
    return f'<circle class="mark {kind}" cx="{cx}" cy="{cy}" r="{r}"/>'


def _tile_svg(t: dict[str, Any], name: str) -> Markup:
    """The markup neuroshima_site/_tile.html used to build with tags, made once in Python (the
    board draws a dozen tiles per request); every value escaped as the template did."""
    e = escape
    parts = [f'<g class="{e(t["classes"])}"']
    if t["hex"]:
        parts.append(f' data-hex="{e(t["hex"])}"')
    parts.append(f'><title>{e(name)}</title><polygon class="tile-body" points="{e(t["points"])}"/>')
    parts += [_attrs(s) for s in t["shapes"]]
    parts += [
        f'<text class="strength" x="{e(lb["x"])}" y="{e(lb["y"])}" text-anchor="middle">'
        f"{e(lb['text'])}</text>"
        for lb in t["labels"]
    ]
    parts.append(
        f'<text class="centre {e(t["text_class"])}" x="{e(t["text_x"])}" y="{e(t["text_y"])}" '
        f'text-anchor="middle">{e(t["text"])}</text>'
        f'<text class="initial" x="{e(t["initial_x"])}" y="{e(t["initial_y"])}" '
        f'text-anchor="middle">{e(t["initial"])}</text>'
    )
    if t["mobile"]:
        parts.append(f'<polygon class="mobile" points="{e(t["mobile_points"])}"/>')
    parts += [
        f'<circle class="pip{" wound" if p["wound"] else ""}" cx="{e(p["cx"])}" cy="{e(p["cy"])}" '
        'r="3.4"/>'
        for p in t["pips"]
    ]
    parts.append("</g>")
    return Markup("".join(parts))


# -- boards -----------------------------------------------------------------------------------

VIEWBOX = "-212 -226 424 452"


def board_cells(board: str) -> list[dict[str, Any]]:
    """The board's cells (each with its SVG markup); pure geometry, so built once per board."""
    return [dict(c) for c in _board_cells(board)]


@functools.cache
def _board_cells(board: str) -> tuple[dict[str, Any], ...]:
    bonus = initiative_bonus_of_cell(board)
    cells = []
    for h in hexagon(2):
        cx, cy = centre_pixel(h, SIZE)
        b = bonus.get(h, 0)
        lx, ly = _polar((cx, cy), 240, SIZE - 16)
        cells.append(
            rounded(
                {
                    "hex": hex_key(h),
                    "q": h[0],
                    "r": h[1],
                    "points": fmt_points(corner_pixels(h, SIZE)),
                    "classes": "cell" + (f" koth koth-{b}" if b else ""),
                    "bonus": b,
                    "bonus_x": lx,
                    "bonus_y": ly + 4,
                }
            )
        )
    for c in cells:
        c["svg"] = _cell_svg(c)
    return tuple(cells)


def _cell_svg(c: dict[str, Any]) -> Markup:
    e = escape
    out = f'<polygon class="{e(c["classes"])}" points="{e(c["points"])}" data-hex="{e(c["hex"])}"/>'
    if c["bonus"]:
        out += (
            f'<text class="koth-label" x="{e(c["bonus_x"])}" y="{e(c["bonus_y"])}" '
            f'text-anchor="middle">+{e(c["bonus"])}</text>'
        )
    return Markup(out)


def placed_drawings(position: dict[str, Any], extra: dict[str, str] | None = None) -> list[dict]:
    """Every tile of a Position JSON drawn at its cell; `extra` adds classes by "q,r"."""
    extra = extra or {}
    out = []
    for t in position.get("tiles", ()):
        h = (int(t["hex"][0]), int(t["hex"][1]))
        out.append(
            tile_drawing(
                t["tile"],
                rotation=int(t.get("rotation", 0)),
                wounds=int(t.get("wounds", 0)),
                seat=int(t["seat"]),
                centre=centre_pixel(h, SIZE),
                hex=h,
                extra_class=extra.get(hex_key(h), ""),
            )
        )
    return out


def attack_rays(tile_id: str, h: Hex, rotation: int) -> list[dict[str, Any]]:
    """Where a tile at `h` would strike: melee to the neighbour, ranged and gauss to the edge."""
    spec = tile(tile_id)
    out = []
    start = centre_pixel(h, SIZE)
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
            ex, ey = centre_pixel(end, SIZE)
            out.append(rounded({"kind": kind, "x1": start[0], "y1": start[1], "x2": ex, "y2": ey}))
    return out


def line_between(a: Hex, b: Hex, kind: str) -> dict[str, Any]:
    ax, ay = centre_pixel(a, SIZE)
    bx, by = centre_pixel(b, SIZE)
    return rounded({"kind": kind, "x1": ax, "y1": ay, "x2": bx, "y2": by})


def hex_centre(h: Hex) -> Point:
    return centre_pixel(h, SIZE)


def cell_points(h: Hex) -> str:
    return fmt_points(corner_pixels(h, SIZE))
