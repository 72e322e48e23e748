"""Boards, terrain types and preset layouts (skirmish.md §4.2–§4.4, D19).

1 hex = 3'' flat side to flat side; movement points (MP) are half-hexes (§4.1). `y2 = 2r + q` is
twice the north–south coordinate: north is negative y2.
"""

from __future__ import annotations

from functools import lru_cache

from games.engine.hexgrid import Hex

BOARDS = ("standard", "small")
EDGES = ("north", "south")
CENTRE: Hex = (0, 0)
ZONE_DEPTH = 6  # |y2| >= 6: zones 6 hexes = 18'' apart ("Déploiement")

# type -> (MP to enter, or None for impassable; counts as cover (D10); woods-like (D13))
TERRAIN: dict[str, tuple[int | None, bool, bool]] = {
    "open": (2, False, False),
    "hill": (2, False, False),
    "difficult": (4, False, False),
    "cover": (2, True, False),
    "obstacle": (2, True, False),  # + half the model's MP ("Franchir un obstacle")
    "woods": (4, True, True),
    "ruins": (4, True, True),
    "building": (None, False, False),
}

HILL: tuple[Hex, ...] = ((0, 0), (0, -1), (1, -1), (1, 0), (0, 1), (-1, 1), (-1, 0))

Layout = tuple[tuple[str, str, tuple[Hex, ...]], ...]

LAYOUTS: dict[str, dict[str, Layout]] = {
    "standard": {
        "outpost": (
            ("hill", "hill", HILL),
            ("woods_1", "woods", ((-5, 1), (-4, 0), (-4, 1))),
            ("woods_2", "woods", ((5, -1), (4, 0), (4, -1))),
            ("ruins_1", "ruins", ((3, -4), (4, -4), (3, -3))),
            ("ruins_2", "ruins", ((-3, 4), (-4, 4), (-3, 3))),
            ("wall_1", "obstacle", ((-3, -1), (-2, -2), (-1, -2))),
            ("wall_2", "obstacle", ((3, 1), (2, 2), (1, 2))),
            ("rubble_1", "difficult", ((6, -6), (7, -6))),
            ("rubble_2", "difficult", ((-6, 6), (-7, 6))),
            ("crates_1", "cover", ((-6, -1),)),
            ("crates_2", "cover", ((6, 1),)),
        ),
        "badlands": (
            ("hill", "hill", HILL),
            ("woods_1", "woods", ((-5, 1), (-4, 0), (-4, 1), (-5, 2))),
            ("woods_2", "woods", ((-6, -2), (-5, -2))),
            ("ruins_1", "ruins", ((3, -4), (4, -4), (3, -3))),
            ("building_1", "building", ((4, 2), (5, 1))),
            ("wall_1", "obstacle", ((-3, -1), (-2, -2), (-1, -2))),
            ("wall_2", "obstacle", ((2, 3), (3, 3))),
            ("rubble_1", "difficult", ((6, -6), (7, -6), (6, -5))),
            ("crates_1", "cover", ((-1, 4),)),
            ("crates_2", "cover", ((1, -5),)),
        ),
    },
    "small": {
        "crossroads": (
            ("hill", "hill", HILL),
            ("woods_1", "woods", ((-4, 1), (-3, 0), (-3, 1))),
            ("woods_2", "woods", ((4, -1), (3, 0), (3, -1))),
            ("ruins_1", "ruins", ((3, -3), (4, -3))),
            ("ruins_2", "ruins", ((-3, 3), (-4, 3))),
            ("wall_1", "obstacle", ((-1, -2), (0, -3))),
            ("wall_2", "obstacle", ((1, 2), (0, 3))),
        ),
        "quarry": (
            ("hill", "hill", HILL),
            ("woods_1", "woods", ((-4, 1), (-3, 0), (-3, 1), (-4, 2))),
            ("ruins_1", "ruins", ((3, -3), (4, -3))),
            ("building_1", "building", ((3, 1),)),
            ("wall_1", "obstacle", ((-1, -2), (0, -3))),
            ("rubble_1", "difficult", ((2, 2), (2, 3))),
            ("crates_1", "cover", ((-2, 4),)),
        ),
    },
}


def y2(h: Hex) -> int:
    return 2 * h[1] + h[0]


def mirror(h: Hex) -> Hex:
    """East–west mirror (§4.4): (q, r) -> (-q, r + q); y2 is unchanged."""
    return (-h[0], h[1] + h[0])


@lru_cache(maxsize=8)
def board_hexes(name: str) -> frozenset[Hex]:
    """`standard`: |q| <= 8, |y2| <= 14 (q even) or 15 (q odd); `small`: 6 and 10/11."""
    qmax, ymax = {"standard": (8, 14), "small": (6, 10)}[name]
    return frozenset(
        (q, r)
        for q in range(-qmax, qmax + 1)
        for r in range(-2 * ymax, 2 * ymax + 1)
        if abs(2 * r + q) <= ymax + (q % 2)
    )


def in_half(h: Hex, edge: str) -> bool:
    """Whether h lies in the half of the table on `edge`'s side (the line y2 = 0 is nobody's)."""
    return y2(h) < 0 if edge == "north" else y2(h) > 0


def in_zone(h: Hex, edge: str) -> bool:
    return y2(h) <= -ZONE_DEPTH if edge == "north" else y2(h) >= ZONE_DEPTH


def opposite(edge: str) -> str:
    return "south" if edge == "north" else "north"


def edge_step(edge: str) -> Hex:
    """The step off the table across `edge`: d0 (north) or d3 (south)."""
    return (0, -1) if edge == "north" else (0, 1)


def is_edge_hex(cells: frozenset[Hex], h: Hex, edge: str) -> bool:
    dq, dr = edge_step(edge)
    return h in cells and (h[0] + dq, h[1] + dr) not in cells


def layout_pieces(board: str, layout: str, mirrored: bool) -> Layout:
    pieces = LAYOUTS[board][layout]
    if not mirrored:
        return pieces
    return tuple((pid, kind, tuple(mirror(h) for h in hexes)) for pid, kind, hexes in pieces)
