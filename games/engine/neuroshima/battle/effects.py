"""What every tile does in one phase: nets, modules, HQ abilities, initiative.

Rules text: seeds/000_cfef6f07b7368e93.txt. Everything here is computed once per phase from the
position as it stands at the start of the phase (BATAILLES: casualties leave the board only at
the end of a phase, so nothing a tile gives changes within a phase; "Les unités de type Module,
Rétiaire etc. cessent de fonctionner uniquement lorsqu'elles sont enlevées du plateau").
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cache

from games.engine.hexgrid import Hex, neighbour
from games.engine.neuroshima.position import PlacedTile, Position
from games.engine.neuroshima.tiles import CELLS, initiative_bonus_of_cell, tile


@dataclass(frozen=True, slots=True)
class Geo:
    """A tile's symbols turned to board directions for one rotation."""

    tile: str
    army: str
    kind: str
    hp: int
    initiative: tuple[int, ...]
    melee: tuple[tuple[int, int], ...]  # (board direction, strength)
    ranged: tuple[tuple[int, int], ...]
    gauss: tuple[int, ...]
    armour: tuple[bool, ...]  # by board direction
    nets: tuple[int, ...]
    links: tuple[int, ...]
    targets_enemy: bool
    effects: tuple[tuple[str, int], ...]
    hq_effects: tuple[tuple[str, int], ...]
    clown: bool
    is_hq: bool
    is_medic: bool
    is_hacker: bool
    is_quartermaster: bool
    attacks: bool
    # Effects summed for speed: (melee, ranged, initiative, extra actions, medic, swap).
    fx: tuple[int, int, int, int, bool, bool]
    hq_fx: tuple[int, int, int, int, bool, bool]


@cache
def geo(tile_id: str, rotation: int) -> Geo:
    spec = tile(tile_id)

    def turn(printed: int) -> int:
        return (printed + rotation) % 6

    effects = tuple((e.type, e.value) for e in spec.module_effects)
    hq_effects = tuple((e.type, e.value) for e in spec.hq_effects)
    melee = tuple((turn(i), s) for i, s in enumerate(spec.melee) if s)
    ranged = tuple((turn(i), s) for i, s in enumerate(spec.ranged) if s)
    gauss = tuple(turn(i) for i, g in enumerate(spec.gauss) if g)
    return Geo(
        tile=tile_id,
        army=spec.army,
        kind=spec.kind,
        hp=spec.hit_points,
        initiative=spec.initiative,
        melee=melee,
        ranged=ranged,
        gauss=gauss,
        armour=tuple(spec.armor[(d - rotation) % 6] for d in range(6)),
        nets=tuple(turn(i) for i, n in enumerate(spec.net) if n),
        links=tuple(turn(i) for i, link in enumerate(spec.link) if link),
        targets_enemy=spec.module_targets == "enemy",
        effects=effects,
        hq_effects=hq_effects,
        clown="clown_explosion" in spec.specials,
        is_hq=spec.kind == "hq",
        is_medic=any(t == "medic" for t, _ in effects),
        is_hacker=any(t == "capture_enemy_module" for t, _ in effects),
        is_quartermaster=any(t == "swap_attack_type" for t, _ in effects),
        attacks=bool(melee or ranged or gauss),
        fx=_sum(effects),
        hq_fx=_sum(hq_effects),
    )


def _sum(effects: tuple[tuple[str, int], ...]) -> tuple[int, int, int, int, bool, bool]:
    values = dict(effects)
    return (
        values.get("melee_bonus", 0),
        values.get("ranged_bonus", 0),
        values.get("initiative_bonus", 0) - values.get("initiative_malus", 0),
        1 if "extra_action" in values else 0,
        "medic" in values,
        "swap_attack_type" in values,
    )


# Board geometry, computed once: neighbours on the board and straight lines.
NEIGHBOURS: dict[Hex, tuple[Hex | None, ...]] = {
    h: tuple(n if n in CELLS else None for n in (neighbour(h, d) for d in range(6))) for h in CELLS
}


