"""Marshals, driven by the engine (spec §9, D1, D16; §Contrôle de touche, §Nettoyage, problem
chart 3 "Pistolet enrayé")."""

from __future__ import annotations

from games.engine.hexgrid import Hex, distance, line
from games.engine.paintball.ctx import Ctx
from games.engine.paintball.state import Marshal, State, evolve
from games.engine.paintball.victory import remove


def nearest_free(state: State, h: Hex) -> Marshal | None:
    free = [m for m in state.marshals if m.free]
    return min(free, key=lambda m: (distance(m.hex, h), m.id)) if free else None


def free_within(state: State, h: Hex, reach: int = 2) -> bool:
    return any(m.free and distance(m.hex, h) <= reach for m in state.marshals)


def walk_target(state: State, start: Hex, goal: Hex) -> Hex:
    """Two hexes towards `goal` (§9): index 2 of the +ε line, or, off the board, the board hex at
    distance 2 nearest the goal (ties: smallest (q, r))."""
    if distance(start, goal) <= 2:
        return goal
    step = line(start, goal, 1)[2]
    if step in state.board.hexes:
        return step
    ring = [h for h in state.board.hexes if distance(h, start) == 2]
    if not ring:
        return start
    return min(ring, key=lambda h: (distance(h, goal), h))


def hit_check(ctx: Ctx, fid: str) -> None:
    """§Contrôle de touche (D16): the nearest free marshal within two hexes is placed in the
    target's hex and rolls: 4-6 eliminated. Farther, it walks two hexes towards the target and,
    unwatched, the target wipes the paint off (§Nettoyage)."""
    target = ctx.state.figure(fid)
    marshal = nearest_free(ctx.state, target.hex)
    if marshal is None:
        ctx.emit("HitWiped", figure=fid)
        return
    if distance(marshal.hex, target.hex) <= 2:
        ctx.state = ctx.state.with_marshal(evolve(marshal, hex=target.hex))
        ctx.emit("MarshalPlaced", marshal=marshal.id, hex=list(target.hex))
        value = ctx.roll()
        confirmed = value >= 4
        ctx.emit("HitChecked", figure=fid, die=value, confirmed=confirmed)
        if confirmed:
            remove(ctx, fid, "eliminated")
        return
    to = walk_target(ctx.state, marshal.hex, target.hex)
    ctx.state = ctx.state.with_marshal(evolve(marshal, hex=to))
    ctx.emit("MarshalWalked", marshal=marshal.id, to=list(to))
    ctx.emit("HitWiped", figure=fid)


def assign_jam(ctx: Ctx, fid: str) -> None:
    """Chart 3: the nearest free marshal is assigned to the jammed figure and joins it (at once
    within two hexes, else two hexes a turn). None free: retried at the end of each turn."""
    fig = ctx.state.figure(fid)
    marshal = nearest_free(ctx.state, fig.hex)
    if marshal is None:
        return
    if distance(marshal.hex, fig.hex) <= 2:
        ctx.state = ctx.state.with_marshal(
            evolve(marshal, hex=fig.hex, jam=fid, arrived_turn=ctx.state.turn)
        )
        ctx.emit("MarshalPlaced", marshal=marshal.id, hex=list(fig.hex), jam=fid)
        return
    to = walk_target(ctx.state, marshal.hex, fig.hex)
    ctx.state = ctx.state.with_marshal(evolve(marshal, hex=to, jam=fid))
    ctx.emit("MarshalWalked", marshal=marshal.id, to=list(to), jam=fid)


def marshal_arrived(state: State, fid: str) -> bool:
    """C5: a jammed figure may be charged once its marshal has joined it."""
    return any(m.jam == fid and m.arrived_turn is not None for m in state.marshals)


def end_of_turn(ctx: Ctx) -> None:
    """Cleaning takes one turn once the marshal is there (chart 3); marshals on their way walk two
    more hexes; jammed figures with no marshal yet get one if any is free."""
    turn = ctx.state.turn
    for m in ctx.state.marshals:
        if m.jam is not None and m.arrived_turn is not None and m.arrived_turn < turn:
            ctx.state = ctx.state.update(m.jam, state="ready")
            ctx.state = ctx.state.with_marshal(evolve(m, jam=None, arrived_turn=None))
            ctx.emit("JamCleared", figure=m.jam, marshal=m.id)
    for m in ctx.state.marshals:
        if m.jam is not None and m.arrived_turn is None:
            goal = ctx.state.figure(m.jam).hex
            to = walk_target(ctx.state, m.hex, goal)
            arrived = turn if to == goal else None
            ctx.state = ctx.state.with_marshal(evolve(m, hex=to, arrived_turn=arrived))
            ctx.emit("MarshalWalked", marshal=m.id, to=list(to), jam=m.jam)
    assigned = {m.jam for m in ctx.state.marshals}
    for f in ctx.state.figures:
        if f.state == "neutral" and f.id not in assigned:
            assign_jam(ctx, f.id)
