"""Charges (§Charger un ennemi, spec §10 and D20): approach step by step under sentry fire, then
combat rounds until one side is gone. The worked example of the text is a test."""

from __future__ import annotations

from typing import Any

from games.engine.hexgrid import Hex
from games.engine.paintball import moves as mv
from games.engine.paintball.actions import MAX_MOVE, step
from games.engine.paintball.activation import (
    check_can_act,
    close,
    has_room,
    shortest_path,
    step_refusal,
)
from games.engine.paintball.ctx import Ctx, refuse
from games.engine.paintball.marshals import marshal_arrived
from games.engine.paintball.sentries import run_queue
from games.engine.paintball.state import Pending, State, dumps, evolve
from games.engine.paintball.victory import can_carry, check_immediate, remove


def defenders_of(state: State, team: str, h: Hex) -> list[str]:
    return [f.id for f in state.figures_at(h) if f.team != team]


def chargeable(state: State, fid: str) -> bool:
    """Disabled (§Les joueurs impotents), or jammed once its marshal has joined it (chart 3, C5)."""
    f = state.figure(fid)
    return f.state == "disabled" or (f.state == "neutral" and marshal_arrived(state, fid))


def _path(state: State, fid: str, move: mv.Charge) -> tuple[Hex, ...]:
    fig = state.figure(fid)
    steps = min(MAX_MOVE - fig.moved, fig.ap)
    given = dict(move.paths).get(fid)
    if given is not None:
        here = fig.hex
        for i, h in enumerate(given):
            last = i == len(given) - 1
            if last and h != move.hex:
                raise refuse("too_far", "A charge path must end in the charged hex.")
            problem = step_refusal(state, fig, here, h)
            if problem and not (last and problem[0] == "enemy_in_hex"):
                raise refuse(*problem)
            here = h
        if len(given) > steps:
            raise refuse("too_far", "That charger cannot reach the hex this turn.")
        return given
    path = shortest_path(state, fig, move.hex, steps, final_ok=True)
    if path is None or fig.hex == move.hex:
        raise refuse("too_far", "That charger cannot reach the hex this turn.")
    return path


def validate(state: State, seat: str, move: mv.Charge) -> dict[str, list[Hex]]:
    """The common refusals for every charger first (spec §7), then the charge's own."""
    if not move.figures or len(set(move.figures)) != len(move.figures):
        raise refuse("not_your_figure", "Name each charging figure once.")
    for fid in move.figures:
        check_can_act(state, seat, fid)
    fresh = sum(1 for fid in move.figures if fid != state.current)
    if fresh > state.activations_of(seat):
        raise refuse("no_activations_left", "Your command die allows no more figures.")
    if move.hex not in state.board.hexes:
        raise refuse("off_board", "That hex is not on the field.")
    enemies = defenders_of(state, seat, move.hex)
    if not enemies:
        raise refuse("no_enemy_in_hex", "There is no enemy to charge there.")
    for e in enemies:
        if state.figure(e).state == "neutral" and not chargeable(state, e):
            raise refuse("cannot_charge_neutral", "A jammed figure cannot be charged yet.")
    if not all(chargeable(state, e) for e in enemies):
        raise refuse("not_all_disabled", "Only a hex whose enemies are all down can be charged.")
    paths = {fid: list(_path(state, fid, move)) for fid in move.figures}
    if not has_room(state, seat, move.hex, arriving=len(move.figures)):
        raise refuse("hex_full", "Too many figures for that hex.")
    return paths


def do_charge(ctx: Ctx, seat: str, move: mv.Charge) -> None:
    paths = validate(ctx.state, seat, move)
    close(ctx)
    fresh = [fid for fid in move.figures if not ctx.state.figure(fid).activated]
    ctx.state = ctx.state.with_activations(seat, ctx.state.activations_of(seat) - len(fresh))
    for fid in move.figures:
        if ctx.state.figure(fid).state == "sentry":
            ctx.state = ctx.state.update(fid, state="ready")
            ctx.emit("SentryLeft", figure=fid)
        ctx.state = ctx.state.update(fid, activated=True, fired=False, aimed=False)
    ctx.emit("ChargeDeclared", hex=list(move.hex), figures=list(move.figures))
    charge = {
        "hex": list(move.hex),
        "team": seat,
        "figures": list(move.figures),
        "kill_order": list(move.kill_order),
        "paths": {k: [list(h) for h in v] for k, v in paths.items()},
        "ci": 0,
        "si": 0,
    }
    approach(ctx, charge)


def approach(ctx: Ctx, ch: dict[str, Any]) -> None:
    """Chargers move in list order; a charger no longer ready drops out where it stopped."""
    target: Hex = (ch["hex"][0], ch["hex"][1])
    while ch["ci"] < len(ch["figures"]):
        fid = ch["figures"][ch["ci"]]
        path = ch["paths"][fid]
        while ch["si"] < len(path) and ctx.state.figure(fid).state == "ready":
            h = (path[ch["si"]][0], path[ch["si"]][1])
            ch["si"] += 1
            triggered = step(ctx, fid, h, pickup=h != target)
            if ctx.over:
                return
            if triggered and not run_queue(ctx, fid, triggered, {"kind": "charge", "charge": ch}):
                return
            if ctx.over:
                return
        ch["ci"] += 1
        ch["si"] = 0
    start_combat(ctx, ch)


