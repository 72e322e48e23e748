"""Who acts (`to_act`) and the dispatch of one command to its phase: each pending decision kind
(spec E.1) accepts its own commands; anything else is refused with a reason and changes
nothing."""

from __future__ import annotations

from games.engine.infinity import aro, conclude, koalas, mines, orders, setup, turns
from games.engine.infinity import fireteams as ft
from games.engine.infinity import hidden as hid
from games.engine.infinity.ctx import Ctx, refuse
from games.engine.infinity.moves import Cmd
from games.engine.infinity.policies import check_policy
from games.engine.infinity.state import Policy, State
from games.engine.protocol import Term

ACCEPTS = {
    "initiative": ("initiative",),
    "deployment": ("deployment",),
    "turn_order": ("initiative",),  # the loser's turn order: `initiative` {choice} (setup.py)
    "deploy": (
        "deploy",
        "deploy_done",
        "lay_mine",
        "fireteam_form",
        "fireteam_break",
        "set_ambush",
    ),
    "order": ("order", "fireteam_form", "fireteam_break", "end_turn"),
    "declare1": ("declare",),
    "declare2": ("declare",),
    "aro": ("aro", "aro_done"),
    "koala_target": ("koala_target",),
    "guts": ("guts",),
    "appoint_lieutenant": ("appoint_lieutenant",),
}
FREE = ("set_policy",)  # bookkeeping a seat may do whenever it is asked for anything


def to_act(state: State) -> tuple[int, ...]:
    pending = state.turn.pending
    if pending is None or pending.kind == "ended" or state.score is not None:
        return ()
    return (pending.seat,)


def stage(state: State) -> str | None:
    """The pending decision's kind, with "declare1" for the first declaration of an order."""
    pending = state.turn.pending
    if pending is None:
        return None
    if pending.kind == "order" and state.turn.current is not None:
        return "declare1"
    return pending.kind


def play(ctx: Ctx, seat: int | None, cmd: Cmd) -> None:
    if cmd.type == "end_game":
        if ctx.state.score is not None:
            raise refuse("no_pending_decision", "The game is over.")
        turns.end_game(ctx, "end_game")
        return
    if seat is None:
        seat = cmd.seat
    elif cmd.seat is not None and cmd.seat != seat:
        raise refuse("not_your_turn", "That move names another seat.")
    if seat is None:
        raise refuse("malformed", "The move needs its seat.")
    kind = stage(ctx.state)
    if kind is None or kind == "ended" or ctx.state.score is not None:
        raise refuse("no_pending_decision", "Nothing is waiting for a decision: the game is over.")
    if cmd.type in FREE:
        _set_policy(ctx, seat, cmd)
        return
    pending = ctx.state.turn.pending
    assert pending is not None
    if pending.seat != seat:
        raise refuse("not_your_turn", "The other player decides now.")
    if cmd.type not in ACCEPTS[kind]:
        raise refuse(
            "no_pending_decision",
            "You are asked for {decision}, not {move_type}.",
            decision=Term(kind, kind.replace("_", " ")),
            move_type=cmd.type,
        )
    _dispatch(ctx, seat, cmd, kind)


def _set_policy(ctx: Ctx, seat: int, cmd: Cmd) -> None:
    assert cmd.policy is not None
    ids = cmd.members or tuple(t.id for t in ctx.state.army(seat))
    _store_policies(ctx, seat, [(tid, cmd.policy) for tid in ids])


def _store_policies(ctx: Ctx, seat: int, pairs: list[tuple[str, Policy]]) -> None:
    """Standing reaction policies (spec Part D.1), secret: only the owner hears of them."""
    ids = [tid for tid, _ in pairs]
    for tid in ids:
        if not ctx.state.has_trooper(tid) or ctx.state.trooper(tid).seat != seat:
            raise refuse("unknown_trooper", "Set policies for your own troopers.")
    for tid, policy in pairs:
        check_policy(ctx.state, tid, policy)
    secret = ctx.state.hidden[seat]
    kept = tuple((t, p) for t, p in secret.policies if t not in ids)
    policies = tuple(sorted((*kept, *pairs)))
    ctx.state = ctx.state.with_secret(seat, policies=policies)
    ctx.emit(
        "PolicySet",
        only=seat,
        seat=seat,
        troopers=list(ids),
        policies={t: [p.on_sight, p.on_template] for t, p in pairs},
    )


