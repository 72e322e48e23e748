"""Winning (§Gagner la partie: "se référer aux conditions du scénario"; the scenarios are ours,
spec §5) and removing figures from play."""

from __future__ import annotations

from games.engine.paintball.ctx import Ctx
from games.engine.paintball.state import State, evolve, other


def finish(ctx: Ctx, winner: str, reason: str, in_play: dict[str, int] | None = None) -> None:
    """`in_play`: the figures each team kept, when that count decided (the players are told)."""
    if ctx.over:
        return
    ctx.state = evolve(
        ctx.state, phase="over", winner=winner, win_reason=reason, pending=None, current=None
    )
    if in_play is None:
        ctx.emit("GameOver", winner=winner, reason=reason)
    else:
        ctx.emit("GameOver", winner=winner, reason=reason, in_play=in_play)


def check_immediate(ctx: Ctx) -> None:
    """Every scenario: a team with no figure left in play loses at once; flag scenarios: the
    carrier reaching the scoring home wins at once. Free play (no scenario) checks nothing."""
    state = ctx.state
    if ctx.over or state.scenario is None:
        return
    alive = {s: state.in_play(s) for s in ("red", "blue")}
    if alive["red"] == 0 and alive["blue"] == 0:
        finish(ctx, "draw", "no_figures")
        return
    for seat in ("red", "blue"):
        if alive[other(seat)] == 0:
            finish(ctx, seat, "no_figures")
            return
    for flag in state.flags:
        if flag.carrier is None:
            continue
        carrier = state.figure(flag.carrier)
        if state.scenario == "capture_the_flag" and flag.id == other(carrier.team):
            if carrier.hex == state.board.home(carrier.team):
                finish(ctx, carrier.team, "flag_captured")
                return
        if state.scenario == "centre_flag" and flag.id == "centre":
            if carrier.hex == state.board.home(other(carrier.team)):
                finish(ctx, carrier.team, "flag_hung")
                return


def attacker_holds_home(state: State) -> bool:
    attacker, defender = state.roles
    home = state.board.home(defender)
    return any(f.team == attacker and f.in_play and f.hex == home for f in state.figures)


def check_end_of_turn(ctx: Ctx) -> bool:
    """Base assault at the end of every turn; every scenario at its turn limit. True if over."""
    state = ctx.state
    if ctx.over or state.scenario is None:
        return ctx.over
    if state.scenario == "base_assault" and attacker_holds_home(state):
        finish(ctx, state.roles[0], "home_taken")
        return True
    if state.turn_limit is not None and state.turn >= state.turn_limit:
        if state.scenario == "base_assault":
            finish(ctx, state.roles[1], "turn_limit")
            return True
        red, blue = state.in_play("red"), state.in_play("blue")
        winner = "draw" if red == blue else ("red" if red > blue else "blue")
        finish(ctx, winner, "turn_limit", in_play={"red": red, "blue": blue})
        return True
    return False


def can_carry(state: State, team: str, flag_id: str) -> bool:
    """D21: a team never picks up its own flag; the centre flag is anyone's."""
    if state.scenario == "capture_the_flag":
        return flag_id == other(team)
    return flag_id == "centre"


def pick_up_flag(ctx: Ctx, fid: str) -> None:
    """§Prendre le drapeau: free, on entering the flag's hex."""
    fig = ctx.state.figure(fid)
    for flag in ctx.state.flags:
        if flag.carrier is None and flag.hex == fig.hex and can_carry(ctx.state, fig.team, flag.id):
            ctx.state = ctx.state.with_flag(evolve(flag, carrier=fid))
            ctx.emit("FlagPickedUp", flag=flag.id, figure=fid, hex=list(fig.hex))
            return


def remove(ctx: Ctx, fid: str, reason: str) -> None:
    """A figure leaves play; a carried flag stays where it stood (§Contrôle de touche); a marshal
    cleaning its gun is free again."""
    fig = ctx.state.figure(fid)
    if not fig.in_play:
        return
    ctx.state = ctx.state.update(fid, state="out", out_reason=reason, disabled_by=None, ap=0)
    if ctx.state.current == fid:
        ctx.state = evolve(ctx.state, current=None)
    ctx.emit("FigureOut", figure=fid, reason=reason, hex=list(fig.hex))
    for flag in ctx.state.flags:
        if flag.carrier == fid:
            ctx.state = ctx.state.with_flag(evolve(flag, carrier=None, hex=fig.hex))
            ctx.emit("FlagDropped", flag=flag.id, hex=list(fig.hex))
    for m in ctx.state.marshals:
        if m.jam == fid:
            ctx.state = ctx.state.with_marshal(evolve(m, jam=None, arrived_turn=None))
    check_immediate(ctx)
