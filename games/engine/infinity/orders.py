"""Spending an order and declaring its skills (spec B.5, B.6; the text's FT-24 procedure):
activation, the first and second declarations, and what a declaration does at once (movement is
placed immediately, an unknown civilian met is identified at once)."""

from __future__ import annotations

from typing import Any

from games.engine.infinity import camouflage as camo
from games.engine.infinity import civilians as civ
from games.engine.infinity import (
    declared,
    disguise,
    heights,
    holo,
    koalas,
    nanoscreen,
    remotes,
    skills,
)
from games.engine.infinity import fireteams as ft
from games.engine.infinity.ctx import Ctx, refuse
from games.engine.infinity.moves import Cmd
from games.engine.infinity.policies import reveal
from games.engine.infinity.state import (
    LONG_SKILLS,
    MOVEMENT_SKILLS,
    CurrentOrder,
    Orders,
    Skill,
    State,
    evolve,
)

NON_MOVEMENT = (
    "bs_attack",
    "cc_attack",
    "dodge",
    "sync_civilian",
    "heal",
    "speculative",
    "discover",
    "minesweep",
)


def _spend(orders: Orders, kind: str, trooper: str) -> Orders:
    if kind == "regular":
        orders = evolve(orders, regular=orders.regular - 1)
    elif kind == "lieutenant":
        orders = evolve(orders, lieutenant=orders.lieutenant - 1)
    else:
        table = getattr(orders, kind)
        new = tuple((t, n - 1 if t == trooper else n) for t, n in table)
        orders = evolve(orders, **{kind: tuple((t, n) for t, n in new if n > 0)})
    if kind != "impetuous" and orders.impetuous:
        # Impetuous orders are spent before the others (spec B.5): spending another kind gives
        # up those left (our reading of "unless cancelled by spending a regular order").
        orders = evolve(orders, impetuous=())
    return orders


def _check_kind(state: State, seat: int, kind: str, trooper: str) -> None:
    orders = state.turn.orders[seat]
    if kind == "regular" and orders.regular <= 0:
        raise refuse("no_orders_left", "No regular order is left in the pool.")
    if kind in ("irregular", "impetuous") and orders.of(kind, trooper) <= 0:
        raise refuse(
            "no_orders_left", "This trooper has no {order_kind} order left.", order_kind=kind
        )
    if kind == "lieutenant":
        if orders.lieutenant <= 0:
            raise refuse("no_orders_left", "The Lieutenant special order is spent.")
        if state.hidden[seat].lieutenant != trooper:
            raise refuse("trooper_cannot_act", "Only the Lieutenant spends that order on itself.")


def spend_order(ctx: Ctx, cmd: Cmd, seat: int) -> None:
    """`order`: the order leaves the pool at once and activates a trooper or the fireteam."""
    state = ctx.state
    kind = cmd.kind or "regular"
    if cmd.fireteam:
        team = state.live_team(seat)
        if team is None or team.leader is None:
            raise refuse("skill_not_allowed", "You have no fireteam on the table.")
        if kind != "regular":
            raise refuse("skill_not_allowed", "A fireteam order is a regular order.")
        _check_kind(state, seat, kind, team.leader)
        activated, leader = ft.activate(ctx, team, cmd.leader, cmd.join)
        ctx.state = ctx.state.with_orders(seat, _spend(ctx.state.turn.orders[seat], kind, leader))
        ctx.emit(
            "OrderSpent",
            seat=seat,
            order=kind,
            fireteam=True,
            leader=leader,
            troopers=list(activated),
        )
    elif cmd.coordinated:
        activated, leader = _coordinate(ctx, cmd, seat)
    else:
        tid = cmd.trooper
        if tid is None or not state.has_trooper(tid) or state.trooper(tid).seat != seat:
            raise refuse("unknown_trooper", "Choose one of your troopers.")
        t = state.trooper(tid)
        if not t.normal:
            raise refuse("trooper_cannot_act", "Only a trooper in Normal state can act.")
        _check_kind(state, seat, kind, tid)
        ctx.state = state.with_orders(seat, _spend(state.turn.orders[seat], kind, tid))
        reveal(ctx, tid)  # a hidden trooper that acts shows itself
        ft.activated_alone(ctx, tid)
        # G: Synchronised: the order activates the controller and its remote together.
        activated, leader = remotes.activated_with(ctx.state, tid, kind), tid
        if kind == "lieutenant":
            # Spending it on itself reveals the Lieutenant (spec B.13).
            ctx.state = ctx.state.with_seat(seat, revealed_lieutenant=tid)
        # G: Servant pairs are told apart; the field is absent otherwise (old logs' events).
        servant: dict[str, Any] = (
            {"servant": True}
            if any(remotes.is_servant(ctx.state.trooper(a)) for a in activated)
            else {}
        )
        ctx.emit(
            "OrderSpent",
            seat=seat,
            order=kind,
            fireteam=False,
            trooper=tid,
            leader=tid,
            troopers=list(activated),
            synchronised=len(activated) > 1,
            **servant,
        )
    state = ctx.state
    routes = tuple((t, (state.trooper(t).hex,)) for t in activated)
    current = CurrentOrder(
        seat=seat,
        kind=kind,
        trooper=leader,
        fireteam=cmd.fireteam,
        coordinated=bool(cmd.coordinated),
        synchronised=not cmd.fireteam and not cmd.coordinated and len(activated) > 1,
        activated=activated,
        routes=routes,  # type: ignore[arg-type]
        ends=tuple((t, ()) for t in activated),
    )
    ctx.state = state.with_turn(current=current)


