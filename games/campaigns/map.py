"""The campaign map, pure: where territories sit and how they are drawn.

Each territory is a "flower" of 7 hexes (a centre and its ring). Flowers tile the plane exactly
when their centres sit on the lattice spanned by u=(2,1) and v=(-1,3) (axial), which is itself a
hex grid: territory slots are numbered along a spiral of that coarse grid (the centre, then ring
1, ring 2...). Ten territories per joining player therefore grow the map outward ring by ring,
each player's ten forming one arc, and the map stays a compact blob however many join.
"""

from __future__ import annotations

import functools
import math
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass

from games.engine.hexgrid import (
    Hex,
    centre_pixel,
    corner_pixels,
    hexagon,
    neighbour,
    neighbours,
)

U: Hex = (2, 1)
V: Hex = (-1, 3)
HEX_SIZE = 10.0  # circumradius in SVG units

# A fixed list of place names that read the same in French and English; slot n gets
# NAMES[n % len], then a number once the list has been used up ("Arden 2").
NAMES: tuple[str, ...] = (
    "Arden", "Basalt", "Calder", "Dorne", "Elvar", "Falun", "Galen", "Halden", "Isara",
    "Jorvik", "Kalmar", "Loria", "Merin", "Nador", "Orsa", "Pavia", "Quarna", "Rhodes",
    "Sarn", "Tavel", "Ulm", "Varda", "Wexa", "Xanth", "Ymir", "Zenta",
)  # fmt: skip


def territory_name(slot: int) -> str:
    base = NAMES[slot % len(NAMES)]
    lap = slot // len(NAMES)
    return base if lap == 0 else f"{base} {lap + 1}"


def _ring(radius: int) -> Iterator[Hex]:
    if radius == 0:
        yield (0, 0)
        return
    q, r = -radius, radius  # DIRECTIONS[4] scaled
    for direction in range(6):
        for _ in range(radius):
            yield (q, r)
            q, r = neighbour((q, r), direction)


@functools.lru_cache(maxsize=64)
def _spiral(rings: int) -> tuple[Hex, ...]:
    """Coarse positions of rings 0..rings, each ring rotated to start next to where the previous
    ring ended, so consecutive slots always touch (a player's ten form one connected arc)."""
    order: list[Hex] = [(0, 0)]
    for radius in range(1, rings + 1):
        ring = list(_ring(radius))
        last = order[-1]
        start = next(i for i, h in enumerate(ring) if h in neighbours(last))
        order.extend(ring[start:] + ring[:start])
    return tuple(order)


def slot_coarse(slot: int) -> Hex:
    """The coarse (territory-grid) coordinates of slot n along the spiral."""
    rings = 0
    while 1 + 3 * rings * (rings + 1) <= slot:
        rings += 1
    return _spiral(max(rings, 1))[slot]


def slot_centre(slot: int) -> Hex:
    cq, cr = slot_coarse(slot)
    return (cq * U[0] + cr * V[0], cq * U[1] + cr * V[1])


def region_hexes(slot: int) -> list[Hex]:
    """The 7 hexes of territory slot n, centre first."""
    q, r = slot_centre(slot)
    return [(q + dq, r + dr) for dq, dr in sorted(hexagon(1), key=lambda h: h != (0, 0))]


def regions_for_join(*, existing: int, count: int = 10) -> list[tuple[int, str, list[Hex]]]:
    """(slot, name, hexes) for the `count` territories a joining player brings."""
    return [(s, territory_name(s), region_hexes(s)) for s in range(existing, existing + count)]


def region_adjacency(regions: Mapping[int, Sequence[Sequence[int]]]) -> dict[int, set[int]]:
    """Which regions touch which (sharing a hex edge)."""
    owner = {tuple(h): n for n, hexes in regions.items() for h in hexes}
    adjacent: dict[int, set[int]] = {n: set() for n in regions}
    for h, n in owner.items():
        for d in range(6):
            m = owner.get(neighbour((h[0], h[1]), d))
            if m is not None and m != n:
                adjacent[n].add(m)
    return adjacent


# --- Drawing --------------------------------------------------------------------------------------


@dataclass(frozen=True)
class RegionShape:
    outline_path: str  # the region's outer boundary as closed loop(s), for fill and stroke
    label_x: float
    label_y: float


def _fmt(x: float) -> str:
    return f"{x:.1f}"


