"""The shooting procedure, in the normative dice order of spec §8 and §15 (§Tir, §Tirs Multiple,
§Tir Raté, §En ligne de mire, §Marquer la cible, §Jet de sauvegarde, §Contrôle de touche,
§Tir de suppression)."""

from __future__ import annotations

from itertools import combinations

from games.engine.hexgrid import Hex
from games.engine.paintball import marshals
from games.engine.paintball.ctx import Ctx
from games.engine.paintball.los import line_of_fire, need, obstacles
from games.engine.paintball.state import Pending, dumps, evolve
from games.engine.paintball.victory import remove

CHART = {1: "out_of_gas", 2: "out_of_ammo", 3: "jammed", 4: "minor", 5: "misted", 6: "goggles"}


def leave_sentry(ctx: Ctx, fid: str) -> None:
    fig = ctx.state.figure(fid)
    if fig.state == "sentry":
        ctx.state = ctx.state.update(fid, state="ready")
        ctx.emit("SentryLeft", figure=fid)


def disable(ctx: Ctx, fid: str, why: str) -> None:
    """§Les joueurs impotents: out of ammo or suppressed, lying down (D17, D18)."""
    fig = ctx.state.figure(fid)
    if not fig.in_play or fig.state == "neutral":
        return
    leave_sentry(ctx, fid)
    if fig.state == "disabled" and fig.disabled_by == "ammo" and why == "suppressed":
        return  # already down and still out of ammo
    ctx.state = ctx.state.update(fid, state="disabled", disabled_by=why)
    if ctx.state.current == fid and why == "suppressed":
        ctx.state = evolve(ctx.state, current=None)
    ctx.emit("FigureDisabled", figure=fid, by=why)


def mark(ctx: Ctx, fid: str, mode: str) -> None:
    """A hit that reached a figure: saving roll (D15), then the hit check (normal) or lying down
    (suppression)."""
    fig = ctx.state.figure(fid)
    if not fig.in_play:
        return
    value = ctx.roll()
    in_bush = ctx.state.terrain_at(fig.hex) == "bush"
    saved = value <= 3 if in_bush else value in (1, 6)
    ctx.emit("SavingRolled", figure=fid, die=value, saved=saved)
    if saved:
        return
    if mode == "suppress":
        disable(ctx, fid, "suppressed")
    else:
        marshals.hit_check(ctx, fid)


def _misfire(ctx: Ctx, sid: str, as_sentry: bool) -> bool:
    """One die showing 1: the problem chart (D9). True when the other shots are cancelled."""
    shooter = ctx.state.figure(sid)
    entry = ctx.roll()
    ctx.emit("MisfireRolled", figure=sid, die=entry, entry=CHART[entry])
    if entry == 1:
        remove(ctx, sid, "out_of_gas")
    elif entry == 2:
        disable(ctx, sid, "ammo")
    elif entry == 3:
        leave_sentry(ctx, sid)
        ctx.state = ctx.state.update(sid, state="neutral", disabled_by=None, ap=0)
        if ctx.state.current == sid:
            ctx.state = evolve(ctx.state, current=None)
        ctx.emit("FigureNeutral", figure=sid)
        marshals.assign_jam(ctx, sid)
    elif entry == 5:
        if as_sentry:
            leave_sentry(ctx, sid)
    elif entry == 6:
        if not marshals.free_within(ctx.state, shooter.hex):
            return False
        value = ctx.roll()
        ctx.emit("GogglesChecked", figure=sid, die=value, disqualified=value in (1, 6))
        if value not in (1, 6):
            return False
        remove(ctx, sid, "disqualified")
    return True


def volley(ctx: Ctx, sid: str, targets: tuple[str, ...], mode: str, as_sentry: bool) -> None:
    """Spec §8 steps 1-8 for `targets` (one entry per shot, all in one hex). AP are paid by the
    caller. May leave an `allocate_hits` decision pending (step 7)."""
    shooter = ctx.state.figure(sid)
    target_hex = ctx.state.figure(targets[0]).hex
    if shooter.hex in ctx.state.smoke:
        value = ctx.roll()
        ctx.emit("SmokeBlinded", figure=sid, die=value, sees=value >= 4)
        if value < 4:
            if not as_sentry:
                ctx.state = evolve(ctx.state.update(sid, ap=0), current=None)
            return
    required = need(ctx.state, shooter, target_hex, shooter.aimed and not as_sentry)
    assert required is not None  # legality was checked before
    dice = [ctx.roll() for _ in targets]
    ctx.emit("ShotDiceRolled", figure=sid, dice=dice, need=required, mode=mode)
    cancelled = False
    for value in dice:
        if value == 1 and _misfire(ctx, sid, as_sentry):
            cancelled = True
            break
    if cancelled:
        ctx.emit("ShotsCancelled", figure=sid)
        return
    hits = [v for v in dice if v != 1 and v >= required]
    between = line_of_fire(ctx.state, shooter.hex, target_hex) or ()
    reaching = 0
    for _ in hits:
        if ctx.over:
            return
        if _through_obstacles(ctx, between, target_hex, mode):
            reaching += 1
    _allocate(ctx, sid, targets, mode, reaching)


def _through_obstacles(ctx: Ctx, between: tuple[Hex, ...], target_hex: Hex, mode: str) -> bool:
    """D12: one die per obstacle, nearest the shooter first, until one stops the shot."""
    for kind, name in obstacles(ctx.state, between, target_hex):
        value = ctx.roll()
        if kind == "smoke":
            stopped = value in (1, 6)
        elif kind == "figure":
            fig = ctx.state.figure(name)
            threshold = 6 if ctx.state.is_base(fig.hex) and fig.state != "neutral" else 4
            stopped = value >= threshold
        else:
            stopped = value >= 4
        ctx.emit("ObstacleRolled", obstacle=kind, name=name, die=value, stopped=stopped)
        if stopped:
            ctx.emit("ShotStopped", obstacle=kind, name=name)
            if kind == "figure" and ctx.state.figure(name).state != "neutral":
                mark(ctx, name, mode)
            return False
    return True


def allocations(targets: tuple[str, ...], hits: int) -> list[list[str]]:
    """Every distinct way to share `hits` among the declared shots, declared order first."""
    seen: list[list[str]] = []
    for combo in combinations(range(len(targets)), hits):
        choice = [targets[i] for i in combo]
        if sorted(choice) not in [sorted(c) for c in seen]:
            seen.append(choice)
    return seen


def _allocate(ctx: Ctx, sid: str, targets: tuple[str, ...], mode: str, hits: int) -> None:
    """D8 (EN: the opponent chooses which declared target was hit)."""
    alive = tuple(t for t in targets if ctx.state.figure(t).in_play)
    hits = min(hits, len(alive))
    if hits == 0:
        return
    options = allocations(alive, hits)
    if len(options) == 1:
        resolve_hits(ctx, tuple(options[0]), mode)
        return
    owner = ctx.state.figure(alive[0]).team
    ctx.state = evolve(
        ctx.state,
        pending=Pending(
            owner,
            "allocate_hits",
            dumps(options),
            dumps({"shooter": sid, "mode": mode, "hits": hits, "targets": list(alive)}),
        ),
    )
    ctx.emit("AllocationAsked", seat=owner, hits=hits)


def resolve_hits(ctx: Ctx, hits: tuple[str, ...], mode: str) -> None:
    ctx.emit("HitsAllocated", hits=list(hits))
    for fid in hits:
        if ctx.over:
            return
        mark(ctx, fid, mode)
