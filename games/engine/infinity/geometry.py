"""Hex geometry of the adaptation (spec B.1, B.3, B.4): the board, front arcs, lines of fire,
Partial Cover, Zone of Control, templates as hex shapes and Dispersion. Pure functions of hexes
and a few sets; they know nothing of orders."""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence
from functools import lru_cache

from games.engine.hexgrid import DIRECTIONS, Hex, distance, lines, neighbour, neighbours
from games.engine.infinity.state import ZOC, Board, Terrain

BLOCKING = ("building", "smoke")  # block lines of fire (spec B.4); smoke does not block moves
IMPASSABLE = ("building",)
COSTLY = ("rough", "low_wall")  # cost 2 to enter (spec B.1)

# Teardrop offsets for aim d0 and v0 (spec B.3, normative); other aims rotate them.
_LARGE = {
    "d": ((0, -1), (0, -2), (-1, -2), (0, -3), (1, -3), (-1, -3), (0, -4), (1, -4)),
    "v": ((1, -2), (1, -3), (2, -3), (1, -4), (2, -4), (3, -4)),
}
_SMALL = {
    "d": ((0, -1), (0, -2), (-1, -2), (0, -3), (1, -3)),
    "v": ((1, -2), (1, -3), (2, -3)),
}
AIMS = tuple(f"{k}{i}" for i in range(6) for k in ("d", "v"))  # d0 v0 d1 v1 ... clockwise


def on_board(board: Board, h: Hex) -> bool:
    """Flat-top axial (q, r) is on a cols x rows board iff 0 <= q < cols and
    0 <= r + floor(q / 2) < rows (spec B.1)."""
    q, r = h
    return 0 <= q < board.cols and 0 <= r + q // 2 < board.rows


def row(h: Hex) -> int:
    return h[1] + h[0] // 2


def edge_row(board: Board, seat: int) -> int:
    """The row of a seat's deployment zone on the table's edge (the broad side it leaves by)."""
    first, last = board.zones[seat]
    return last if last >= board.rows - 1 else first


def in_zone(board: Board, seat: int, h: Hex) -> bool:
    first, last = board.zones[seat]
    return on_board(board, h) and first <= row(h) <= last


def _scaled(h: Hex) -> tuple[int, int]:
    """Centre in the plane scaled to integers: x = 1.5 q -> 3 q; y = sqrt(3) (r + q/2) ->
    2 r + q (the y axis then weighs 3 in a dot product)."""
    return 3 * h[0], 2 * h[1] + h[0]


def dot(a: Hex, b: Hex, c: Hex, d: Hex) -> int:
    """4 x the dot product of (b - a) and (d - c) in the plane, exactly."""
    ax, ay = _scaled(a)
    bx, by = _scaled(b)
    cx, cy = _scaled(c)
    dx, dy = _scaled(d)
    return (bx - ax) * (dx - cx) + 3 * (by - ay) * (dy - cy)


def in_arc(origin: Hex, facing: int, target: Hex) -> bool:
    """The 180 degree front arc, edge included (spec B.1)."""
    if target == origin:
        return True
    return dot(origin, target, origin, neighbour(origin, facing)) >= 0


def facing_towards(origin: Hex, target: Hex) -> int:
    """The direction whose vector is closest to the line towards target (lowest on ties)."""
    best, best_value = 0, None
    for d in range(6):
        value = dot(origin, target, origin, neighbour(origin, d))
        if best_value is None or value > best_value:
            best, best_value = d, value
    return best


def roofs_of(scenery: Mapping[Hex, str]) -> Mapping[Hex, int]:
    """The roofs' levels the scenery carries (heights.py); none for a plain mapping."""
    return scenery.roofs if isinstance(scenery, Terrain) else {}


def level(scenery: Mapping[Hex, str], h: Hex) -> int:
    """The level a figure on `h` stands at: its roof's, else the ground's, 0."""
    return roofs_of(scenery).get(h, 0)


