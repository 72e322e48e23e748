"""Grenades (advanced: §Grenade, §Grenade fumigène, §Grenade peinture; spec D23-D25)."""

from __future__ import annotations

from games.engine.hexgrid import Hex, distance, neighbours
from games.engine.paintball import moves as mv
from games.engine.paintball.activation import check_can_act, open_for
from games.engine.paintball.ctx import Ctx, refuse
from games.engine.paintball.marshals import hit_check
from games.engine.paintball.state import Pending, dumps, evolve, other


def scatter_options(board_hexes: frozenset[Hex], h: Hex) -> list[Hex]:
    return [n for n in neighbours(h) if n in board_hexes]


def do_grenade(ctx: Ctx, seat: str, move: mv.Grenade) -> None:
    if not ctx.state.grenades_option:
        raise refuse("no_grenade", "Grenades are not in use in this game.")
    fig = check_can_act(ctx.state, seat, move.figure)
    if move.kind not in fig.grenades:
        raise refuse("no_grenade", "That figure carries no such grenade.")
    if move.hex not in ctx.state.board.hexes or not 1 <= distance(fig.hex, move.hex) <= 2:
        raise refuse("too_far", "A grenade flies one or two hexes onto the field.")
    if fig.ap < 2:
        raise refuse("not_enough_ap", "Throwing costs 2 action points.")
    open_for(ctx, seat, fig.id)
    fig = ctx.state.figure(fig.id)
    left = list(fig.grenades)
    left.remove(move.kind)
    ctx.state = ctx.state.update(fig.id, ap=fig.ap - 2, grenades=tuple(left))
    value = ctx.roll()
    failed = value == 1 or (value == 6 and not fig.expert)
    # `grenade`, not `kind`: an event's `kind` is its own name, which would hide the grenade's.
    ctx.emit(
        "GrenadeThrown",
        figure=fig.id,
        grenade=move.kind,
        hex=list(move.hex),
        die=value,
        ok=not failed,
    )
    if not failed:
        land(ctx, move.kind, move.hex)
        return
    options = scatter_options(ctx.state.board.hexes, move.hex)
    if not options:
        return
    ctx.state = evolve(
        ctx.state,
        pending=Pending(
            other(seat),
            "grenade_scatter",
            dumps([list(h) for h in options]),
            dumps({"figure": fig.id, "kind": move.kind, "hex": list(move.hex)}),
        ),
    )


def land(ctx: Ctx, kind: str, h: Hex) -> None:
    if kind == "smoke":
        if h not in ctx.state.smoke:
            ctx.state = evolve(ctx.state, smoke=(*ctx.state.smoke, h))
        ctx.emit("SmokePlaced", hex=list(h))
        return
    # D25: every figure in the hex, friends too, but not a jammed one; no cover protects.
    for f in ctx.state.figures_at(h):
        if ctx.over:
            return
        if f.state == "neutral" or not ctx.state.figure(f.id).in_play:
            continue
        value = ctx.roll()
        marked = value not in (1, 6)
        ctx.emit("PaintRolled", figure=f.id, die=value, marked=marked)
        if marked:
            hit_check(ctx, f.id)


def answer_scatter(ctx: Ctx, h: Hex) -> None:
    pending = ctx.state.pending
    assert pending is not None
    if list(h) not in pending.options_json():
        raise refuse("bad_choice", "The grenade can only land next to its target hex.")
    kind = pending.context_json()["kind"]
    ctx.state = evolve(ctx.state, pending=None)
    ctx.emit("GrenadeScattered", hex=list(h))
    land(ctx, kind, h)
