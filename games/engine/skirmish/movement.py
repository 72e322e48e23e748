"""Phase 3, movement, and the flight of step 5b (skirmish.md §7, D7–D9, D15, §10.4–10.5).

Rulebook 004, "Séquence du tour" 3 (Mouvement), 5 (s'enfuir), "Scénarios" 4 (Sauvetage) and
5 (Fût radioactif).
"""

from __future__ import annotations

from dataclasses import replace

from games.engine.hexgrid import Hex, neighbours
from games.engine.protocol import Event, IllegalMove
from games.engine.skirmish import flow
from games.engine.skirmish.boards import TERRAIN, edge_step, is_edge_hex
from games.engine.skirmish.events import ev
from games.engine.skirmish.geometry import check_path
from games.engine.skirmish.state import SEAT_NAMES, Model, State
from games.engine.skirmish.targets import check_models

Events = list[Event]
PRISONER_MP = 4  # "ne peut pas se déplacer de plus de 6'' par tour"
BARREL_HEXES = 2  # "Le fût peut être déplacé de 6'' par tour au maximum"
EXIT_COST = 2


def budget(m: Model) -> int:
    """Full MP; half after snap fire ("la moitié de leur Mouvement", D6); prisoner 4 MP."""
    mp = m.full_mp // 2 if m.snap_fired else m.full_mp
    return min(mp, PRISONER_MP) if m.prisoner == "free" else mp


def _mover(state: State, seat: int, model_id: str) -> Model:
    check_models(state, seat, [model_id])
    return state.model(model_id)


def is_exit(state: State, m: Model, path: tuple[Hex, ...]) -> bool:
    """Sauvetage: the freed prisoner leaves by a step off the attacker's own edge (§10.4)."""
    if m.prisoner != "free" or state.scen.roles is None or len(path) < 1:
        return False
    edge = state.edges[state.scen.roles[0]]
    before = path[-2] if len(path) > 1 else m.hex
    dq, dr = edge_step(edge)
    return (
        before is not None
        and is_edge_hex(state.cells, before, edge)
        and path[-1] == (before[0] + dq, before[1] + dr)
    )


def move(
    state: State, seat: int, model_id: str, path: tuple[Hex, ...], release: Hex | None
) -> tuple[State, Events]:
    m = _mover(state, seat, model_id)
    if m.moved:
        raise IllegalMove("That model has already moved this phase.", "already_moved")
    if state.engaged(m):
        raise IllegalMove("An engaged model does not move in phase 3.", "engaged")
    leaving = is_exit(state, m, path)
    walk = list(path[:-1] if leaving else path)
    extra = EXIT_COST if leaving else 0
    cost = extra
    if walk:
        check = check_path(state, m, walk, flee=False, budget=budget(m), extra=extra)
        if check.error is not None:
            raise IllegalMove(check.error[1], check.error[0])
        cost += check.cost
    elif cost > budget(m):
        raise IllegalMove(
            "That path costs more movement than the model has.", "not_enough_movement"
        )
    barrel = state.scen.barrel
    if barrel is not None and barrel.carrier == m.id and barrel.moved + len(path) > BARREL_HEXES:
        raise IllegalMove("The barrel moves at most 2 hexes a turn.", "barrel_limit")
    end = walk[-1] if walk else m.hex
    events: Events = [ev("ModelMoved", model=m.id, path=[list(h) for h in path], mp=cost)]
    if leaving:
        m = replace(m, hex=None, prisoner="escaped", moved=True, mp_spent=cost)
        events.append(ev("PrisonerEscaped", model=m.id))
        return state.with_models(m), events
    assert end is not None
    m = replace(m, hex=end, moved=True, mp_spent=cost)
    state = state.with_models(m)
    if state.enemies_adjacent(m):
        events.append(
            ev("ModelEngaged", model=m.id, enemies=[e.id for e in state.enemies_adjacent(m)])
        )
    if barrel is not None:
        if barrel.carrier == m.id:
            barrel = replace(barrel, hex=end, moved=barrel.moved + len(path))
        elif barrel.carrier is None and (end == barrel.hex or end in neighbours(barrel.hex)):
            barrel = replace(barrel, carrier=m.id, hex=end)
            events.append(ev("BarrelPickedUp", model=m.id, hex=list(end)))
        state = replace(state, scen=replace(state.scen, barrel=barrel))
    state, freed = _free_prisoner(state, m, end, release)
    return state, events + freed