MAX_COORDINATED = 4  # N2 quick reference: coordinated orders, 4 troopers at most (H)


def _coordinate(ctx: Ctx, cmd: Cmd, seat: int) -> tuple[tuple[str, ...], str]:
    """A coordinated order (tier 2; the text's 'Equipe Liee Exemple-9': 'depensant un Ordre pour
    chacun'): one regular order per trooper, 2 to 4 troopers, all declaring the same skills; a
    linked member used in it leaves its team (FT-16)."""
    ids = cmd.coordinated
    if (cmd.kind or "regular") != "regular" or cmd.fireteam:
        raise refuse("skill_not_allowed", "A coordinated order spends regular orders only.")
    if len(set(ids)) != len(ids) or not 2 <= len(ids) <= MAX_COORDINATED:
        raise refuse("malformed", "A coordinated order names 2 to 4 different troopers.")
    state = ctx.state
    for tid in ids:
        if not state.has_trooper(tid) or state.trooper(tid).seat != seat:
            raise refuse("unknown_trooper", "Choose troopers of your own.")
        if not state.trooper(tid).normal:
            raise refuse("trooper_cannot_act", "Only troopers in Normal state can act.")
    if state.turn.orders[seat].regular < len(ids):
        raise refuse("no_orders_left", "A coordinated order needs a regular order per trooper.")
    pool = state.turn.orders[seat]
    for tid in ids:
        pool = _spend(pool, "regular", tid)
    ctx.state = state.with_orders(seat, pool)
    for tid in ids:
        reveal(ctx, tid)
        ft.activated_alone(ctx, tid)  # example 9: the two Keisotsu leave their team
    ctx.emit(
        "OrderSpent",
        seat=seat,
        order="coordinated",
        fireteam=False,
        trooper=ids[0],
        leader=ids[0],
        troopers=list(ids),
    )
    return tuple(ids), ids[0]


def _normalise(state: State, cur: CurrentOrder, skill: Skill) -> Skill:
    """Fill what a declaration may leave out: the acting trooper, a move given by its
    destination `to` (the engine then takes a cheapest path), an Intuitive Attack's aim (the
    engine's: intuitive.py)."""
    trooper = skill.trooper or cur.trooper
    skill = evolve(
        skill,
        trooper=trooper,
        paths=tuple((t or trooper or "", p) for t, p in skill.paths),
        facings=tuple((t or trooper or "", f) for t, f in skill.facings),
        parts=tuple(_normalise(state, cur, p) for p in skill.parts),
    )
    if skill.skill == "move" and not skill.paths and skill.to is not None and trooper:
        path = skills.path_to(state, cur, trooper, skill.to)
        if path is None:
            raise refuse("illegal_path", "That hex cannot be reached by this move.")
        skill = evolve(skill, paths=((trooper, path),), to=None)
    if skill.skill in heights.SKILLS and not skill.paths and skill.to is not None and trooper:
        skill = evolve(skill, paths=((trooper, (skill.to,)),), to=None)
    return _normalised_intuitive(state, skill)


def _normalised_intuitive(state: State, skill: Skill) -> Skill:
    from games.engine.infinity import intuitive

    return intuitive.aimed(state, skill) if skill.skill == intuitive.SKILL else skill


def check_composition(state: State, cur: CurrentOrder, skill: Skill, index: int) -> None:
    if index == 0 and skill.skill == "none":
        raise refuse("skill_not_allowed", "Declare a first skill.")
    if index == 1 and skill.skill in LONG_SKILLS:
        raise refuse("skill_not_allowed", "A long skill is the whole order: declare it first.")
    if index == 1 and cur.skills:
        first = cur.skills[0].skill
        if first in NON_MOVEMENT and skill.skill in NON_MOVEMENT:
            raise refuse(
                "skill_not_allowed",
                "An order is two short movement skills, or one movement and one short skill.",
            )
    if index == 1 and skill.skill in ("move", *heights.SKILLS) and heights.ends_movement(cur):
        raise refuse(
            "skill_not_allowed",
            "A Climb or a Jump ends the order's movement: nothing moves after it.",
        )
    if cur.kind == "impetuous" and index == 0:
        skills.check_impetuous(state, cur, skill)