def _line(h: Hex, d: int) -> tuple[Hex, ...]:
    out = []
    n = neighbour(h, d)
    while n in CELLS:
        out.append(n)
        n = neighbour(n, d)
    return tuple(out)


RAYS: dict[tuple[Hex, int], tuple[Hex, ...]] = {
    (h, d): _line(h, d) for h in CELLS for d in range(6)
}


@dataclass(frozen=True, slots=True)
class Relations:
    """Who is whose friend, whom one hurts and whom one nets (alliance rules, JEU À 4 JOUEURS
    EN MODE « ALLIANCE »: allies never wound each other and shots fly over allied tiles, except
    Moloch, whose units wound its ally's units; nets work between Moloch and its ally both ways;
    HQ and module bonuses go to allies, Moloch included)."""

    friends: tuple[tuple[bool, ...], ...]
    hurts: tuple[tuple[bool, ...], ...]  # hurts[attacker seat][target seat]
    nets: tuple[tuple[bool, ...], ...]

    @classmethod
    def of(cls, position: Position) -> Relations:
        seats = range(len(position.seats))
        moloch = tuple(army == "moloch" for army in position.seats)
        friends = tuple(tuple(position.are_friends(a, b) for b in seats) for a in seats)
        hurts = tuple(
            tuple(a != b and (not friends[a][b] or moloch[a]) for b in seats) for a in seats
        )
        nets = tuple(
            tuple(a != b and (not friends[a][b] or moloch[a] or moloch[b]) for b in seats)
            for a in seats
        )
        return cls(friends, hurts, nets)


@dataclass(slots=True)
class Tables:
    """One phase's effects, keyed by the hex of the tile concerned."""

    netted: dict[Hex, tuple[Hex, ...]] = field(default_factory=dict)  # tile -> its net fighters
    melee_bonus: dict[Hex, int] = field(default_factory=dict)
    ranged_bonus: dict[Hex, int] = field(default_factory=dict)
    phases: dict[Hex, tuple[int, ...]] = field(default_factory=dict)  # descending
    medics: dict[Hex, tuple[int, tuple[Hex, ...]]] = field(default_factory=dict)
    quartermasters: dict[Hex, tuple[int, Hex]] = field(default_factory=dict)
    captured: dict[Hex, int] = field(default_factory=dict)  # module hex -> Hacker's seat


def solve_nets(
    board: dict[Hex, PlacedTile], geos: dict[Hex, Geo], rel: Relations
) -> dict[Hex, tuple[Hex, ...]]:
    """Which tiles are held by a net, and by whom (DESCRIPTION DÉTAILLÉE DES SYMBOLES, FILET;
    FAQ : RÉTIAIRE). A netted net fighter's net does not work; two nets pointing at each other
    both fail. Chains are solved from their free ends; a closed ring of nets with no free end is
    undecidable and, like two facing nets, holds nothing (NOTES.md)."""
    edges: set[tuple[Hex, Hex]] = set()
    for h, g in geos.items():
        if not g.nets:
            continue
        seat = board[h].seat
        for d in g.nets:
            n = NEIGHBOURS[h][d]
            if n is not None and n in board and rel.nets[seat][board[n].seat]:
                edges.add((h, n))
    if not edges:
        return {}
    edges = {(a, b) for a, b in edges if (b, a) not in edges}
    incoming: dict[Hex, list[Hex]] = {}
    for a, b in edges:
        incoming.setdefault(b, []).append(a)
    netted: set[Hex] = set()
    free: set[Hex] = set()
    changed = True
    while changed:
        changed = False
        for target, sources in incoming.items():
            if target in netted or target in free:
                continue
            if any(s not in incoming or s in free for s in sources):
                netted.add(target)
                changed = True
            elif all(s in netted for s in sources):
                free.add(target)
                changed = True
    out: dict[Hex, tuple[Hex, ...]] = {}
    for target in sorted(netted):
        out[target] = tuple(sorted(s for s in incoming[target] if s not in incoming or s in free))
    return out


