"""Pattern geometry: card and ability patterns (spec section 13.4) and mission placements
(section 13.3, R118-R119: translation and the six rotations, no reflection)."""

from __future__ import annotations

from functools import cache

from games.engine.hexgrid import Hex
from games.engine.hexpanse.data import boards, missions, patterns


def rotate(h: Hex, steps: int) -> Hex:
    """Turn an offset by `steps` sixths clockwise: (q, r) -> (-r, q + r) per step."""
    q, r = h
    for _ in range(steps % 6):
        q, r = -r, q + r
    return q, r


def anchored_cells(pattern: str, anchor: Hex, rotation: int) -> tuple[tuple[str, Hex], ...]:
    """(role, hex) of an anchored pattern around `anchor` (its cells may fall off the board:
    they are then unusable, section 13.4)."""
    out = []
    for role, offset in patterns()[pattern].cells:
        dq, dr = rotate(offset, rotation)
        out.append((role, (anchor[0] + dq, anchor[1] + dr)))
    return tuple(out)


def free_cells(pattern: str, at: Hex, rotation: int, role: str) -> tuple[tuple[str, Hex], ...]:
    """(role, hex) of a free pattern with cell 0 on `at`, turned about it."""
    cells = patterns()[pattern].cells
    origin = cells[0][1]
    out = []
    for cell_role, offset in cells:
        dq, dr = rotate((offset[0] - origin[0], offset[1] - origin[1]), rotation)
        out.append((role if cell_role == "*" else cell_role, (at[0] + dq, at[1] + dr)))
    return tuple(out)


@cache
def free_placements(
    pattern: str, playable: frozenset[Hex]
) -> tuple[tuple[Hex, int, frozenset[Hex]], ...]:
    """Every (at, rotation) where a free pattern fits the playable hexes, with its hexes (a
    symmetric pattern covers the same hexes from two anchors: both are listed, so a player
    turns the pattern about the hex they chose)."""
    out = []
    for at in sorted(playable):
        for rotation in range(6):
            cells = frozenset(h for _, h in free_cells(pattern, at, rotation, "*"))
            if cells <= playable:
                out.append((at, rotation, cells))
    return tuple(out)


def shape_placements(
    cells: tuple[Hex, ...], playable: frozenset[Hex]
) -> tuple[frozenset[Hex], ...]:
    """Every distinct set of hexes the shape covers on the playable hexes (R119)."""
    seen: set[frozenset[Hex]] = set()
    out = []
    for rotation in range(6):
        turned = [rotate(c, rotation) for c in cells]
        ref = turned[0]
        rel = [(q - ref[0], r - ref[1]) for q, r in turned]
        for at in sorted(playable):
            placed = frozenset((at[0] + q, at[1] + r) for q, r in rel)
            if placed <= playable and placed not in seen:
                seen.add(placed)
                out.append(placed)
    return tuple(out)


@cache
def mission_placements(code: str, board: str, seats: int) -> tuple[frozenset[Hex], ...]:
    """The placements of a mission on a board's playable hexes for that many seats."""
    return shape_placements(missions()[code].cells, boards()[board].playable(seats))


@cache
def mission_index(code: str, board: str, seats: int) -> dict[Hex, tuple[int, ...]]:
    """hex -> indices of the placements that contain it (for fast progress counts)."""
    index: dict[Hex, list[int]] = {}
    for i, placement in enumerate(mission_placements(code, board, seats)):
        for h in placement:
            index.setdefault(h, []).append(i)
    return {h: tuple(ids) for h, ids in index.items()}


def completed(code: str, board: str, seats: int, owned: frozenset[Hex]) -> bool:
    """R118: every hex of some placement holds a unit of the player (team)."""
    if len(owned) < 9:
        return False
    return any(p <= owned for p in mission_placements(code, board, seats))


def progress(
    code: str, board: str, seats: int, owned: frozenset[Hex], blocked: frozenset[Hex]
) -> tuple[int, frozenset[Hex]]:
    """(best count, its placement) over the placements no foreign unit blocks: how many of
    the nine hexes the player already holds. (0, empty) when every placement is blocked."""
    placements = mission_placements(code, board, seats)
    index = mission_index(code, board, seats)
    dead: set[int] = set()
    for h in blocked:
        dead.update(index.get(h, ()))
    counts: dict[int, int] = {}
    for h in owned:
        for i in index.get(h, ()):
            if i not in dead:
                counts[i] = counts.get(i, 0) + 1
    if not counts:
        alive = next((i for i in range(len(placements)) if i not in dead), None)
        return 0, frozenset() if alive is None else placements[alive]
    best = max(counts, key=lambda i: (counts[i], -i))
    return counts[best], placements[best]
