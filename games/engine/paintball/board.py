"""Boards, terrain and standard layouts (spec §4; "Le Jeu": Hexon II, four 6-hex boards and two
single hexes for the teams' bases). Geometry comes from games.engine.hexgrid.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from games.engine.hexgrid import DIRECTIONS, Hex, distance

SEATS = ("red", "blue")
TERRAIN_TYPES = ("bunker", "bush", "heavy", "hill")


@dataclass(frozen=True)
class Board:
    """The playing area. `name` is None for a custom board (position format, §13)."""

    name: str | None
    hexes: frozenset[Hex]
    homes: tuple[tuple[str, Hex], ...]  # (seat, hex), red first; may be empty on a custom board
    marshal_starts: tuple[tuple[str, Hex], ...] = ()

    def home(self, seat: str) -> Hex | None:
        for s, h in self.homes:
            if s == seat:
                return h
        return None

    def home_hexes(self) -> frozenset[Hex]:
        return frozenset(h for _, h in self.homes)

    def start_zone(self, seat: str) -> tuple[Hex, ...]:
        """The team's home and the field hexes near it (§4.2): its three neighbours on the basic
        board, every field hex within 2 on the larger ones. Sorted home first, then by distance
        to home, q, r (the `deploy` default order, §12)."""
        home = self.home(seat)
        if home is None:
            return ()
        reach = 1 if self.name == "hexon_basic" else 2
        zone = [h for h in self.hexes if distance(h, home) <= reach]
        return tuple(sorted(zone, key=lambda h: (distance(h, home), h[0], h[1])))


def _basic() -> Board:
    columns = {-2: (-2, 4), -1: (-2, 3), 0: (-2, 2), 1: (-3, 2)}
    field = {(q, r) for q, (lo, hi) in columns.items() for r in range(lo, hi + 1)}
    homes = (("red", (0, 3)), ("blue", (0, -3)))
    return Board(
        "hexon_basic",
        frozenset(field | {h for _, h in homes}),
        homes,
        (("m1", (-2, 1)), ("m2", (0, 0))),
    )


def _field(name: str, half_width: int) -> Board:
    field = {
        (q, r)
        for q in range(-half_width, half_width + 1)
        for r in range(-12, 13)
        if abs(2 * r + q) <= (9 if q % 2 else 8)
    }
    homes = (("red", (0, 5)), ("blue", (0, -5)))
    return Board(
        name,
        frozenset(field | {h for _, h in homes}),
        homes,
        (("m1", (-2, 1)), ("m2", (2, -1))),
    )


BOARDS: dict[str, Board] = {
    "hexon_basic": _basic(),
    "field_5": _field("field_5", 2),
    "field_7": _field("field_7", 3),
}

Terrain = tuple[tuple[Hex, str], ...]


def _layout(**kinds: tuple[Hex, ...]) -> Terrain:
    return tuple(sorted((h, kind) for kind, hexes in kinds.items() for h in hexes))


_FIELD = {
    "bunker": ((-1, -2), (-1, 3), (1, -3), (1, 2)),
    "bush": ((-2, -1), (-2, 3), (2, -3), (2, 1), (0, -1), (0, 1)),
    "heavy": ((-2, 1), (2, -1), (0, -3), (0, 3)),
}
# §4.4, standard layouts (mirror-symmetric); field_7's hills only with the `hills` option.
LAYOUTS: dict[str, Terrain] = {
    "hexon_basic": _layout(
        bunker=((1, -2), (1, 1)),
        bush=((-1, -1), (-1, 2), (-2, 1)),
        heavy=((0, -2), (0, 2)),
    ),
    "field_5": _layout(**_FIELD),
    "field_7": _layout(**_FIELD),
    "field_7_hills": _layout(**_FIELD, hill=((-3, -1), (-3, 4), (3, -4), (3, 1))),
    # §5, base assault: not symmetric, the defender (north) holds the bunkers.
    "assault": _layout(
        bunker=((-1, -4), (1, -5), (-2, -2), (2, -4)),
        bush=((0, -2), (-1, 0), (1, -1), (2, -2)),
        heavy=((0, 1), (-2, 2), (2, 0), (-1, -2)),
    ),
}

_SQRT3_2 = math.sqrt(3) / 2


def pixel(h: Hex) -> tuple[float, float]:
    """Centre of a flat-top hex of unit size, north negative (§4.1)."""
    return 1.5 * h[0], _SQRT3_2 * (2 * h[1] + h[0])


def in_field_of_view(source: Hex, facing: int, target: Hex) -> bool:
    """§Les angles morts, D26: a figure sees through 3 of its 6 sides, the front one and the two
    beside it, i.e. every hex within 90 degrees of its facing (exact 90 degrees is seen)."""
    sx, sy = pixel(source)
    tx, ty = pixel(target)
    fx, fy = pixel(DIRECTIONS[facing % 6])
    return (tx - sx) * fx + (ty - sy) * fy >= -1e-9
