"""Movement on hexes (spec B.1): paths of adjacent hexes within MOV / 2, rough ground and low
walls costing 2, buildings impassable; friends may be passed through, enemies, civilians and
markers not; a move never ends on an occupied hex and stops on entering base contact with an
enemy (engaged)."""

from __future__ import annotations

import heapq
from collections.abc import Collection, Iterator, Sequence

from games.engine.hexgrid import Hex, distance, neighbours
from games.engine.infinity.ctx import refuse
from games.engine.infinity.geometry import COSTLY, IMPASSABLE, level, on_board, standing_level
from games.engine.infinity.state import CurrentOrder, Skill, State, Trooper
from games.engine.protocol import IllegalMove


def step_cost(state: State, h: Hex, frm: Hex | None = None) -> int | None:
    """What entering `h` costs from `frm` (a ground hex when not given), None when a move may
    not: off the board, into a building, up or down a level (Climb and Jump do that: on a roof
    one walks from roof to roof of the same level, heights.py)."""
    if not on_board(state.board, h):
        return None
    scenery = state.scenery_at
    kind = scenery.get(h)
    if scenery.roofs:
        at = standing_level(scenery, h)
        if at is None or at != (0 if frm is None else level(scenery, frm)):
            return None
    elif kind in IMPASSABLE:
        return None
    return 2 if kind in COSTLY else 1


def enemies_of(state: State, seat: int) -> tuple[Trooper, ...]:
    """Normal enemies the seat knows of (hidden ones do not engage until revealed)."""
    hidden = state.hidden[1 - seat].hidden_deployment
    return tuple(t for t in state.troopers if t.seat != seat and t.normal and t.id not in hidden)


def enemy_contact(state: State, seat: int, h: Hex) -> bool:
    """Base contact with a Normal enemy (adjacent hexes, spec B.1, at the same level: heights.py)."""
    return any(t.hex is not None and in_contact(state, t.hex, h) for t in enemies_of(state, seat))


def in_contact(state: State, a: Hex, b: Hex) -> bool:
    """Figures on a and b are in base contact: adjacent hexes at the same level (heights.py)."""
    return distance(a, b) == 1 and same_level(state, a, b)


def same_level(state: State, a: Hex, b: Hex) -> bool:
    """Figures on a and b stand at the same level (base contact needs it: heights.py, D)."""
    return level(state.scenery_at, a) == level(state.scenery_at, b)


def engaged(state: State, trooper: Trooper) -> bool:
    return trooper.hex is not None and enemy_contact(state, trooper.seat, trooper.hex)


def blocked_for(state: State, seat: int, movers: Collection[str]) -> tuple[set[Hex], set[Hex]]:
    """(hexes one may not pass, hexes one may pass but not stop on) for a move by `movers`."""
    no_pass: set[Hex] = set()
    no_stop: set[Hex] = set()
    hidden = state.hidden[1 - seat].hidden_deployment  # unknown to the mover (hidden.py)
    for t in state.troopers:
        if t.hex is None or t.state == "dead" or t.id in movers or t.id in hidden:
            continue
        if t.seat == seat:
            no_stop.add(t.hex)
        else:
            no_pass.add(t.hex)
    for c in state.civilians:
        if c.state != "dead" and c.id not in movers:
            no_pass.add(c.hex)
    for s, secret in enumerate(state.hidden):  # mines (mines.py): markers to the enemy
        (no_stop if s == seat else no_pass).update(m.hex for m in secret.mines)
    for e in state.echoes:  # Holo-echoes (holo.py): figures to the enemy, its own follow
        if e.trooper not in movers:
            (no_stop if e.seat == seat else no_pass).add(e.hex)
    return no_pass, no_stop


def check_path(
    state: State,
    seat: int,
    start: Hex,
    path: Sequence[Hex],
    budget: int,
    movers: Collection[str],
    taken: Collection[Hex] = (),
) -> IllegalMove | None:
    """Why `path` is not a legal move from `start` (the refusal to raise), or None when it is.
    `taken`: final hexes already claimed by other movers of the same skill."""
    no_pass, no_stop = blocked_for(state, seat, movers)
    spent, here = 0, start
    for i, h in enumerate(path):
        if distance(here, h) != 1:
            return refuse("illegal_path", "Each step of a path goes to an adjacent hex.")
        cost = step_cost(state, h, here)
        if cost is None:
            return refuse("illegal_path", "That path leaves the board or enters a building.")
        if h in no_pass:
            return refuse("illegal_path", "A path may pass friends, never enemies or civilians.")
        spent += cost
        if spent > budget:
            return refuse(
                "path_too_long",
                "That path costs {spent} hexes; this move allows {budget}.",
                spent=spent,
                budget=budget,
            )
        if enemy_contact(state, seat, h) and i < len(path) - 1:
            return refuse("illegal_path", "Entering base contact with an enemy ends the movement.")
        here = h
    if path and (here in no_stop or here in taken):
        return refuse("hex_occupied", "A move cannot end on an occupied hex.")
    return None


def reachable(
    state: State,
    seat: int,
    start: Hex,
    budget: int,
    movers: Collection[str],
) -> dict[Hex, tuple[Hex, ...]]:
    """Every hex a move can end on (start excluded) -> one cheapest path to it (ties broken by
    direction order, so the choice is stable)."""
    no_pass, no_stop = blocked_for(state, seat, movers)
    best: dict[Hex, tuple[int, tuple[Hex, ...]]] = {start: (0, ())}
    heap: list[tuple[int, tuple[Hex, ...], Hex]] = [(0, (), start)]
    while heap:
        spent, path, here = heapq.heappop(heap)
        if best.get(here, (spent + 1,))[0] < spent:
            continue
        if path and enemy_contact(state, seat, here):
            continue  # engaged: the movement stops here
        for n in neighbours(here):
            cost = step_cost(state, n, here)
            if cost is None or n in no_pass or spent + cost > budget:
                continue
            new = (spent + cost, (*path, n))
            if n not in best or new < best[n]:
                best[n] = new
                heapq.heappush(heap, (new[0], new[1], n))
    return {h: p for h, (_, p) in sorted(best.items()) if h != start and h not in no_stop}


def acting_paths(cur: CurrentOrder, skill: Skill) -> Iterator[tuple[str, tuple[Hex, ...]]]:
    """Each (trooper, path) of a movement skill, refused if the trooper is not activated by the
    order or named twice (a Move's, a Climb's and a Jump's check share it)."""
    seen: set[str] = set()
    for tid, path in skill.paths:
        if tid not in cur.acting:
            raise refuse(
                "trooper_cannot_act", "{trooper} is not activated by this order.", trooper=tid
            )
        if tid in seen:
            raise refuse("malformed", f"{tid} has two paths.")
        seen.add(tid)
        yield tid, path