def declare(ctx: Ctx, cmd: Cmd, index: int) -> None:
    """`declare` (index 0: the first skill; 1: the second)."""
    cur = ctx.state.turn.current
    assert cur is not None and cmd.skill is not None
    acting = [*cur.acting, *(p.trooper for p in cmd.skill.parts if p.trooper)]
    holo.reveal_declaring(ctx, acting, cmd.skill.skill)  # shown before its skill is checked
    disguise.reveal_declaring(ctx, acting, cmd.skill.skill)  # and a disguise (Holo L1)
    state = ctx.state
    cur = state.turn.current
    assert cur is not None
    skill = _normalise(state, cur, cmd.skill)
    check_composition(state, cur, skill, index)
    skills.check(state, cur, skill, index)
    holo.check_follow(state, skill.paths)
    nanoscreen.check(state, skill)
    if skill.skill in LONG_SKILLS and cur.fireteam and skill.trooper != cur.trooper:
        ft.member_long_skill(ctx, skill.trooper or "")
        state, cur = ctx.state, ctx.state.turn.current
        assert cur is not None
    if skill.skill in LONG_SKILLS and cmd.second is not None:
        raise refuse("skill_not_allowed", "A long skill is the whole order: nothing follows it.")
    if index == 0 and cmd.second is not None:
        second = _normalise(state, cur, cmd.second)
        check_composition(state, evolve(cur, skills=(skill,)), second, 1)
        nanoscreen.check(state, second)
        cur = evolve(cur, second=second)
        ctx.state = state.with_turn(current=cur)
    moves = dict(cmd.koala_moves)
    if moves:  # CrazyKoalas following their carrier (koalas.py)
        if skill.skill not in MOVEMENT_SKILLS:
            raise refuse("skill_not_allowed", "CrazyKoalas follow a movement skill only.")
        start = {t: ctx.state.trooper(t).hex for t in cur.acting}
        koalas.check_follow(ctx.state, cur.acting, start, moves)
    perform(ctx, skill, index)
    if moves:
        koalas.follow(ctx, moves)


def perform(ctx: Ctx, skill: Skill, index: int) -> None:
    """Record a checked declaration and do what it does at once."""
    state = ctx.state
    cur = state.turn.current
    assert cur is not None
    moving_before = sum(1 for s in cur.skills if s.skill == "move")
    if skill.skill not in camo.KEEPS_MARKER:  # a marker that attacks shows itself first
        for action in skill.actions:
            if action.trooper:
                camo.reveal_acting(ctx, action.trooper, skill.skill)
        state = ctx.state
        cur = state.turn.current
        assert cur is not None
    if skill.skill == "recamouflage" and skill.trooper:
        # a marker before the declaration is told, so the other seat reads the marker's id in it
        camo.hide_again(ctx, skill.trooper)
        state = ctx.state
    if skill.skill == "holo_reactivate" and skill.trooper and skill.disguise:
        disguise.reactivate(ctx, skill.trooper, skill.disguise)
        state = ctx.state
    cur = evolve(cur, skills=(*cur.skills, skill), stage="aro1" if index == 0 else "aro2")
    ctx.state = state.with_turn(current=cur)
    ctx.emit("SkillDeclared", **declared.describe(ctx.state, cur, skill, index))
    if skill.skill == "move":
        declared.place_move(ctx, skill, moving_before)
    elif skill.skill in heights.SKILLS:  # placed at once as a move, no civilian following
        declared.place_move(ctx, skill, moving_before, companions=False)
    elif skill.skill == "change_facing":
        for tid, facing in skill.facings:
            ctx.state = ctx.state.update(tid, facing=facing)
    elif skill.skill in ("prone", "get_up"):
        declared.set_prone(ctx, cur.acting, skill.skill == "prone", "skill")
    elif skill.skill == "sync_civilian" and skill.civilian is not None:
        civ.identify(ctx, skill.civilian)
    nanoscreen.after_skill(ctx, skill)
    cur = ctx.state.turn.current
    assert cur is not None
    ends = tuple((t, (*hexes, ctx.state.trooper(t).hex)) for t, hexes in cur.ends)
    ctx.state = ctx.state.with_turn(current=evolve(cur, ends=ends))
    ft.after_skill(ctx)
    remotes.after_skill(ctx)
