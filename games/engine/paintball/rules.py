"""One move: who may send it, in which phase, and which rules module handles it (spec §6, §7,
§12). Raises IllegalMove before changing anything."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from typing import Any

from games.engine.paintball import actions, charge, grenades, setup, turn
from games.engine.paintball import moves as mv
from games.engine.paintball.board import SEATS
from games.engine.paintball.ctx import Ctx, refuse
from games.engine.paintball.sentries import fire, run_queue
from games.engine.paintball.shooting import resolve_hits
from games.engine.paintball.state import State, evolve, seat_index

_DECISION_KIND = {
    mv.ChooseOrder: "choose_order",
    mv.SentryFire: "sentry_fire",
    mv.AllocateHits: "allocate_hits",
    mv.ChargeVictim: "charge_victim",
    mv.GrenadeScatter: "grenade_scatter",
}


def to_act(state: State) -> tuple[str, ...]:
    if state.phase == "over":
        return ()
    if state.pending is not None:
        return (state.pending.seat,)
    if state.phase == "setup":
        return tuple(s for s in SEATS if state.submissions[seat_index(s)] is None)
    if state.phase == "deploy":
        return setup.deploy_order(state)
    if state.phase == "turn_start":
        # The spec names nobody here (the match service applies `begin_turn` itself); the
        # contract needs a seat, so the team that ended the last turn holds that system move.
        return (state.second_last_turn or "red",)
    return (state.active,)


def play(ctx: Ctx, seat: str | None, move: mv.AnyMove) -> None:
    state = ctx.state
    if state.phase == "over":
        raise refuse("game_over", "The game is over.")
    if isinstance(move, mv.BeginTurn):
        turn.require_phase(ctx, "turn_start")
        turn.begin_turn(ctx)
        return
    if seat is None or seat not in to_act(state):
        raise refuse("not_your_turn", "It is not your turn.")
    if type(move) in _DECISION_KIND:
        _decide(ctx, seat, move)
        return
    if isinstance(move, mv.SetupTeam):
        turn.require_phase(ctx, "setup")
        setup.submit_setup(ctx, seat, move)
        return
    if isinstance(move, mv.Deploy):
        turn.require_phase(ctx, "deploy")
        setup.submit_deploy(ctx, seat, move)
        return
    turn.require_phase(ctx, "activation")
    if state.pending is not None:
        raise refuse("decision_pending", "A decision must be made first.")
    _action(ctx, seat, move)


_ACTIONS: dict[type, Callable[[Ctx, str, Any], None]] = {
    mv.Move: actions.do_move,
    mv.Aim: actions.do_aim,
    mv.Shoot: actions.do_shoot,
    mv.Sentry: actions.do_sentry,
    mv.Reload: actions.do_reload,
    mv.Grenade: grenades.do_grenade,
    mv.Charge: charge.do_charge,
    mv.Face: actions.do_face,
    mv.EndActivation: lambda ctx, seat, move: actions.do_end_activation(ctx),
    mv.EndPhase: lambda ctx, seat, move: turn.end_phase(ctx),
}


def _action(ctx: Ctx, seat: str, move: mv.AnyMove) -> None:
    act = _ACTIONS.get(type(move))
    if act is None:
        raise refuse("wrong_phase", "That move does not belong to this phase.")
    act(ctx, seat, move)


def _decide(ctx: Ctx, seat: str, move: mv.AnyMove) -> None:
    pending = ctx.state.pending
    if pending is None or pending.kind != _DECISION_KIND[type(move)]:
        raise refuse("wrong_phase", "There is no such decision to make now.")
    if isinstance(move, mv.ChooseOrder):
        turn.choose_order(ctx, seat, move.play)
    elif isinstance(move, mv.SentryFire):
        _sentry_fire(ctx, move)
    elif isinstance(move, mv.AllocateHits):
        options = pending.options_json()
        if Counter(move.hits) not in [Counter(o) for o in options]:
            raise refuse("bad_choice", "That is not a possible share of the hits.")
        context = pending.context_json()
        ctx.state = evolve(ctx.state, pending=None)
        resolve_hits(ctx, move.hits, context["mode"])
    elif isinstance(move, mv.ChargeVictim):
        charge.answer_victim(ctx, move.victim)
    else:
        assert isinstance(move, mv.GrenadeScatter)
        grenades.answer_scatter(ctx, move.hex)


def _sentry_fire(ctx: Ctx, move: mv.SentryFire) -> None:
    pending = ctx.state.pending
    assert pending is not None
    context = pending.context_json()
    if move.figure != context["sentry"]:
        raise refuse("bad_choice", "That sentry is not the one asked.")
    ctx.state = evolve(ctx.state, pending=None)
    if move.fire:
        fire(ctx, context["sentry"], context["target"], move.mode)
    else:
        ctx.emit("SentryHeld", figure=context["sentry"])
    resume = context["resume"]
    if ctx.over or not run_queue(ctx, context["target"], context["queue"], resume):
        return
    if resume["kind"] == "charge":
        charge.approach(ctx, resume["charge"])