def start_combat(ctx: Ctx, ch: dict[str, Any]) -> None:
    target: Hex = (ch["hex"][0], ch["hex"][1])
    team = ch["team"]
    attackers = [
        fid
        for fid in ch["figures"]
        if ctx.state.figure(fid).hex == target and ctx.state.figure(fid).state == "ready"
    ]
    if not attackers:
        ctx.emit("ChargeFizzled", hex=ch["hex"])
        return
    for fid in defenders_of(ctx.state, team, target):
        f = ctx.state.figure(fid)
        # Out of paint: out at once (§Charger un ennemi); a jammed gun cannot fire either.
        if f.disabled_by == "ammo" or f.state == "neutral":
            remove(ctx, fid, "charged")
            if ctx.over:
                return
    combat = {
        "hex": ch["hex"],
        "team": team,
        "attackers": attackers,
        "defenders": defenders_of(ctx.state, team, target),
        "kill_order": ch["kill_order"],
        "round": None,
        "next": 0,
    }
    fight(ctx, combat)


def _living(state: State, ids: list[str]) -> list[str]:
    return [fid for fid in ids if state.figure(fid).in_play]


def fight(ctx: Ctx, c: dict[str, Any]) -> None:
    """Rounds: everyone rolls; highest first, attackers first on ties; every die of a figure
    still in play removes one living enemy participant (no save)."""
    while not ctx.over:
        att, dfn = _living(ctx.state, c["attackers"]), _living(ctx.state, c["defenders"])
        if not att or not dfn:
            break
        if c["round"] is None:
            rolls: list[list[Any]] = [[fid, ctx.roll(), 0] for fid in att] + [
                [fid, ctx.roll(), 1] for fid in dfn
            ]
            ctx.emit("ChargeRoundRolled", dice={fid: v for fid, v, _ in rolls})
            order = sorted(range(len(rolls)), key=lambda i: (-rolls[i][1], rolls[i][2], i))
            c["round"] = [rolls[i] for i in order]
            c["next"] = 0
        while c["next"] < len(c["round"]):
            fid, _value, side = c["round"][c["next"]]
            if not ctx.state.figure(fid).in_play:
                c["next"] += 1
                continue
            enemies = _living(ctx.state, c["defenders"] if side == 0 else c["attackers"])
            if not enemies:
                break
            victim = _victim(c, side, enemies)
            if victim is None:
                # The deadline default (spec §12) comes first, as in every decision.
                first = default_victim(c, enemies)
                options = [first, *sorted(e for e in enemies if e != first)]
                ctx.state = evolve(
                    ctx.state,
                    pending=Pending(
                        ctx.state.figure(fid).team, "charge_victim", dumps(options), dumps(c)
                    ),
                )
                return
            kill(ctx, c, fid, victim)
            if ctx.over:
                return
        c["round"] = None
    end_combat(ctx, c)


def _victim(c: dict[str, Any], side: int, enemies: list[str]) -> str | None:
    if side == 0:
        for fid in c["kill_order"]:
            if fid in enemies:
                return str(fid)
    return enemies[0] if len(enemies) == 1 else None


def default_victim(c: dict[str, Any], options: list[str]) -> str:
    """§12: the enemy with the highest die not yet resolved this round, else the lowest id."""
    for fid, _value, _side in c["round"][c["next"] + 1 :]:
        if fid in options:
            return str(fid)
    return min(options)


def kill(ctx: Ctx, c: dict[str, Any], by: str, victim: str) -> None:
    ctx.emit("ChargeVictimChosen", figure=by, victim=victim)
    remove(ctx, victim, "charged")
    c["next"] += 1


def end_combat(ctx: Ctx, c: dict[str, Any]) -> None:
    target: Hex = (c["hex"][0], c["hex"][1])
    winners = sorted(f.id for f in ctx.state.figures_at(target))
    ctx.emit("ChargeEnded", hex=c["hex"], survivors=winners)
    for flag in ctx.state.flags:
        if flag.carrier is None and flag.hex == target:
            for fid in winners:
                if can_carry(ctx.state, ctx.state.figure(fid).team, flag.id):
                    ctx.state = ctx.state.with_flag(evolve(flag, carrier=fid))
                    ctx.emit("FlagPickedUp", flag=flag.id, figure=fid, hex=c["hex"])
                    break
    close(ctx)
    check_immediate(ctx)


def answer_victim(ctx: Ctx, victim: str) -> None:
    pending = ctx.state.pending
    assert pending is not None
    if victim not in pending.options_json():
        raise refuse("bad_choice", "That figure is not one you may remove.")
    c = pending.context_json()
    ctx.state = evolve(ctx.state, pending=None)
    fid = c["round"][c["next"]][0]
    kill(ctx, c, fid, victim)
    if not ctx.over:
        fight(ctx, c)