def _blocking(
    a: Hex, b: Hex, line: Sequence[Hex], blockers: Collection[Hex], scenery: Mapping[Hex, str]
) -> list[Hex]:
    """The hexes of `line` (a's sight line to b, ends excluded, in order from a) that block it.
    With heights ("Height levels" in the README, D): the eyes are half a level above a figure's
    level and the line runs straight between them; a building blocks where the line is not above
    its roof (always when it has none), a standing figure where it is not above its head (level
    + 1/2), smoke always. Heights are counted in 1/(2n) of a level, n the line's length, so the
    test is exact; on level ground it is B.4's rule."""
    roofs = roofs_of(scenery)
    if not roofs:
        return [h for h in line if h in blockers or scenery.get(h) in BLOCKING]
    n = distance(a, b)
    low, high = roofs.get(a, 0), roofs.get(b, 0)
    out = []
    for i, h in enumerate(line, start=1):
        height = (2 * low + 1) * n + 2 * (high - low) * i
        kind = scenery.get(h)
        if (
            kind == "smoke"
            or (kind == "building" and (h not in roofs or height <= 2 * roofs[h] * n))
            or (h in blockers and height <= (2 * roofs.get(h, 0) + 1) * n)
        ):
            out.append(h)
    return out


def _clear(
    a: Hex, b: Hex, line: Sequence[Hex], blockers: Collection[Hex], scenery: Mapping[Hex, str]
) -> bool:
    if not roofs_of(scenery):  # the common case, kept fast: lines of fire are asked all the time
        return all(h not in blockers and scenery.get(h) not in BLOCKING for h in line)
    return not _blocking(a, b, line, blockers, scenery)


@lru_cache(maxsize=1 << 18)
def sight_lines(a: Hex, b: Hex) -> tuple[tuple[Hex, ...], tuple[Hex, ...]]:
    """The intermediate hexes of the two nudged lines from a to b (ends excluded). A pure
    function of two hexes, kept in a cache: lines of fire are asked for all the time."""
    plus, minus = lines(a, b)
    return plus[1:-1], minus[1:-1]


def clear_line(a: Hex, b: Hex, blockers: Collection[Hex], scenery: Mapping[Hex, str]) -> bool:
    """At least one of the two lines is unblocked (arcs aside: that is reciprocal, heights
    included)."""
    plus, minus = sight_lines(a, b)
    return _clear(a, b, plus, blockers, scenery) or _clear(a, b, minus, blockers, scenery)


def line_of_fire(
    a: Hex, facing: int, b: Hex, blockers: Collection[Hex], scenery: Mapping[Hex, str]
) -> bool:
    """LoF from a (facing) to b (spec B.4, after CL-1 'LIGNE DE VUE'): b in a's front arc and at
    least one of the two lines clear of buildings, smoke and standing models."""
    return in_arc(a, facing, b) and clear_line(a, b, blockers, scenery)


def partial_cover(a: Hex, b: Hex, blockers: Collection[Hex], scenery: Mapping[Hex, str]) -> bool:
    """Partial Cover of target b against attacker a (spec B.4); on a roof, against any attacker
    at a lower level (the roof's edge, "Height levels" in the README, D)."""
    if scenery.get(b) == "low_wall" or level(scenery, b) > level(scenery, a):
        return True
    near = {n for n in neighbours(b) if scenery.get(n) == "low_wall"}
    plus, minus = sight_lines(a, b)
    if near & (set(plus) | set(minus)):
        return True
    blocked = [
        found for line in (plus, minus) if (found := _blocking(a, b, line, blockers, scenery))
    ]
    if len(blocked) != 1:
        return False
    return distance(blocked[0][-1], b) == 1


def in_zoc(a: Hex, b: Hex) -> bool:
    """Zone of Control: within 4 hexes, ignoring scenery and LoF (spec B.1)."""
    return distance(a, b) <= ZOC