def _dispatch(ctx: Ctx, seat: int, cmd: Cmd, kind: str) -> None:
    if cmd.policies:
        _store_policies(ctx, seat, list(cmd.policies))
    state = ctx.state
    if cmd.type == "initiative":
        setup.choose(ctx, seat, cmd.choice, cmd.deploy)
    elif cmd.type == "deployment":
        setup.choose_deployment(ctx, seat, cmd.choice or "first")
    elif cmd.type == "deploy":
        assert cmd.trooper is not None and cmd.hex is not None
        setup.deploy(
            ctx,
            seat,
            cmd.trooper,
            cmd.hex,
            cmd.facing,
            cmd.hidden,
            cmd.koalas_at,
            cmd.marker,
            cmd.echoes,
            cmd.real,
            cmd.disguise,
        )
    elif cmd.type == "lay_mine":
        mines.lay(ctx, seat, cmd.trooper, cmd.hex)
    elif cmd.type == "deploy_done":
        setup.deploy_done(ctx, seat)
    elif cmd.type == "set_ambush":
        hid.set_ambush(ctx, seat, cmd.triggers)
    elif cmd.type == "fireteam_form":
        assert cmd.leader is not None
        ft.form(ctx, seat, cmd.leader, cmd.members, in_turn=kind == "order")
    elif cmd.type == "fireteam_break":
        if state.live_team(seat) is None:
            raise refuse("skill_not_allowed", "You have no fireteam to break.")
        ft.dissolve(ctx, seat, "voluntary")
    elif cmd.type == "order":
        orders.spend_order(ctx, cmd, seat)
    elif cmd.type == "declare":
        index = 0 if kind == "declare1" else 1
        orders.declare(ctx, cmd, index)
        aro.open_window(ctx, index + 1)
    elif cmd.type == "koala_target":
        pending = state.turn.pending
        assert pending is not None
        if koalas.aim(ctx, seat, cmd.koala, cmd.trooper):  # every koala aimed: the window opens
            aro.offer(ctx, pending.window or 1)
    elif cmd.type == "aro":
        aro.declare_aro(ctx, cmd)
    elif cmd.type == "aro_done":
        pending = state.turn.pending
        assert pending is not None
        ctx.emit("WindowClosed", window=pending.window, seat=seat)
        aro.close_window(ctx, pending.window or 1)
    elif cmd.type == "guts":
        pending = state.turn.pending
        assert pending is not None
        if cmd.lieutenant:
            if cmd.trooper != pending.trooper:
                raise refuse("trooper_cannot_act", "That trooper has no Guts move to make.")
            assert cmd.trooper is not None
            conclude.guts_lieutenant(ctx, seat, cmd.trooper)
            return
        if cmd.prone:
            # B.11: Prone only when no hex out of sight or in cover is free, and then the
            # engine lies the trooper down itself; a pending Guts move always offers hexes.
            raise refuse("illegal_path", "A hex out of sight or in cover is free: move there.")
        if cmd.trooper != pending.trooper or cmd.to not in pending.options:
            raise refuse("illegal_path", "Choose one of the offered hexes for that trooper.")
        assert cmd.to is not None and cmd.trooper is not None
        conclude.guts_move(ctx, cmd.trooper, cmd.to)
    elif cmd.type == "appoint_lieutenant":
        if cmd.trooper not in turns.lieutenant_candidates(state, seat):
            raise refuse("trooper_cannot_act", "Appoint a Normal, regular trooper of yours.")
        assert cmd.trooper is not None
        turns.appoint(ctx, seat, cmd.trooper)
    elif cmd.type == "end_turn":
        turns.end_turn(ctx, seat)
    else:  # pragma: no cover - ACCEPTS lists every command handled above
        raise refuse("malformed", f"Unknown command {cmd.type}.")
