"""Reactions (spec B.7, Part D): who may react in each of an order's two windows, the standing
reaction policies that answer for their owner without a hand-over, hidden troopers' ambush
triggers, and the `aro` and `aro_done` commands."""

from __future__ import annotations

from typing import Any

from games.engine.infinity import (
    camouflage,
    disguise,
    holo,
    koalas,
    mines,
    nanoscreen,
    policies,
    remotes,
)
from games.engine.infinity import fireteams as ft
from games.engine.infinity.ctx import Ctx, refuse
from games.engine.infinity.moves import Cmd
from games.engine.infinity.reactions import check_aro, eligibility
from games.engine.infinity.state import LONG_SKILLS, Aro, Pending, Skill, evolve, other
from games.engine.protocol import IllegalMove


def record(ctx: Ctx, aro: Aro) -> None:
    if aro.skill not in camouflage.KEEPS_MARKER:  # a marker that attacks shows itself first
        camouflage.reveal_acting(ctx, aro.trooper, aro.skill)
    holo.reveal_declaring(ctx, [aro.trooper], aro.skill)  # a standing policy's answer too
    disguise.reveal_declaring(ctx, [aro.trooper], aro.skill)
    cur = ctx.state.turn.current
    assert cur is not None
    ctx.state = ctx.state.with_turn(current=evolve(cur, aros=(*cur.aros, aro)))
    data: dict[str, Any] = {"trooper": aro.trooper, "skill": aro.skill, "window": aro.window}
    for key in ("weapon", "mode", "target", "berserk"):
        if getattr(aro, key):
            data[key] = getattr(aro, key)
    if aro.at is not None:
        data["at"] = list(aro.at)
    if aro.to is not None:
        data["to"] = list(aro.to)
    ctx.emit("AroDeclared", **data)
    nanoscreen.after_aro(ctx, aro)
    ft.reactive_declared(ctx, aro.trooper, aro.skill)


def open_window(ctx: Ctx, window: int) -> None:
    """After a declaration: offer a reaction to every trooper newly eligible. Standing policies
    and hidden triggers answer at once; the reactive seat is asked only for troopers whose
    policy says so. The pause depends on public facts only (spec Part D.4). CrazyKoalas need
    no reaction: they set off by themselves, their owner first aiming those a coordinated
    order gives a choice of targets (`koala_target`, then `offer`)."""
    mines.trigger(ctx)
    if koalas.trigger(ctx, window):
        return
    offer(ctx, window)


def offer(ctx: Ctx, window: int) -> None:
    """The window's reactions, offered (see `open_window`)."""
    state = ctx.state
    cur = state.turn.current
    assert cur is not None
    reactive = other(cur.seat)
    eligible: list[tuple[str, str]] = []
    for r in state.army(reactive):
        if r.id in cur.offered or state.is_hidden(r.id):
            continue
        how = eligibility(state, cur, r)
        if how is not None:
            eligible.append((r.id, how))
    cur = evolve(cur, offered=(*cur.offered, *[e for e, _ in eligible]))
    ctx.state = state.with_turn(current=cur)
    policies.ambushes(ctx, window)
    ask: list[str] = []
    for rid, how in eligible:
        answer = policies.answer(ctx.state, rid, how, window)
        required = remotes.aro_required(ctx.state, ctx.state.turn.current or cur, rid)
        if isinstance(answer, Aro) and required not in (None, answer.skill):
            continue  # G: Synchronised: its partner already reacted otherwise; this one passes
        if isinstance(answer, Aro):
            record(ctx, answer)
        elif answer == "ask":
            ask.append(rid)
    if ask:
        ctx.emit("WindowOpened", window=window, seat=reactive, eligible=ask)
        ctx.state = ctx.state.with_turn(
            pending=Pending(reactive, "aro", window=window, eligible=tuple(ask))
        )
    else:
        close_window(ctx, window)


def declare_aro(ctx: Ctx, cmd: Cmd) -> None:
    state = ctx.state
    pending = state.turn.pending
    cur = state.turn.current
    assert pending is not None and cur is not None and cmd.aro is not None
    tid = cmd.aro.trooper
    if any(a.trooper == tid for a in cur.aros):
        raise refuse("aro_already_declared", "That trooper has already reacted to this order.")
    if tid not in pending.eligible:
        raise refuse("aro_not_eligible", "That trooper cannot react in this window.")
    holo.reveal_declaring(ctx, [tid], cmd.aro.skill)  # shown before its reaction is checked
    disguise.reveal_declaring(ctx, [tid], cmd.aro.skill)
    state = ctx.state
    cur = state.turn.current
    assert cur is not None
    how = eligibility(state, cur, state.trooper(tid)) or "zoc"
    aro = check_aro(state, cur, evolve(cmd.aro, window=pending.window or 1), how)
    remotes.check_same_aro(state, cur, aro)
    record(ctx, aro)
    cur = ctx.state.turn.current
    assert cur is not None
    declared = {a.trooper for a in cur.aros}
    if all(e in declared for e in pending.eligible):
        close_window(ctx, pending.window or 1)


def close_window(ctx: Ctx, window: int) -> None:
    """Undeclared troopers pass. After window 1 the active seat declares its second skill (at
    once when it committed it beforehand); after window 2 the order is resolved."""
    from games.engine.infinity import orders, resolve, skills

    cur = ctx.state.turn.current
    assert cur is not None
    if window == 2 or cur.skills[0].skill in LONG_SKILLS:  # a long skill is the whole order
        resolve.resolve(ctx)
        return
    ctx.state = ctx.state.with_turn(
        current=evolve(cur, stage="declare2"), pending=Pending(cur.seat, "declare2")
    )
    if cur.second is not None:
        second = cur.second
        try:
            skills.check(ctx.state, cur, second, 1)
        except IllegalMove:  # a committed skill no longer legal becomes `none`
            second = Skill("none", cur.trooper)
        orders.perform(ctx, second, 1)
        open_window(ctx, 2)
