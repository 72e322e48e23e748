"""The turn (spec §6): start of turn with smoke and command dice (§Dés de Commandement, D3, D4),
two phases, end of turn."""

from __future__ import annotations

from games.engine.paintball import marshals
from games.engine.paintball.activation import close
from games.engine.paintball.ctx import Ctx, refuse
from games.engine.paintball.state import Pending, dumps, evolve, other
from games.engine.paintball.victory import check_end_of_turn


def begin_turn(ctx: Ctx) -> None:
    state = ctx.state
    ctx.emit("TurnStarted", turn=state.turn)
    kept = []
    for h in state.smoke:  # §Grenade fumigène: the smoke clears on 1 or 6 at each turn's start
        value = ctx.roll()
        if value in (1, 6):
            ctx.emit("SmokeCleared", hex=list(h), die=value)
        else:
            kept.append(h)
    ctx.state = evolve(
        ctx.state,
        smoke=tuple(kept),
        figures=tuple(
            evolve(f, ap=f.max_ap, activated=False, moved=0, fired=False, aimed=False)
            if f.state != "out"
            and (f.ap != f.max_ap or f.activated or f.moved or f.fired or f.aimed)
            else f
            for f in ctx.state.figures
        ),
    )
    red, blue = ctx.roll(), ctx.roll()
    ctx.emit("CommandDiceRolled", red=red, blue=blue)
    if state.turn == 1:
        # D4 (EN): in the opening turn every figure may act; the dice only say who goes first,
        # re-rolled until they differ ("les joueurs doivent relancer le Dé de Commandement").
        while red == blue:
            red, blue = ctx.roll(), ctx.roll()
            ctx.emit("CommandDiceRolled", red=red, blue=blue)
        activations = (ctx.state.in_play("red"), ctx.state.in_play("blue"))
    else:
        activations = (red, blue)  # C1: the die as rolled
    first = "red" if red > blue else "blue"
    ctx.state = evolve(
        ctx.state,
        phase="activation",
        activations=activations,
        first=first,
        active=first,
        current=None,
        command_dice=(red, blue),
    )
    if red == blue:
        chooser = state.second_last_turn or "red"
        ctx.state = evolve(
            ctx.state,
            pending=Pending(chooser, "choose_order", dumps(["first", "second"]), "{}"),
        )


def choose_order(ctx: Ctx, seat: str, play: str) -> None:
    first = seat if play == "first" else other(seat)
    ctx.state = evolve(ctx.state, pending=None, first=first, active=first)
    ctx.emit("OrderChosen", seat=seat, play=play)


def end_phase(ctx: Ctx) -> None:
    close(ctx)
    ended = ctx.state.active
    ctx.emit("PhaseEnded", seat=ended)
    if ended == ctx.state.first:
        ctx.state = evolve(ctx.state, active=other(ended))
        return
    end_turn(ctx)


def end_turn(ctx: Ctx) -> None:
    # D17: pinned-down figures get up at the end of the turn.
    for f in ctx.state.figures:
        if f.state == "disabled" and f.disabled_by == "suppressed":
            ctx.state = ctx.state.update(f.id, state="ready", disabled_by=None)
            ctx.emit("FigureStoodUp", figure=f.id)
    marshals.end_of_turn(ctx)
    ctx.emit("TurnEnded", turn=ctx.state.turn)
    if check_end_of_turn(ctx):
        return
    ctx.state = evolve(
        ctx.state,
        second_last_turn=ctx.state.active,
        turn=ctx.state.turn + 1,
        phase="turn_start",
        current=None,
    )


def require_phase(ctx: Ctx, phase: str) -> None:
    if ctx.state.phase != phase:
        raise refuse("wrong_phase", "That move does not belong to this phase.")
