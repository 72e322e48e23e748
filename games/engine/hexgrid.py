"""Axial hex coordinates for flat-top hexes (Red Blob Games, "Hexagonal Grids").

Directions are numbered clockwise from the top edge: 0 top, 1 upper-right, 2 lower-right,
3 bottom, 4 lower-left, 5 upper-left — the side convention of neuroshima-hex-tiles.json.
"""

from __future__ import annotations

import math
from collections.abc import Iterator

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