def release_hexes(state: State) -> list[Hex]:
    """Free hexes next to the prison, in direction order d0…d5 (§10.4)."""
    prison = state.scen.prison
    if prison is None:
        return []
    return [
        h
        for h in neighbours(prison)
        if h in state.cells and TERRAIN[state.ground(h)][0] is not None and h not in state.occupant
    ]


def _free_prisoner(state: State, m: Model, end: Hex, release: Hex | None) -> tuple[State, Events]:
    sc = state.scen
    if sc.roles is None or sc.prison is None or sc.prisoner is None or m.seat != sc.roles[0]:
        return state, []
    prisoner = state.model(sc.prisoner)
    if prisoner.prisoner != "held" or end not in neighbours(sc.prison):
        return state, []
    spots = release_hexes(state)
    if not spots:
        return state, []
    spot = release if release in spots else spots[0]
    # "may act from the next phase": it has spent this movement phase in its cell.
    state = state.with_models(replace(prisoner, hex=spot, prisoner="free", moved=True))
    return state, [ev("PrisonerFreed", model=prisoner.id, hex=list(spot), by=m.id)]


def pass_barrel(state: State, seat: int, giver: str, receiver: str) -> tuple[State, Events]:
    """ "transmis une fois par tour à un allié" (adjacent, §10.5); a pass counts one hex."""
    check_models(state, seat, [giver, receiver], each_once=False)
    barrel = state.scen.barrel
    if barrel is None or barrel.carrier != giver:
        raise IllegalMove("That model does not carry the barrel.", "no_barrel")
    r = state.model(receiver)
    if r.id == giver or r.hex not in neighbours(barrel.hex):
        raise IllegalMove("The barrel goes to an adjacent friend.", "not_adjacent")
    if barrel.passed:
        raise IllegalMove("The barrel may be passed once a turn.", "already_passed")
    if barrel.moved >= BARREL_HEXES:
        raise IllegalMove("The barrel moves at most 2 hexes a turn.", "barrel_limit")
    assert r.hex is not None
    barrel = replace(barrel, carrier=receiver, hex=r.hex, moved=barrel.moved + 1, passed=True)
    state = replace(state, scen=replace(state.scen, barrel=barrel))
    return state, [ev("BarrelPassed", giver=giver, receiver=receiver)]


def end_movement(state: State) -> tuple[State, Events]:
    assert state.active is not None
    events: Events = [ev("PhaseEnded", phase="movement", seat=SEAT_NAMES[state.active])]
    nxt = flow.next_mover(state)
    if nxt is not None:
        return replace(state, active=nxt), events
    return flow.after(state, "movement", events)


def flee_move(
    state: State, seat: int, model_id: str, path: tuple[Hex, ...]
) -> tuple[State, Events]:
    """D15: half the Move, ending on a free hex out of contact with every enemy."""
    m = _mover(state, seat, model_id)
    if m.id not in state.fled or m.moved:
        raise IllegalMove("That model is not fleeing.", "not_fleeing")
    check = check_path(state, m, list(path), flee=True, budget=m.full_mp // 2)
    if check.error is not None:
        raise IllegalMove(check.error[1], check.error[0])
    m = replace(m, hex=path[-1], moved=True)
    state = state.with_models(m)
    events: Events = [ev("ModelFled", model=m.id, path=[list(h) for h in path])]
    return flow.enter(state, "flee_move", events)
