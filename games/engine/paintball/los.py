"""Line of sight and what lies in the line of fire (§Ligne de vue, §En ligne de mire,
§Couverts légers, §Couverts lourds, §Collines; spec D11, D12, D26, D27)."""

from __future__ import annotations

from functools import lru_cache

from games.engine.hexgrid import Hex, distance, line
from games.engine.paintball.board import in_field_of_view
from games.engine.paintball.state import Figure, State

# Lines depend on their two ends only: computed once per pair for the whole process.
_line = lru_cache(maxsize=65536)(line)

# One obstacle: ("terrain", kind) | ("smoke", "") | ("marshal", id) | ("figure", id)
Obstacle = tuple[str, str]


def open_variants(state: State, a: Hex, b: Hex) -> tuple[tuple[Hex, ...], ...]:
    """The hexes strictly between a and b on each open variant (+ε first). A variant is open when
    every hex on it is on the board and none strictly between is a hill."""
    return _open_variants(state.board.hexes, state.hills, a, b)


@lru_cache(maxsize=65536)
def _open_variants(
    board: frozenset[Hex], hills: frozenset[Hex], a: Hex, b: Hex
) -> tuple[tuple[Hex, ...], ...]:
    # Board and hills never change during a game: the answer is computed once per pair.
    out: list[tuple[Hex, ...]] = []
    for variant in (1, -1):
        hexes = _line(a, b, variant)
        if not all(h in board for h in hexes):
            continue
        between = hexes[1:-1]
        if any(h in hills for h in between) or between in out:
            continue
        out.append(between)
    return tuple(out)


def obstacles(state: State, between: tuple[Hex, ...], target: Hex) -> list[Obstacle]:
    """D12, in line order from the shooter: cover, smoke, marshals, figures in each hex strictly
    between; a bush on the target's hex last. Base/trench hexes are never obstacles."""
    out: list[Obstacle] = []
    for h in between:
        kind = state.terrain_at(h)
        if kind in ("bush", "heavy"):
            out.append(("terrain", kind))
        if h in state.smoke:
            out.append(("smoke", ""))
        out.extend(("marshal", m.id) for m in state.marshals if m.hex == h)
        out.extend(("figure", f.id) for f in state.figures if f.hex == h and f.in_play)
    if state.terrain_at(target) == "bush":
        out.append(("terrain", "bush"))
    return out


def line_of_fire(state: State, a: Hex, b: Hex) -> tuple[Hex, ...] | None:
    """D11: the open variant with fewer obstacles (ties: +ε); None when no variant is open."""
    variants = open_variants(state, a, b)
    if not variants:
        return None
    return min(variants, key=lambda between: len(obstacles(state, between, b)))


def need(state: State, shooter: Figure, target: Hex, aimed: bool) -> int | None:
    """§Tir: the die must beat the range (target hex counted); §Se concentrer, D13: aimed, it must
    reach it; §Bases et tranchées, D14: a 6 against a base. None: out of range."""
    d = distance(shooter.hex, target)
    ordinary = max(2, d if aimed else d + 1)
    if ordinary > 6:
        return None
    return 6 if state.is_base(target) else ordinary


def sees(state: State, shooter: Figure, target: Hex) -> bool:
    """LOS, and the field of view when blind spots are in use."""
    if state.blind_spots and not in_field_of_view(shooter.hex, shooter.facing, target):
        return False
    return bool(open_variants(state, shooter.hex, target))