def _boundary_edges(cells: set[Hex], size: float) -> list[tuple[str, str]]:
    """Edges facing another region or the outside, as (start, end) points walking clockwise."""
    edges = []
    for h in sorted(cells):
        corners = corner_pixels(h, size)
        for d in range(6):
            if neighbour(h, d) in cells:
                continue
            # The edge facing direction d joins corners d+4 and d+5 (corner 0 is the right one).
            (x1, y1), (x2, y2) = corners[(d + 4) % 6], corners[(d + 5) % 6]
            edges.append((f"{_fmt(x1)} {_fmt(y1)}", f"{_fmt(x2)} {_fmt(y2)}"))
    return edges


def region_shape(hexes: Sequence[Sequence[int]], size: float = HEX_SIZE) -> RegionShape:
    """The outline of a region: its boundary edges chained into closed loops (one for a
    flower), so the page carries one short path per territory instead of seven hexagons."""
    cells = {(h[0], h[1]) for h in hexes}
    following = dict(_boundary_edges(cells, size))  # start point -> end point
    loops: list[str] = []
    while following:
        start, point = next(iter(following.items()))
        del following[start]
        points = [start]
        while point != start and point in following:
            points.append(point)
            point = following.pop(point)
        loops.append("M" + " L".join(points) + " Z")
    first = (hexes[0][0], hexes[0][1])
    cx, cy = centre_pixel(first, size)
    return RegionShape(" ".join(loops), round(cx, 1), round(cy, 1))


def view_box(all_hexes: Sequence[Sequence[int]], size: float = HEX_SIZE) -> str:
    """An SVG viewBox that holds every hex with a small margin."""
    if not all_hexes:
        return f"{-size * 2} {-size * 2} {size * 4} {size * 4}"
    xs, ys = [], []
    for h in all_hexes:
        cx, cy = centre_pixel((h[0], h[1]), size)
        xs.append(cx)
        ys.append(cy)
    margin = size * 1.5
    x0, y0 = min(xs) - margin, min(ys) - margin
    w, h = max(xs) - min(xs) + 2 * margin, max(ys) - min(ys) + 2 * margin
    return f"{_fmt(x0)} {_fmt(y0)} {_fmt(w)} {_fmt(h)}"


# On a 360 px phone a map that merely fits the screen drew the names about 5 px tall (ux-review
# item 11). We weighed four answers: a media query alone cannot help (the unit's size on screen
# falls as the map grows with its players), shorter labels still vanish, a list of territories
# beside the map repeats 20 to 80 names and loses where they are. The map is therefore drawn at
# no less than PHONE_PX_PER_UNIT CSS pixels per SVG unit (its `width`, campaigns.css lets it
# fill a wider column) and a map wider than the phone scrolls sideways in its own box. The
# names are NAME_UNITS tall: at that scale about 11 CSS px of font, 12 to 13 px of glyph box,
# and the longest ("Quarna 3") still fits within its flower (47 units across at the name's
# height), so neighbouring names never touch.
PHONE_PX_PER_UNIT = 1.2
NAME_UNITS = 9.0  # campaigns.css .region-name and .region-label font-size, in SVG units
PHONE_COLUMN_PX = 328  # a 360 px phone's page width less the page's padding


def phone_width(view_box_text: str) -> int:
    """The map's width attribute in CSS px: its width in SVG units at PHONE_PX_PER_UNIT."""
    return math.ceil(float(view_box_text.split()[2]) * PHONE_PX_PER_UNIT)


def text_rows(centre_y: float) -> tuple[float, float]:
    """(name y, label y) of a region whose centre hex sits at `centre_y`: two lines of
    NAME_UNITS text, a little apart, around the centre."""
    gap = NAME_UNITS * 0.65
    return round(centre_y - gap, 1), round(centre_y + gap, 1)


# Colours distinguishable for common colour blindness (Okabe-Ito), each paired with a pattern
# and the holder's initials in the region, so colour is never the only cue.
PALETTE: tuple[str, ...] = (
    "#E69F00", "#56B4E9", "#009E73", "#F0E442", "#0072B2", "#D55E00", "#CC79A7", "#999933",
)  # fmt: skip
PATTERNS: tuple[str, ...] = ("solid", "stripes", "dots", "cross", "grid", "zigzag")
UNCLAIMED_FILL = "#eeeeee"


def holder_style(index: int) -> tuple[str, str]:
    """(colour, pattern) for the index-th player (by join order); the pair is unique for 24
    players and the first six players all differ by pattern too."""
    colour = PALETTE[index % len(PALETTE)]
    pattern = PATTERNS[index % len(PATTERNS)]
    return colour, pattern


def spiral_distance(slot: int) -> float:
    """Euclidean distance (in hex units) of a slot's centre from the map centre."""
    x, y = centre_pixel(slot_centre(slot), 1.0)
    return math.hypot(x, y)
