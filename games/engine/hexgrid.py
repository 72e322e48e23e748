"""Axial hex coordinates (Red Blob Games, "Hexagonal Grids"), shared by every system.

Directions are numbered clockwise from the top edge of a flat-top hex: 0 top (0,-1),
1 upper-right (1,-1), 2 lower-right (1,0), 3 bottom (0,1), 4 lower-left (-1,1), 5 upper-left
(-1,0). This is hexsite's convention for every system (it is also the side numbering of the
Neuroshima tile data). Cube coordinates, where used, are (q, s, r) with s = -q - r.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Iterator
from dataclasses import dataclass

Hex = tuple[int, int]

DIRECTIONS: tuple[Hex, ...] = ((0, -1), (1, -1), (1, 0), (0, 1), (-1, 1), (-1, 0))


def neighbour(h: Hex, direction: int) -> Hex:
    dq, dr = DIRECTIONS[direction % 6]
    return (h[0] + dq, h[1] + dr)


def neighbours(h: Hex) -> tuple[Hex, ...]:
    return tuple(neighbour(h, d) for d in range(6))


def distance(a: Hex, b: Hex) -> int:
    dq, dr = a[0] - b[0], a[1] - b[1]
    return (abs(dq) + abs(dr) + abs(dq + dr)) // 2


def direction_between(a: Hex, b: Hex) -> int | None:
    """The direction from a to an adjacent hex b, or None when they are not adjacent."""
    delta = (b[0] - a[0], b[1] - a[1])
    return DIRECTIONS.index(delta) if delta in DIRECTIONS else None


def ray(start: Hex, direction: int, cells: frozenset[Hex]) -> Iterator[Hex]:
    """The hexes met going straight from start (excluded) in a direction, while on the board."""
    h = neighbour(start, direction)
    while h in cells:
        yield h
        h = neighbour(h, direction)


def hexagon(radius: int) -> tuple[Hex, ...]:
    """All hexes within radius of the centre, sorted."""
    return tuple(
        sorted(
            (q, r)
            for q in range(-radius, radius + 1)
            for r in range(-radius, radius + 1)
            if abs(q + r) <= radius
        )
    )


def centre_pixel(h: Hex, size: float) -> tuple[float, float]:
    """Pixel centre of a flat-top hex of circumradius size, the board centre at (0, 0)."""
    q, r = h
    return 1.5 * size * q, math.sqrt(3) * size * (r + q / 2)


def corner_pixels(h: Hex, size: float) -> tuple[tuple[float, float], ...]:
    """The six corners of a flat-top hex, starting at the right corner, clockwise on screen."""
    cx, cy = centre_pixel(h, size)
    return tuple(
        (cx + size * math.cos(math.radians(60 * i)), cy + size * math.sin(math.radians(60 * i)))
        for i in range(6)
    )


# --- Lines, rings and areas (Red Blob Games, "Hexagonal Grids": line drawing, rings) ----------

# The nudge added to both ends of a line, in cube order (q, s, r) with s = -q - r: it breaks the
# ties of a line running exactly along hex edges. Every system uses this one offset (+1) or its
# negative (-1); a system's spec says whether one or both variants must be clear.
NUDGE: tuple[float, float, float] = (1e-6, 2e-6, -3e-6)


def cube_round(q: float, r: float) -> Hex:
    """The hex containing the fractional axial point (q, r)."""
    s = -q - r
    rq, rr, rs = round(q), round(r), round(s)
    dq, dr, ds = abs(rq - q), abs(rr - r), abs(rs - s)
    if dq > dr and dq > ds:
        rq = -rr - rs
    elif dr > ds:
        rr = -rq - rs
    return (int(rq), int(rr))


def line(a: Hex, b: Hex, variant: int = 1) -> tuple[Hex, ...]:
    """The hexes from a to b inclusive (distance + 1 of them), both ends nudged by `variant`
    (+1 or -1) times NUDGE. The two variants differ only when the line runs along hex edges."""
    n = distance(a, b)
    if n == 0:
        return (a,)
    eq, _es, er = (variant * x for x in NUDGE)
    aq, ar = a[0] + eq, a[1] + er
    bq, br = b[0] + eq, b[1] + er
    return tuple(cube_round(aq + (bq - aq) * i / n, ar + (br - ar) * i / n) for i in range(n + 1))


def lines(a: Hex, b: Hex) -> tuple[tuple[Hex, ...], tuple[Hex, ...]]:
    """Both nudged variants of the line from a to b: (+ variant, - variant)."""
    return line(a, b, 1), line(a, b, -1)


def ring(centre: Hex, radius: int) -> tuple[Hex, ...]:
    """The hexes at exactly `radius` from centre, clockwise from the one straight below-left."""
    if radius == 0:
        return (centre,)
    h = (centre[0] + DIRECTIONS[4][0] * radius, centre[1] + DIRECTIONS[4][1] * radius)
    out = []
    for direction in range(6):
        for _ in range(radius):
            out.append(h)
            h = neighbour(h, direction)
    return tuple(out)


def within(centre: Hex, radius: int) -> tuple[Hex, ...]:
    """Every hex at distance <= radius of centre, sorted."""
    return tuple(sorted((centre[0] + q, centre[1] + r) for q, r in hexagon(radius)))


# --- Drawing: Layout ---------------------------------------------------------------------------

FLAT = "flat"
POINTY = "pointy"


@dataclass(frozen=True)
class Layout:
    """How hexes map to pixels: flat-top (Neuroshima, paintball) or pointy-top, circumradius
    `size`, hex (0, 0) at the origin."""

    orientation: str = FLAT
    size: float = 1.0

    def to_pixel(self, h: Hex) -> tuple[float, float]:
        q, r = h
        if self.orientation == FLAT:
            return 1.5 * self.size * q, math.sqrt(3) * self.size * (r + q / 2)
        return math.sqrt(3) * self.size * (q + r / 2), 1.5 * self.size * r

    def corners(self, h: Hex) -> tuple[tuple[float, float], ...]:
        """The six corners, clockwise on screen; flat-top starts at the right corner, pointy-top
        at the lower-right one."""
        cx, cy = self.to_pixel(h)
        start = 0 if self.orientation == FLAT else 30
        return tuple(
            (
                cx + self.size * math.cos(math.radians(start + 60 * i)),
                cy + self.size * math.sin(math.radians(start + 60 * i)),
            )
            for i in range(6)
        )

    def view_box(
        self, hexes: Iterable[Hex], margin: float = 0.0
    ) -> tuple[float, float, float, float]:
        """(x, y, width, height) enclosing every corner of `hexes`, plus `margin` on each side."""
        xs: list[float] = []
        ys: list[float] = []
        for h in hexes:
            for x, y in self.corners(h):
                xs.append(x)
                ys.append(y)
        if not xs:
            return (0.0, 0.0, 0.0, 0.0)
        x0, y0 = min(xs) - margin, min(ys) - margin
        return (x0, y0, max(xs) + margin - x0, max(ys) + margin - y0)
