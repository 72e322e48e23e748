"""Board facts the turn needs outside battles: who is hostile, who is netted, how far a tile moves,
where a push can send a unit. Rulebook: ../shared/rules/seeds/000_cfef6f07b7368e93.txt.
"""

from __future__ import annotations

from games.engine.hexgrid import Hex, distance, neighbour, neighbours
from games.engine.neuroshima.position import PlacedTile, Position
from games.engine.neuroshima.tiles import CELLS


def tiles_by_hex(position: Position) -> dict[Hex, PlacedTile]:
    return {p.hex: p for p in position.tiles}


def hostile(position: Position, a: int, b: int) -> bool:
    """Enemies. In the alliance mode allies are not, except with Moloch (JEU À 4 JOUEURS EN MODE
    « ALLIANCE »: Moloch's nets hold its ally and its ally may push Moloch's units, and the
    reverse)."""
    if a == b:
        return False
    if not position.are_friends(a, b):
        return True
    return "moloch" in (position.seats[a], position.seats[b])


def netted(position: Position) -> frozenset[Hex]:
    """Hexes of tiles held by a net (worked out once per position, `_netted`)."""
    return position.memo("netted", _netted)


def _netted(position: Position) -> frozenset[Hex]:
    """Hexes of tiles held by a net (FILET; FAQ : RÉTIAIRE).

    Two nets aimed at each other both fail; a netted net fighter's own net is void. A tile is
    netted when some working net holds it; a net works when its tile is free. Chains resolve from
    the free ends; a closed ring of nets with no free end is undecidable and, like two facing
    nets, holds nothing (the battle package's choice, battle/effects.py solve_nets).
    """
    occ = tiles_by_hex(position)
    edges: set[tuple[Hex, Hex]] = set()
    for placed in position.tiles:
        spec = placed.spec
        if not any(spec.net):
            continue
        for side, has_net in enumerate(spec.net):
            if not has_net:
                continue
            target = occ.get(neighbour(placed.hex, spec.facing(side, placed.rotation)))
            if target is not None and hostile(position, placed.seat, target.seat):
                edges.add((placed.hex, target.hex))
    edges = {(a, b) for a, b in edges if (b, a) not in edges}
    if not edges:
        return frozenset()
    sources: dict[Hex, list[Hex]] = {}
    for a, b in edges:
        sources.setdefault(b, []).append(a)
    nodes = {h for e in edges for h in e}
    status: dict[Hex, bool] = {}  # True: netted
    changed = True
    while changed:
        changed = False
        for h in nodes:
            if h in status:
                continue
            incoming = sources.get(h, [])
            if any(status.get(a) is False for a in incoming):
                status[h], changed = True, True
            elif all(status.get(a) is True for a in incoming):
                status[h], changed = False, True
    return frozenset(h for h in nodes if status.get(h, False))


def move_range(position: Position, seat: int, held: frozenset[Hex] | None = None) -> int:
    """2 while a working Recon Centre of the seat or of an ally is on the board, else 1
    (Centre de Reconnaissance: "jusqu'à deux cases"; alliance: module bonuses reach allies).
    `held` is netted(position) (given or not, the result is the same)."""
    return position.memo(("move_range", seat), lambda p: _move_range(p, seat, netted(p)))


def _move_range(position: Position, seat: int, held: frozenset[Hex]) -> int:
    for placed in position.tiles:
        if placed.hex in held or not position.are_friends(placed.seat, seat):
            continue
        for effect in placed.spec.module_effects:
            if effect.type == "army_move_range":
                return max(1, effect.value)
    return 1


def reachable(occupied: frozenset[Hex], start: Hex, steps: int) -> tuple[Hex, ...]:
    """Empty hexes reached from start in at most `steps` steps through empty hexes, sorted."""
    seen = {start}
    frontier = [start]
    for _ in range(steps):
        nxt = []
        for h in frontier:
            for n in neighbours(h):
                if n in CELLS and n not in occupied and n not in seen:
                    seen.add(n)
                    nxt.append(n)
        frontier = nxt
    seen.discard(start)
    return tuple(sorted(seen))


def has_mobility(
    position: Position,
    placed: PlacedTile,
    held: frozenset[Hex],
    occ: dict[Hex, PlacedTile] | None = None,
) -> bool:
    """A soldier with the Mobility symbol, or one next to a working friendly Transport (Transport:
    "Chaque unité adjacente ... comme si elle possédait la compétence Mobilité"; the Transport
    itself cannot move so)."""
    if placed.hex in held or placed.spec.kind != "unit":
        return False
    if placed.spec.mobility:
        return True
    occ = tiles_by_hex(position) if occ is None else occ
    for n in neighbours(placed.hex):
        other = occ.get(n)
        if (
            other is not None
            and other.hex not in held
            and position.are_friends(other.seat, placed.seat)
            and any(e.type == "grant_mobility" for e in other.spec.module_effects)
        ):
            return True
    return False


def mobile_units(position: Position, seat: int) -> tuple[Hex, ...]:
    """The seat's units that may make a mobility move (has_mobility, all at once), in board
    order; worked out once per position and seat."""
    return position.memo(("mobile_units", seat), lambda p: _mobile_units(p, seat))


def _mobile_units(position: Position, seat: int) -> tuple[Hex, ...]:
    held = netted(position)
    carried: set[Hex] = set()
    for p in position.tiles:
        if p.hex not in held and position.are_friends(p.seat, seat):
            if any(e.type == "grant_mobility" for e in p.spec.module_effects):
                carried.update(neighbours(p.hex))
    return tuple(
        p.hex
        for p in position.of_seat(seat)
        if p.hex not in held and p.spec.kind == "unit" and (p.spec.mobility or p.hex in carried)
    )


def push_options(position: Position, pusher: Hex, target: Hex) -> tuple[Hex, ...]:
    """Empty hexes next to the target that are 2 from the pusher (REPOUSSER: "la distance entre
    les deux unités augmente de 1", one hex only, onto a free hex)."""
    occupied = position.occupied()
    return tuple(
        sorted(
            h
            for h in neighbours(target)
            if h in CELLS and h not in occupied and distance(h, pusher) == 2
        )
    )


def pushes(position: Position, seat: int) -> tuple[tuple[Hex, Hex], ...]:
    """Every (pusher, target): a free own tile next to a free hostile tile with somewhere to go."""
    held = netted(position)
    occ = tiles_by_hex(position)
    out = []
    for placed in position.tiles:
        if placed.seat != seat or placed.hex in held:
            continue
        for n in neighbours(placed.hex):
            other = occ.get(n)
            if (
                other is not None
                and other.hex not in held
                and hostile(position, seat, other.seat)
                and push_options(position, placed.hex, other.hex)
            ):
                out.append((placed.hex, other.hex))
    return tuple(sorted(out))