def compute(
    board: dict[Hex, PlacedTile], geos: dict[Hex, Geo], rel: Relations, board_kind: str
) -> Tables:
    t = Tables()
    netted = t.netted = solve_nets(board, geos, rel)
    init_delta: dict[Hex, int] = {}
    extra: dict[Hex, int] = {}
    medic_links: dict[Hex, list[Hex]] = {}

    # Hacker (POSTERUNEK, MODULES): a connected enemy module gives its bonuses to Posterunek.
    captured = t.captured
    for h, g in geos.items():
        if g.is_hacker and h not in netted:
            seat = board[h].seat
            for d in g.links:
                n = NEIGHBOURS[h][d]
                if n is None or n not in geos:
                    continue
                ng = geos[n]
                if (
                    ng.kind == "module"
                    and not ng.is_hacker
                    and not rel.friends[seat][board[n].seat]
                    and n not in captured
                ):
                    captured[n] = seat

    melee_bonus = t.melee_bonus
    ranged_bonus = t.ranged_bonus

    def apply(
        source: Hex, target: Hex, seat: int, fx: tuple[int, int, int, int, bool, bool]
    ) -> None:
        melee, ranged, init, more, medic, swap = fx
        if melee:
            melee_bonus[target] = melee_bonus.get(target, 0) + melee
        if ranged:
            ranged_bonus[target] = ranged_bonus.get(target, 0) + ranged
        if init:
            init_delta[target] = init_delta.get(target, 0) + init
        if more:
            extra[target] = extra.get(target, 0) + more
        if medic:
            medic_links.setdefault(source, []).append(target)
        if swap and (geos[target].melee or geos[target].ranged):
            t.quartermasters[source] = (seat, target)

    for h, g in geos.items():
        if h in netted:  # FILET: a netted tile adds no bonus
            continue
        if g.kind == "module" and g.links:
            # MODULES: through its connection symbols only, to own (and allied) tiles unless
            # the module says enemy; never through another tile.
            seat = captured.get(h, board[h].seat)
            for d in g.links:
                n = NEIGHBOURS[h][d]
                if n is None or n not in board:
                    continue
                if rel.friends[seat][board[n].seat] != g.targets_enemy:
                    apply(h, n, seat, g.fx)
        elif g.is_hq and g.hq_effects:
            # QUARTIER GÉNÉRAL: the ability works on adjacent own tiles, never on the HQ itself.
            seat = board[h].seat
            for n in NEIGHBOURS[h]:
                if n is not None and n in board and rel.friends[seat][board[n].seat]:
                    apply(h, n, seat, g.hq_fx)
    for medic, targets in medic_links.items():
        t.medics[medic] = (captured.get(medic, board[medic].seat), tuple(sorted(targets)))

    # INITIATIVE DANS DES SITUATIONS PARTICULIÈRES: bonuses shift every initiative of the
    # unit; never below 0; no upper bound. OPTION DU JEU: King of the Hill cells add to it.
    cell_bonus = initiative_bonus_of_cell(board_kind)
    for h, g in geos.items():
        if not g.initiative or not g.attacks:
            continue
        delta = init_delta.get(h, 0) + cell_bonus.get(h, 0) if init_delta or cell_bonus else 0
        if len(g.initiative) == 1:
            values = [max(0, g.initiative[0] + delta)]
        else:
            values = sorted((max(0, v + delta) for v in g.initiative), reverse=True)
        # Module Mère / QG de Posterunek: one more action one phase after the last one, none
        # after acting at 0; several such effects add up (MODULES: effects are cumulative).
        for _ in range(extra.get(h, 0) if extra else 0):
            if values[-1] == 0:
                break
            values.append(values[-1] - 1)
        t.phases[h] = tuple(values)
    return t
