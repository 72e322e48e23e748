"""The actions of an activation (§Points d'Action, §Mouvement, §Tir, §Se concentrer, §Mode
sentinelle, §Recharger; spec §7 with its refusal codes in the table's order)."""

from __future__ import annotations

from games.engine.hexgrid import Hex, distance
from games.engine.paintball import moves as mv
from games.engine.paintball.activation import (
    check_can_act,
    close,
    open_for,
    shortest_path,
    step_refusal,
)
from games.engine.paintball.board import SEATS, in_field_of_view
from games.engine.paintball.ctx import Ctx, refuse
from games.engine.paintball.los import need, open_variants
from games.engine.paintball.sentries import run_queue, watching
from games.engine.paintball.shooting import volley
from games.engine.paintball.state import Figure, State, evolve
from games.engine.paintball.victory import check_immediate, pick_up_flag

MAX_MOVE = 2  # §Mouvement: 2 hexes a turn, experts included


def plan_path(state: State, fig: Figure, move: mv.Move) -> tuple[Hex, ...]:
    left = MAX_MOVE - fig.moved
    if move.path:
        here = fig.hex
        for i, h in enumerate(move.path):
            problem = step_refusal(state, fig, here, h)
            if problem and problem[0] in ("not_adjacent", "off_board"):
                raise refuse(*problem)
            if i + 1 > left:
                raise refuse("move_limit", "A figure moves at most 2 hexes a turn.")
            if i + 1 > fig.ap:
                raise refuse("not_enough_ap", "Not enough action points.")
            if problem:
                raise refuse(*problem)
            here = h
        return move.path
    assert move.to is not None
    goal = move.to
    d = distance(fig.hex, goal)
    if d == 0 or d > MAX_MOVE:  # §7: not_adjacent is reported before off_board
        raise refuse("not_adjacent", "A move goes to a hex one or two steps away.")
    if goal not in state.board.hexes:
        raise refuse("off_board", "That hex is not on the field.")
    if d > left:
        raise refuse("move_limit", "A figure moves at most 2 hexes a turn.")
    if d > fig.ap:
        raise refuse("not_enough_ap", "Not enough action points.")
    path = shortest_path(state, fig, goal, d)
    if path is None:
        if any(f.team != fig.team for f in state.figures_at(goal)):
            raise refuse("enemy_in_hex", "An enemy holds that hex: charge it instead.")
        raise refuse("hex_full", "No free way to that hex.")
    return path


def step(ctx: Ctx, fid: str, h: Hex, pickup: bool = True) -> list[str]:
    """One 1-hex step: pays 1 AP, loses the aim, picks up a flag; returns the sentries it
    triggers."""
    fig = ctx.state.figure(fid)
    frm = fig.hex
    ctx.state = ctx.state.update(fid, hex=h, ap=fig.ap - 1, moved=fig.moved + 1, aimed=False)
    for flag in ctx.state.flags:
        if flag.carrier == fid:
            ctx.state = ctx.state.with_flag(evolve(flag, hex=h))
    terrain = ctx.state.terrain_at(h) or ("base" if ctx.state.is_base(h) else "open")
    ctx.emit("FigureMoved", figure=fid, start=list(frm), to=list(h), terrain=terrain)
    if pickup:
        pick_up_flag(ctx, fid)
    check_immediate(ctx)
    return [] if ctx.over else watching(ctx.state, fid)


def do_move(ctx: Ctx, seat: str, move: mv.Move) -> None:
    fig = check_can_act(ctx.state, seat, move.figure)
    path = plan_path(ctx.state, fig, move)
    open_for(ctx, seat, move.figure)
    for h in path:
        triggered = step(ctx, move.figure, h)
        if ctx.over:
            return
        if triggered:
            # The rest of the path is dropped once a sentry fires or is asked (spec §7).
            run_queue(ctx, move.figure, triggered, {"kind": "move"})
            return


def do_aim(ctx: Ctx, seat: str, move: mv.Aim) -> None:
    fig = check_can_act(ctx.state, seat, move.figure)
    if ctx.state.current == fig.id and fig.fired:
        raise refuse("already_fired", "Aim before shooting, not after.")
    if fig.ap < 1:
        raise refuse("not_enough_ap", "Not enough action points.")
    open_for(ctx, seat, fig.id)
    ctx.state = ctx.state.update(fig.id, aimed=True, ap=ctx.state.figure(fig.id).ap - 1)
    ctx.emit("AimTaken", figure=fig.id)