def _rotate(h: Hex, times: int) -> Hex:
    q, r = h
    for _ in range(times % 6):
        q, r = -r, q + r
    return (q, r)


def aim_vector(aim: str) -> Hex:
    """A representative offset along an aim (d: a hex direction, v: between dk and dk+1)."""
    base = (0, -1) if aim[0] == "d" else (1, -2)
    return _rotate(base, int(aim[1]))


def aim_in_arc(facing: int, aim: str) -> bool:
    v = aim_vector(aim)
    return in_arc((0, 0), facing, v)


def standing_level(scenery: Mapping[Hex, str], h: Hex) -> int | None:
    """The level one stands at on `h`, None inside a building without a roof."""
    roofs = roofs_of(scenery)
    if h in roofs:
        return roofs[h]
    return None if scenery.get(h) in IMPASSABLE else 0


def teardrop(
    apex: Hex, aim: str, size: str, board: Board, scenery: Mapping[Hex, str]
) -> tuple[Hex, ...]:
    """The hexes under a teardrop (spec B.3): the normative offsets rotated to the aim, on the
    board, not a building (but a roof no higher than the apex: "Height levels" in the README),
    and reached by one of the two lines from the apex (I11)."""
    table = _LARGE if size == "large_teardrop" else _SMALL
    top = level(scenery, apex)
    buildings = Terrain({k: v for k, v in scenery.items() if v == "building"}, roofs_of(scenery))
    out = []
    for off in table[aim[0]]:
        dq, dr = _rotate(off, int(aim[1]))
        h = (apex[0] + dq, apex[1] + dr)
        at = standing_level(scenery, h)
        if not on_board(board, h) or at is None or at > top:
            continue
        if clear_line(apex, h, (), buildings):
            out.append(h)
    return tuple(out)


def circular(centre: Hex, board: Board, scenery: Mapping[Hex, str]) -> tuple[Hex, ...]:
    """The circular template: the centre hex and its six neighbours (spec B.3), those at the
    centre's level ("Height levels" in the README, D)."""
    at = standing_level(scenery, centre) or 0  # aimed into a building: the ground around it
    return tuple(
        h
        for h in (centre, *neighbours(centre))
        if on_board(board, h) and standing_level(scenery, h) == at
    )


def dispersion(board: Board, origin: Hex, digit: int, steps: int = 1) -> Hex:
    """Dispersion on hexes (spec B.3): `steps` hexes in `dispersion_direction`."""
    direction = dispersion_direction(board, origin, digit)
    h = origin
    for _ in range(steps):
        h = (h[0] + DIRECTIONS[direction][0], h[1] + DIRECTIONS[direction][1])
    return h


def dispersion_direction(board: Board, origin: Hex, digit: int) -> int:
    """Dispersion's direction (spec B.3): the direction nearest the board centre, turned
    clockwise by the last digit of the failed roll (0 = 10) mapped onto six directions."""
    turn = {1: 0, 2: 1, 3: 1, 4: 2, 5: 2, 6: 3, 7: 4, 8: 4, 9: 5, 0: 5}[digit % 10]
    cells = [
        (q, r)
        for q in range(board.cols)
        for r in range(-q // 2 - 1, board.rows)
        if on_board(board, (q, r))
    ]
    # The board centre point (mean of the hex centres), scaled like _scaled.
    cx = sum(3 * q for q, _ in cells) / len(cells)
    cy = sum(2 * r + q for q, r in cells) / len(cells)
    ox, oy = _scaled(origin)
    best, best_value = 0, None
    for d in range(6):
        nx, ny = _scaled(neighbour(origin, d))
        value = (nx - ox) * (cx - ox) + 3 * (ny - oy) * (cy - oy)
        if best_value is None or value > best_value + 1e-9:
            best, best_value = d, value
    return (best + turn) % 6
