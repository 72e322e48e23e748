"""Who acts, and a bounded menu of legal moves per seat, in a stable order (§11).

Orders are a product over models, so the menu does not list every legal set of orders: it
offers no orders, the deadline default (every attack at the nearest valid target), and one
"focus fire" set per enemy (every model able to reach it strikes it, the others their nearest).
Movement lists every reachable hex of every model (cheapest path). Any other legal move is
still accepted by `apply`.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Any

from games.engine.hexgrid import Hex, distance
from games.engine.skirmish import deploy, movement, orders
from games.engine.skirmish import moves as mv
from games.engine.skirmish.boards import LAYOUTS, edge_step, is_edge_hex
from games.engine.skirmish.geometry import reachable
from games.engine.skirmish.rules import may_act
from games.engine.skirmish.state import SEAT_NAMES, SIMULTANEOUS, Model, Order, State
from games.engine.skirmish.targets import can_flee, fire_targets, flee_destinations, melee_targets


def to_act(state: State) -> tuple[int, ...]:
    if state.phase in ("over", "turn_start"):
        return ()
    if state.pending is not None:
        return (state.pending.seat,)
    if state.phase in SIMULTANEOUS:
        return tuple(s for s in range(state.seats) if not state.submitted[s])
    return () if state.active is None else (state.active,)


def _dedupe(moves: Sequence[mv.AnyMove]) -> list[mv.AnyMove]:
    seen: set[str] = set()
    out = []
    for m in moves:
        key = json.dumps(mv.encode(m), sort_keys=True)
        if key not in seen:
            seen.add(key)
            out.append(m)
    return out


def _order_menu(state: State, seat: int, kind: str) -> list[mv.AnyMove]:
    mine = state.on_table(seat)
    if kind == "melee_orders":
        options = {m.id: melee_targets(state, m) for m in mine}
        counts = {m.id: m.melee_attacks for m in mine}
    else:
        snap = kind == "snap_orders"
        options = {m.id: fire_targets(state, m, snap) for m in mine}
        counts = {m.id: m.shoot_attacks for m in mine}
    options = {k: v for k, v in options.items() if v}

    def focus(enemy: str | None) -> mv.Orders:
        out = []
        for mid, targets in options.items():
            ids = [t.id for t in targets]
            pick = enemy if enemy in ids else ids[0]
            out.append(Order(mid, (pick,) * counts[mid]))
        return mv.Orders(kind, tuple(out))

    enemies = sorted({t.id for ts in options.values() for t in ts})
    menu: list[mv.AnyMove] = [focus(None), mv.Orders(kind, ())]
    menu += [focus(e) for e in enemies]
    return menu


def _movement_menu(state: State, seat: int) -> list[mv.AnyMove]:
    menu: list[mv.AnyMove] = []
    for m in state.on_table(seat):
        if m.moved or state.engaged(m):
            continue
        spots = reachable(state, m, movement.budget(m), flee=False)
        barrel = state.scen.barrel
        for _h, (_, path) in sorted(spots.items()):
            if barrel is not None and barrel.carrier == m.id and barrel.moved + len(path) > 2:
                continue
            menu.append(mv.Move(m.id, tuple(path)))
        menu += _exits(state, m, spots)
    barrel = state.scen.barrel
    if barrel is not None and barrel.carrier is not None and not barrel.passed and barrel.moved < 2:
        giver = state.model(barrel.carrier)
        if giver.seat == seat:
            for friend in state.on_table(seat):
                if (
                    friend.hex is not None
                    and friend.id != giver.id
                    and distance(friend.hex, barrel.hex) == 1
                ):
                    menu.append(mv.PassBarrel(giver.id, friend.id))
    return menu + [mv.EndMovement()]


def _deployment_menu(state: State, seat: int) -> list[mv.AnyMove]:
    """Per unit: the deadline default (nearest the centre line), the west and east flanks,
    then the unit gathered around each anchor of deploy.anchors."""
    out: list[mv.AnyMove] = []
    for unit in deploy.undeployed_units(state, seat):
        out += [mv.Deploy(unit, deploy.default_placement(state, seat, unit, o)) for o in (0, 1, 2)]
        for anchor in deploy.anchors(state, seat, unit):
            placing = deploy.placement_near(state, seat, unit, anchor)
            if placing is not None:
                out.append(mv.Deploy(unit, placing))
    return out


def _exits(
    state: State, m: Model, spots: dict[tuple[int, int], tuple[int, list[tuple[int, int]]]]
) -> list[mv.AnyMove]:
    if m.prisoner != "free" or state.scen.roles is None or m.hex is None:
        return []
    edge = state.edges[state.scen.roles[0]]
    dq, dr = edge_step(edge)
    starts: list[tuple[Hex, int, list[Hex]]] = [(m.hex, 0, [])] + [
        (h, c, p) for h, (c, p) in spots.items()
    ]
    for h, cost, path in starts:
        if is_edge_hex(state.cells, h, edge) and cost + movement.EXIT_COST <= movement.budget(m):
            return [mv.Move(m.id, (*path, (h[0] + dq, h[1] + dr)))]
    return []


def menu(state: State, seat: int) -> Sequence[mv.AnyMove]:
    """The seat's menu, worked out once per state (a state never changes; moves are frozen):
    the seat's view and the platform's legal moves ask at every page of a version, which the
    site keeps (issue 14)."""
    return state.memo(("menu", seat), lambda s: tuple(_menu(s, seat)))


def encoded_menu(state: State, seat: int) -> list[dict[str, Any]]:
    """The seat's menu as JSON moves, encoded once per state: the view and the platform's
    legal moves both carry it. The moves are shared between those who read it (never
    changed: a site builds its forms as new dicts)."""
    return list(state.memo(("json", seat), lambda s: tuple(mv.encode(m) for m in menu(s, seat))))


def _menu(state: State, seat: int) -> Sequence[mv.AnyMove]:
    if not may_act(state, seat) or seat not in to_act(state):
        return []
    pending = state.pending
    if pending is not None:
        if pending.kind == "choose_first":
            return [mv.ChooseFirst(SEAT_NAMES[seat])] + [
                mv.ChooseFirst(n) for n in SEAT_NAMES[: state.seats] if n != SEAT_NAMES[seat]
            ]
        if pending.kind == "choose_layout":
            assert isinstance(state.board, str)
            return [
                mv.ChooseLayout(name, mir) for name in LAYOUTS[state.board] for mir in (False, True)
            ]
        if pending.kind == "choose_edge":
            return [mv.ChooseEdge("south"), mv.ChooseEdge("north")]
        if pending.kind == "place_prison":
            best = deploy.default_prison(state)
            spots = sorted(deploy.prison_spots(state), key=lambda h: (distance(h, best), h))
            return [mv.PlacePrison(h) for h in spots]
        return [mv.ChoosePrisoner(mid) for mid in pending.options]
    phase = state.phase
    if phase == "deployment":
        return _dedupe(_deployment_menu(state, seat))
    if phase in ("snap_fire", "aimed_fire", "melee_attack"):
        kind = {"snap_fire": "snap_orders", "aimed_fire": "aimed_orders"}.get(phase, "melee_orders")
        return _dedupe(_order_menu(state, seat, kind))
    if phase == "melee_flee":
        able = [m.id for m in state.on_table(seat) if can_flee(state, m)]
        flights = [mv.FleeDeclaration(())] + [mv.FleeDeclaration((mid,)) for mid in able]
        return _dedupe(flights + [mv.FleeDeclaration(tuple(able))])
    if phase == "flee_move":
        out: list[mv.AnyMove] = []
        for mid in state.fled:
            m = state.model(mid)
            if m.seat == seat and not m.moved:
                for _, (_, path) in sorted(flee_destinations(state, m).items()):
                    out.append(mv.FleeMove(mid, tuple(path)))
        return out
    if phase == "movement":
        return _movement_menu(state, seat)
    return []


def default_move(state: State, seat: int) -> mv.AnyMove:
    """The documented deadline default of §11 for the seat's pending step."""
    if state.phase in ("aimed_fire", "melee_attack"):
        kind = "aimed_orders" if state.phase == "aimed_fire" else "melee_orders"
        return mv.Orders(kind, orders.default_orders(state, seat))
    if state.phase == "snap_fire":
        return mv.Orders("snap_orders", ())
    if state.phase == "melee_flee":
        return mv.FleeDeclaration(())
    if state.phase == "movement":
        return mv.EndMovement()
    if state.phase == "flee_move":
        for mid in state.fled:
            m = state.model(mid)
            if m.seat == seat and not m.moved:
                spots = flee_destinations(state, m)
                enemies = [e.hex for e in state.on_table() if e.seat != seat and e.hex]
                far = max(
                    spots,
                    key=lambda h: (
                        min((distance(h, e) for e in enemies), default=0),
                        -list(spots).index(h),
                    ),
                )
                return mv.FleeMove(mid, tuple(spots[far][1]))
    if state.phase == "deployment":
        unit = deploy.undeployed_units(state, seat)[0]
        return mv.Deploy(unit, deploy.default_placement(state, seat, unit))
    if state.pending is not None and state.pending.kind == "place_prison":
        return mv.PlacePrison(deploy.default_prison(state))
    return menu(state, seat)[0]
