"""Movement costs, paths and lines of fire on hexes (skirmish.md §4, D7–D10, D13).

Rulebook 004, "Séquence du tour" 3 (Mouvement) and 4 (Tir visé).
"""

from __future__ import annotations

import heapq
from dataclasses import dataclass

from games.engine.hexgrid import Hex, distance, line, neighbours
from games.engine.skirmish.boards import TERRAIN
from games.engine.skirmish.state import Model, State

SHOOT_RANGE = 8  # 24''
BIONIC_RANGE = 12  # 36'' (hi-tech item 4)


def enter_cost(state: State, m: Model, h: Hex) -> int | None:
    """MP to enter h, None when impassable. "Se déplacer d'un pouce en terrain difficile compte
    pour 2''": 4 MP; "Franchir un obstacle coûte la moitié du mouvement": 2 + half the MP.
    Flyers pay 2 for every hex and pass over buildings (D8)."""
    if m.fly:
        return 2
    kind = state.ground(h)
    cost = TERRAIN[kind][0]
    if cost is None:
        return None
    return cost + m.full_mp // 2 if kind == "obstacle" else cost


@dataclass(frozen=True)
class PathCheck:
    cost: int
    error: tuple[str, str] | None  # (code, sentence)


def check_path(
    state: State, m: Model, path: list[Hex], *, flee: bool, budget: int, extra: int = 0
) -> PathCheck:
    """Check a path from m's hex against the §7 codes, each code over the whole path before the
    next: `not_adjacent`, `off_board`, `impassable`, `enemy_in_hex`, then for a `move`
    `hex_occupied`, `not_enough_movement`, `must_stop_when_engaging`, and for a `flee_move`
    `not_enough_movement`, `still_in_contact`, `hex_occupied`. `extra` is the cost of a step off
    the table after the path (the prisoner's escape)."""
    assert m.hex is not None
    before = [m.hex, *path[:-1]]
    if any(step not in neighbours(prev) for prev, step in zip(before, path, strict=True)):
        return PathCheck(0, ("not_adjacent", "Each step must go to an adjacent hex."))
    if any(step not in state.cells for step in path):
        return PathCheck(0, ("off_board", "That hex is off the board."))
    costs = [enter_cost(state, m, step) for step in path]
    end = path[-1]
    if any(c is None for c in costs) or (m.fly and TERRAIN[state.ground(end)][0] is None):
        return PathCheck(0, ("impassable", "Buildings cannot be entered (flyers fly over them)."))
    if not m.fly and any(
        (o := state.occupant.get(step)) is not None and o.seat != m.seat for step in path
    ):
        return PathCheck(0, ("enemy_in_hex", "A model cannot pass through an enemy."))
    cost = sum(c for c in costs if c is not None)
    other = state.occupant.get(end)
    checks = {
        "hex_occupied": other is not None and other.id != m.id,
        "not_enough_movement": cost + extra > budget,
        "must_stop_when_engaging": not flee
        and not m.fly
        and any(state.enemies_adjacent(m, step) for step in path[:-1]),
        "still_in_contact": flee and bool(state.enemies_adjacent(m, end)),
    }
    order = FLEE_CODES if flee else MOVE_CODES
    code = next((c for c in order if checks[c]), None)
    return PathCheck(cost, None if code is None else (code, PATH_SENTENCES[code]))


MOVE_CODES = ("hex_occupied", "not_enough_movement", "must_stop_when_engaging")
FLEE_CODES = ("not_enough_movement", "still_in_contact", "hex_occupied")
PATH_SENTENCES = {
    "hex_occupied": "A model must end its move on an empty hex.",
    "not_enough_movement": "That path costs more movement than the model has.",
    "must_stop_when_engaging": "A model entering contact with an enemy must stop there.",
    "still_in_contact": "A fleeing model must end out of contact.",
}


def reachable(
    state: State, m: Model, budget: int, *, flee: bool
) -> dict[Hex, tuple[int, list[Hex]]]:
    """Every hex m may end on within `budget` MP, with the cheapest path (ties: direction order).
    Non-flyers stop on entering contact unless fleeing; nobody ends on an occupied hex."""
    assert m.hex is not None
    start = m.hex
    best: dict[Hex, int] = {start: 0}
    came: dict[Hex, Hex] = {}
    heap: list[tuple[int, int, Hex]] = [(0, 0, start)]
    counter = 1
    while heap:
        cost, _, here = heapq.heappop(heap)
        if cost > best.get(here, 1 << 30):
            continue
        if here != start and not flee and not m.fly and state.enemies_adjacent(m, here):
            continue  # contact: the move ends here (D7)
        for step in neighbours(here):
            if step not in state.cells:
                continue
            step_cost = enter_cost(state, m, step)
            if step_cost is None:
                continue
            other = state.occupant.get(step)
            if other is not None and other.seat != m.seat and not m.fly:
                continue
            total = cost + step_cost
            if total <= budget and total < best.get(step, 1 << 30):
                best[step] = total
                came[step] = here
                heapq.heappush(heap, (total, counter, step))
                counter += 1
    out: dict[Hex, tuple[int, list[Hex]]] = {}
    for h, cost in best.items():
        if h == start or h in state.occupant:
            continue
        if m.fly and TERRAIN[state.ground(h)][0] is None:
            continue
        path = [h]
        while path[-1] in came and came[path[-1]] != start:
            path.append(came[path[-1]])
        out[h] = (cost, path[::-1])
    return out


def _line_covers(state: State, between: tuple[Hex, ...]) -> int | None:
    """Cover hexes strictly between shooter and target, None when the line is not open: off the
    board, a building, or any woods/ruins crossed (D13: more than 2'' of woods)."""
    covers = 0
    for h in between:
        if h not in state.cells:
            return None
        _, is_cover, woodsy = TERRAIN[state.ground(h)]
        if woodsy or TERRAIN[state.ground(h)][0] is None:
            return None
        covers += is_cover
    return covers


def line_covers(state: State, a: Hex, b: Hex) -> int | None:
    """Cover dice met by the line of fire a -> b, not counting the target's own hex (D10, §4.1):
    the open variant of the two nudged lines with fewer covers (equal: the + variant); None
    when neither is open. Two models both in woods/ruins never see each other (D13)."""
    if TERRAIN[state.ground(a)][2] and TERRAIN[state.ground(b)][2]:
        return None
    options = [c for v in (1, -1) if (c := _line_covers(state, line(a, b, v)[1:-1])) is not None]
    return min(options) if options else None


def fire_range(m: Model) -> int:
    return BIONIC_RANGE if m.item == "bionic_eye" else SHOOT_RANGE


def hex_distance(a: Model, b: Model) -> int:
    assert a.hex is not None and b.hex is not None
    return distance(a.hex, b.hex)
