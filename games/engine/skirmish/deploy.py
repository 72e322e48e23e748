"""Terrain, edges, the rescue prison, and alternate deployment (skirmish.md §9, D19).

Rulebook 004, "Déploiement": "L'un des joueurs met en place le terrain et son adversaire
choisit son bord de table ... Les deux armées se déploient en alternance en plaçant toutes les
figurines d'un même type en même temps"; "Scénarios" 4 (Sauvetage).
"""

from __future__ import annotations

from dataclasses import replace

from games.engine.hexgrid import Hex, distance, neighbours
from games.engine.protocol import Event, IllegalMove
from games.engine.skirmish.boards import EDGES, LAYOUTS, TERRAIN, in_zone, layout_pieces, opposite
from games.engine.skirmish.events import ev
from games.engine.skirmish.state import SEAT_NAMES, Model, Pending, Piece, State

Events = list[Event]
TELEPORT_DISTANCE = 3  # "à plus de 6'' de tout ennemi"


def choose_layout(state: State, seat: int, layout: str, mirrored: bool) -> tuple[State, Events]:
    assert isinstance(state.board, str)
    if layout not in LAYOUTS[state.board]:
        raise IllegalMove("That is not one of this board's layouts.", "bad_layout")
    pieces = layout_pieces(state.board, layout, mirrored)
    terrain = tuple(Piece(pid, kind, hexes) for pid, kind, hexes in pieces)
    pending = Pending(1 - seat, "choose_edge", EDGES)
    state = replace(state, terrain=terrain, layout=(layout, mirrored), pending=pending)
    return state, [ev("LayoutChosen", seat=SEAT_NAMES[seat], layout=layout, mirror=mirrored)]


def choose_edge(state: State, seat: int, edge: str) -> tuple[State, Events]:
    if edge not in EDGES:
        raise IllegalMove("Choose the north or the south edge.", "bad_edge")
    edges = tuple(edge if s == seat else opposite(edge) for s in range(state.seats))
    state = replace(state, edges=edges, pending=None)
    events: Events = [ev("EdgeChosen", seat=SEAT_NAMES[seat], edge=edge)]
    if state.scen.roles is not None:
        defender = state.scen.roles[1]
        return replace(state, pending=Pending(defender, "place_prison")), events
    return start_deployment(state, events)


def prison_spots(state: State) -> list[Hex]:
    """Enterable board hexes that leave at least one enterable neighbour (§9.3)."""

    def enterable(h: Hex) -> bool:
        return h in state.cells and TERRAIN[state.ground(h)][0] is not None

    return [
        h for h in sorted(state.cells) if enterable(h) and any(enterable(n) for n in neighbours(h))
    ]


def default_prison(state: State) -> Hex:
    """§11: (0,-4) if the defender holds the north edge, (0,4) if the south, or the nearest."""
    assert state.scen.roles is not None
    wanted = (0, -4) if state.edges[state.scen.roles[1]] == "north" else (0, 4)
    spots = prison_spots(state)
    return min(spots, key=lambda h: (distance(h, wanted), h))


def place_prison(state: State, seat: int, h: Hex) -> tuple[State, Events]:
    if h not in prison_spots(state):
        raise IllegalMove("The prison goes on a free hex with a free neighbour.", "bad_prison")
    terrain = tuple(replace(p, hexes=tuple(x for x in p.hexes if x != h)) for p in state.terrain)
    terrain = tuple(p for p in terrain if p.hexes) + (Piece("prison", "building", (h,)),)
    attacker = 1 - seat
    heroes = [m.id for m in state.models if m.seat == attacker and m.hero]
    options = tuple(heroes or [m.id for m in state.models if m.seat == attacker])
    state = replace(
        state,
        terrain=terrain,
        scen=replace(state.scen, prison=h),
        pending=Pending(attacker, "choose_prisoner", options),
    )
    return state, [ev("PrisonPlaced", hex=list(h))]


def choose_prisoner(state: State, seat: int, model_id: str) -> tuple[State, Events]:
    """The prisoner copies the profile of one of the attacker's characters; free, with no item,
    not counted as a Hero of the army (§10.4)."""
    assert state.pending is not None
    if model_id not in state.pending.options:
        raise IllegalMove("Choose one of your Heroes.", "wrong_unit")
    source = state.model(model_id)
    number = 1 + sum(1 for m in state.models if m.seat == seat)
    prisoner = replace(
        source,
        id=f"{SEAT_NAMES[seat][0]}{number}",
        hex=None,
        hero=True,
        item=None,
        cost=0,
        unit=None,
        prisoner="held",
    )
    state = replace(state.with_models(prisoner), scen=replace(state.scen, prisoner=prisoner.id))
    events: Events = [ev("PrisonerChosen", model=prisoner.id, copy_of=model_id)]
    return start_deployment(replace(state, pending=None), events)


def start_deployment(state: State, events: Events) -> tuple[State, Events]:
    return replace(state, phase="deployment"), events