def shot_refusal(state: State, fig: Figure, targets: tuple[str, ...]) -> tuple[str, str] | None:
    """The shoot action's own refusals (§7), for a figure that may act."""
    if state.current == fig.id and fig.fired:
        return "already_fired", "A figure fires one volley per activation."
    if not targets or len(targets) > (3 if fig.expert else 2):
        return "too_many_shots", "Two shots at most (three for an expert)."
    if len(targets) > fig.ap:
        return "not_enough_ap", "Not enough action points."
    if not all(state.has_figure(t) for t in targets):
        return "not_a_target", "No such figure."
    hexes = {state.figure(t).hex for t in targets}
    if len(hexes) != 1:
        return "targets_not_in_one_hex", "All shots of a volley go at one hex."
    for t in targets:
        target = state.figure(t)
        if target.team == fig.team or target.state in ("out", "neutral") or target.hex == fig.hex:
            return "not_a_target", "That figure cannot be targeted."
    target_hex = hexes.pop()
    if not open_variants(state, fig.hex, target_hex):
        return "no_line_of_sight", "No line of sight to that hex."
    if state.blind_spots and not in_field_of_view(fig.hex, fig.facing, target_hex):
        return "outside_field_of_view", "That hex is in the figure's blind spot."
    aimed = fig.aimed and state.current == fig.id
    if need(state, fig, target_hex, aimed) is None:
        return "out_of_range", "Too far: no roll could hit."
    return None


def do_shoot(ctx: Ctx, seat: str, move: mv.Shoot) -> None:
    fig = check_can_act(ctx.state, seat, move.figure)
    problem = shot_refusal(ctx.state, fig, move.targets)
    if problem:
        raise refuse(*problem)
    open_for(ctx, seat, fig.id)
    fig = ctx.state.figure(fig.id)
    # C9: every declared shot is paid when the volley is declared.
    ctx.state = ctx.state.update(fig.id, ap=fig.ap - len(move.targets), fired=True)
    ctx.emit("VolleyDeclared", figure=fig.id, targets=list(move.targets), mode=move.mode)
    volley(ctx, fig.id, move.targets, move.mode, as_sentry=False)


def sentry_refusal(state: State, fig: Figure) -> tuple[str, str] | None:
    if state.is_base(fig.hex):
        return "no_sentry_in_bunker", "No sentry in a base or bunker."
    if any(f.carrier == fig.id for f in state.flags):
        return "flag_carrier_cannot_sentry", "The flag carrier cannot stand sentry."
    if fig.ap < 2:
        return "not_enough_ap", "Sentry mode costs 2 action points."
    return None


def do_sentry(ctx: Ctx, seat: str, move: mv.Sentry) -> None:
    fig = check_can_act(ctx.state, seat, move.figure)
    problem = sentry_refusal(ctx.state, fig)
    if problem:
        raise refuse(*problem)
    open_for(ctx, seat, fig.id)
    fig = ctx.state.figure(fig.id)
    facing = fig.facing if move.facing is None else move.facing
    ctx.state = ctx.state.update(
        fig.id, state="sentry", ap=fig.ap - 2, sentry_policy=move.policy, facing=facing
    )
    ctx.emit(
        "SentryEntered",
        only=SEATS.index(seat),
        redacted={"figure": fig.id, "facing": facing},
        figure=fig.id,
        facing=facing,
        policy=move.policy,
    )
    close(ctx)


def do_reload(ctx: Ctx, seat: str, move: mv.Reload) -> None:
    """D29: only a figure out of ammo reloads (problem chart 2)."""
    fig = check_can_act(ctx.state, seat, move.figure, reload=True)
    if fig.disabled_by != "ammo":
        raise refuse("not_out_of_ammo", "Only a figure out of paint reloads.")
    if fig.ap < 2:
        raise refuse("not_enough_ap", "Reloading costs 2 action points.")
    open_for(ctx, seat, fig.id)
    ctx.state = ctx.state.update(
        fig.id, state="ready", disabled_by=None, ap=ctx.state.figure(fig.id).ap - 2
    )
    ctx.emit("Reloaded", figure=fig.id)


def do_face(ctx: Ctx, seat: str, move: mv.Face) -> None:
    if not ctx.state.blind_spots:
        raise refuse("wrong_phase", "Facing matters only with blind spots.")
    if ctx.state.current != move.figure or ctx.state.figure(move.figure).team != seat:
        raise refuse("not_current", "Only the figure now acting may turn.")
    ctx.state = ctx.state.update(move.figure, facing=move.facing)
    ctx.emit("FigureFaced", figure=move.figure, facing=move.facing)


def do_end_activation(ctx: Ctx) -> None:
    if ctx.state.current is None:
        raise refuse("not_current", "No figure is acting.")
    close(ctx)