def undeployed_units(state: State, seat: int) -> list[str]:
    units: list[str] = []
    for m in state.models:
        if m.seat == seat and m.undeployed and m.unit is not None and m.unit not in units:
            units.append(m.unit)
    return units


def placement_refusal(state: State, m: Model, h: Hex, taken: set[Hex]) -> tuple[str, str] | None:
    if h not in state.cells or TERRAIN[state.ground(h)][0] is None:
        return ("impassable", "Models deploy on enterable board hexes.")
    if h in state.occupant or h in taken:
        return ("hex_occupied", "One model per hex.")
    if m.item == "teleporter":
        # Téléportation: anywhere more than 6'' (at least 3 hexes) from every enemy.
        for e in state.on_table():
            if e.seat != m.seat and e.hex is not None and distance(e.hex, h) < TELEPORT_DISTANCE:
                return ("too_close_to_enemy", "A teleporting Hero stays 3 hexes from enemies.")
        return None
    if not in_zone(h, state.edges[m.seat]):
        return ("not_in_zone", "Models deploy in their own zone.")
    return None


def deploy(
    state: State, seat: int, unit: str, hexes: tuple[tuple[str, Hex], ...]
) -> tuple[State, Events]:
    members = [m for m in state.models if m.seat == seat and m.unit == unit and m.undeployed]
    if not members or sorted(mid for mid, _ in hexes) != sorted(m.id for m in members):
        raise IllegalMove("Place every model of one undeployed unit at once.", "wrong_unit")
    placing = dict(hexes)
    taken: set[Hex] = set()
    placed = []
    for m in members:
        refusal = placement_refusal(state, m, placing[m.id], taken)
        if refusal is not None:
            raise IllegalMove(refusal[1], refusal[0])
        taken.add(placing[m.id])
        placed.append(replace(m, hex=placing[m.id]))
    state = state.with_models(*placed)
    events: Events = [
        ev(
            "UnitDeployed",
            seat=SEAT_NAMES[seat],
            unit=unit,
            hexes={m.id: list(m.hex or ()) for m in placed},
        )
    ]
    for nxt in (1 - seat, seat):
        if undeployed_units(state, nxt):
            return replace(state, active=nxt), events
    return replace(state, phase="turn_start", active=state.initiative_order[0]), events


def default_placement(
    state: State, seat: int, unit: str, order: int = 0
) -> tuple[tuple[str, Hex], ...]:
    """The unit on free zone hexes nearest the centre line (§11); `order` 1 and 2 spread to the
    west and the east instead (alternatives for the legal-move menu)."""
    members = [m for m in state.models if m.seat == seat and m.unit == unit and m.undeployed]
    edge = state.edges[seat]
    free = [
        h
        for h in state.cells
        if in_zone(h, edge) and TERRAIN[state.ground(h)][0] is not None and h not in state.occupant
    ]
    keys = {
        0: lambda h: (abs(2 * h[1] + h[0]), abs(h[0]), h),
        1: lambda h: (h[0], abs(2 * h[1] + h[0]), h),
        2: lambda h: (-h[0], abs(2 * h[1] + h[0]), h),
    }
    spots = sorted(free, key=keys[order])
    return tuple((m.id, spots[i]) for i, m in enumerate(members))


def placement_near(
    state: State, seat: int, unit: str, anchor: Hex
) -> tuple[tuple[str, Hex], ...] | None:
    """The unit on the free hexes where it may deploy nearest `anchor` (ties: nearer the
    centre line, then the lower hex), or None when they do not all fit."""
    members = [m for m in state.models if m.seat == seat and m.unit == unit and m.undeployed]
    spots = sorted(
        (h for h in state.cells if TERRAIN[state.ground(h)][0] is not None),
        key=lambda h: (distance(h, anchor), abs(2 * h[1] + h[0]), h),
    )
    taken: set[Hex] = set()
    out = []
    for m in members:
        spot = next((h for h in spots if placement_refusal(state, m, h, taken) is None), None)
        if spot is None:
            return None
        taken.add(spot)
        out.append((m.id, spot))
    return tuple(out)


def anchors(state: State, seat: int, unit: str) -> list[Hex]:
    """Where the legal-move menu anchors a unit's placements: each column's front hex of the
    seat's zone; for a teleporting unit also each column's hex nearest the centre line."""
    edge = state.edges[seat]
    members = [m for m in state.models if m.seat == seat and m.unit == unit and m.undeployed]
    columns: dict[int, list[Hex]] = {}
    for h in sorted(state.cells):
        columns.setdefault(h[0], []).append(h)
    out = []
    for q in sorted(columns):
        zone = [h for h in columns[q] if in_zone(h, edge)]
        if zone:
            out.append(min(zone, key=lambda h: abs(2 * h[1] + h[0])))
    if members and all(m.item == "teleporter" for m in members):
        out += [min(columns[q], key=lambda h: (abs(2 * h[1] + h[0]), h)) for q in sorted(columns)]
    return out
