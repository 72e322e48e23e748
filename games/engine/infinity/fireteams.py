"""Linked teams (the text's 'INFINITY FIRETEAMS : TROUPES LIEES', spec A.2 FT-1...27, B.12):
forming and breaking, team orders and leader changes, coherency in the active and reactive
turns, the broken link."""

from __future__ import annotations

from collections.abc import Sequence

from games.engine.infinity import geometry as geo
from games.engine.infinity.ctx import Ctx, refuse
from games.engine.infinity.data import linkable
from games.engine.infinity.policies import reveal
from games.engine.infinity.state import Fireteam, State, evolve
from games.engine.protocol import Term

MIN_SIZE, MAX_SIZE = 3, 5  # FT-2


def _replace(state: State, seat: int, team: Fireteam | None) -> State:
    teams = tuple(f for f in state.fireteams if f.seat != seat)
    if team is not None:
        teams = tuple(sorted((*teams, team), key=lambda f: f.seat))
    return evolve(state, fireteams=teams)


def _record(state: State, seat: int) -> Fireteam | None:
    return next((f for f in state.fireteams if f.seat == seat), None)


def check_members(state: State, seat: int, leader: str, members: Sequence[str]) -> None:
    """FT-1, FT-2, FT-3, FT-20: who may form a team."""
    info = state.seats[seat]
    if info.sectorial is None:
        raise refuse("fireteam_requires_sectorial", "Only a sectorial army links troopers.")
    if leader not in members:
        raise refuse("malformed", "The leader is one of the members.")
    if len(set(members)) != len(members) or not MIN_SIZE <= len(members) <= MAX_SIZE:
        raise refuse("fireteam_size", "A fireteam is 3 to 5 troopers.")
    units = set()
    record = _record(state, seat)
    left = record.left_this_turn if record else ()
    for tid in members:
        if not state.has_trooper(tid) or state.trooper(tid).seat != seat:
            raise refuse("unknown_trooper", "A fireteam is made of your own troopers.")
        t = state.trooper(tid)
        if not t.normal:
            raise refuse("trooper_cannot_act", "Only troopers in Normal state on the table link.")
        if not linkable(info.sectorial, t.prof.unit):
            raise refuse(
                "not_linkable",
                "{trooper} cannot link in this sectorial army.",
                trooper=Term(tid, t.prof.name),
            )
        if tid in left:
            raise refuse("skill_not_allowed", "A trooper that left cannot rejoin this turn.")
        units.add(t.prof.unit)
    if len(units) > 1:
        raise refuse("fireteam_mixed_units", "A fireteam is made of one unit.")
    centre = state.trooper(leader).hex
    assert centre is not None
    for tid in members:
        h = state.trooper(tid).hex
        if h is None or not geo.in_zoc(centre, h):
            raise refuse("fireteam_member_outside_zoc", "Every member stands in the leader's ZoC.")


def form(ctx: Ctx, seat: int, leader: str, members: Sequence[str], in_turn: bool) -> None:
    """FT-4 (deployment) and FT-5 (the Lieutenant special order, which gives no ARO and does
    not reveal the Lieutenant; it breaks a team already on the table, FT-23)."""
    state = ctx.state
    check_members(state, seat, leader, members)
    live = state.live_team(seat)
    if live is not None and not in_turn:
        raise refuse("fireteam_limit", "A player has one fireteam on the table at a time.")
    if in_turn:
        orders = state.turn.orders[seat]
        if orders.lieutenant <= 0:
            raise refuse("no_orders_left", "Forming a team spends the Lieutenant special order.")
        state = state.with_orders(seat, evolve(orders, lieutenant=orders.lieutenant - 1))
        ctx.state = state
        if live is not None:
            dissolve(ctx, seat, "new_team")
        ctx.emit("LieutenantOrderUsed", seat=seat, use="fireteam")
    record = _record(ctx.state, seat)
    left = record.left_this_turn if record else ()
    ordered = (leader, *[m for m in members if m != leader])
    team = Fireteam(seat, leader, ordered, left)
    state = _replace(ctx.state, seat, team)
    for tid in ordered:
        state = state.update(tid, fury_on_join=state.trooper(tid).fury)
    ctx.state = state
    _show_hidden(ctx, ordered)
    ctx.emit("FireteamFormed", seat=seat, leader=leader, members=list(ordered))


def _show_hidden(ctx: Ctx, members: Sequence[str]) -> None:
    """A hidden-deployed trooper that links shows itself (set-up version 4 on; README
    "Hidden deployment"): the text forms a team by placing the LINK Leader marker beside the
    leader, every member standing in its ZoC ('INFINITY FIRETEAMS : TROUPES LIEES', FT-4, FT-5),
    and the team's bonus counts its members (FT-12): a public act, naming its members, which a
    trooper that is not on the table (spec B.14) cannot be part of unseen. In games set up
    before, it stays hidden and the events leave it out for the other seat (ctx.py)."""
    if ctx.state.link_reveals_hidden:
        for tid in members:
            reveal(ctx, tid)


def dissolve(ctx: Ctx, seat: int, reason: str) -> None:
    """The link breaks: the members are single troopers again (the record keeps who left this
    turn, FT-20)."""
    record = _record(ctx.state, seat)
    if record is None or record.leader is None:
        return
    state = ctx.state
    for tid in record.members:
        state = state.update(tid, fury_on_join=None)
    if reason == "leader_lost":  # kept this turn: the leader healed restores it (FT-18)
        broken = Fireteam(seat, None, record.members, record.left_this_turn, record.leader)
    else:
        broken = Fireteam(seat, None, (), record.left_this_turn)
    ctx.state = _replace(state, seat, broken)
    ctx.emit("LinkBroken", seat=seat, reason=reason, members=list(record.members))


def restore(ctx: Ctx, seat: int, leader: str) -> None:
    """FT-18: 'restored automatically if the leader is brought back from Unconscious in the
    same turn', with the members still Normal inside its ZoC, if three or more."""
    record = _record(ctx.state, seat)
    if record is None or record.leader is not None or record.fallen != leader:
        return
    centre = ctx.state.trooper(leader).hex
    assert centre is not None
    members = tuple(
        m
        for m in record.members
        if (t := ctx.state.trooper(m)).normal and t.hex is not None and geo.in_zoc(centre, t.hex)
    )
    if len(members) < MIN_SIZE:
        return
    state = ctx.state
    for tid in members:
        state = state.update(tid, fury_on_join=state.trooper(tid).fury)
    ctx.state = _replace(state, seat, Fireteam(seat, leader, members, record.left_this_turn))
    ctx.emit("LinkRestored", seat=seat, leader=leader, members=list(members))


def _leave(ctx: Ctx, seat: int, tids: Sequence[str], reason: str) -> None:
    team = ctx.state.live_team(seat)
    if team is None or not tids:
        return
    if team.leader in tids:
        dissolve(ctx, seat, reason)
        return
    members = tuple(m for m in team.members if m not in tids)
    left = tuple(dict.fromkeys((*team.left_this_turn, *tids)))
    state = _replace(ctx.state, seat, evolve(team, members=members, left_this_turn=left))
    for tid in tids:
        state = state.update(tid, fury_on_join=None)
    ctx.state = state
    ctx.emit("MemberLeft", seat=seat, troopers=list(tids), reason=reason)
    if len(members) < MIN_SIZE:
        dissolve(ctx, seat, "too_small")  # FT-19


def activate(
    ctx: Ctx, team: Fireteam, new_leader: str | None, join: Sequence[str]
) -> tuple[tuple[str, ...], str]:
    """A team order: the optional leader change (FT-14) and rejoining troopers (FT-20, our
    reading: named when the order is given, inside the new leader's ZoC)."""
    state = ctx.state
    seat = team.seat
    leader = new_leader or team.leader
    assert leader is not None
    if leader not in team.members:
        raise refuse("unknown_trooper", "The new leader is a member of the team.")
    if not state.trooper(leader).normal:
        raise refuse("trooper_cannot_act", "The leader must be in Normal state.")
    centre = state.trooper(leader).hex
    assert centre is not None
    if join:
        check_members(state, seat, leader, (*team.members, *join))
    members = (*team.members, *join)
    inside = tuple(
        m
        for m in members
        if state.trooper(m).normal
        and state.trooper(m).hex is not None
        and geo.in_zoc(centre, state.trooper(m).hex)  # type: ignore[arg-type]
    )
    if len(inside) < MIN_SIZE:
        raise refuse("fireteam_size", "That leader would keep fewer than 3 troopers linked.")
    if join:
        ctx.state = _replace(state, seat, evolve(team, members=members))
        _show_hidden(ctx, join)
        ctx.emit("MembersJoined", seat=seat, troopers=list(join))
    outside = [m for m in members if m not in inside]
    if leader != team.leader:
        ctx.state = _replace(
            ctx.state, seat, evolve(ctx.state.live_team(seat) or team, leader=leader)
        )
        ctx.emit("LeaderChanged", seat=seat, leader=leader)
    _leave(ctx, seat, outside, "outside_zoc")
    ordered = (leader, *[m for m in inside if m != leader])
    return ordered, leader


def activated_alone(ctx: Ctx, tid: str) -> None:
    """FT-16: a member given an order of its own leaves the team (the leader: the link breaks)."""
    team = ctx.state.team_of(tid)
    if team is not None:
        _leave(ctx, team.seat, [tid], "own_order")


def member_long_skill(ctx: Ctx, tid: str) -> None:
    """The text's 'Equipe Liee Exemple-8': a member declaring a long skill (speculative fire)
    without being made leader leaves the team (FT-16); our reading: the order becomes its own,
    the others are no longer activated by it, so it alone gives the enemy reactions."""
    cur = ctx.state.turn.current
    assert cur is not None
    team = ctx.state.team_of(tid)
    if team is not None:
        _leave(ctx, team.seat, [tid], "own_skill")
    ctx.state = ctx.state.with_turn(
        current=evolve(
            cur,
            trooper=tid,
            fireteam=False,
            activated=(tid,),
            routes=tuple(r for r in cur.routes if r[0] == tid),
            ends=tuple(e for e in cur.ends if e[0] == tid),
        )
    )


def after_skill(ctx: Ctx) -> None:
    """FT-16 (examples 8-10): a member ending a skill outside the leader's ZoC leaves; it is not
    activated by the rest of the order."""
    cur = ctx.state.turn.current
    if cur is None or not cur.fireteam:
        return
    team = ctx.state.live_team(cur.seat)
    if team is None or team.leader is None:
        return
    leader = ctx.state.trooper(team.leader)
    out = [
        m
        for m in team.members
        if leader.hex is not None
        and ctx.state.trooper(m).hex is not None
        and not geo.in_zoc(leader.hex, ctx.state.trooper(m).hex)  # type: ignore[arg-type]
    ]
    if out:
        _leave(ctx, cur.seat, out, "outside_zoc")
        ctx.state = ctx.state.with_turn(current=evolve(cur, left=(*cur.left, *out)))


def reactive_declared(ctx: Ctx, tid: str, skill: str) -> None:
    """FT-15, FT-17: linked troopers that react make the same ARO; one that declares another
    leaves the team."""
    team = ctx.state.team_of(tid)
    cur = ctx.state.turn.current
    if team is None or cur is None:
        return
    first = next(
        (a.skill for a in cur.aros if a.trooper in team.members and a.trooper != tid), None
    )
    if first is not None and first != skill:
        _leave(ctx, team.seat, [tid], "different_aro")


def after_order(ctx: Ctx) -> None:
    """At the conclusion of an order: fallen members drop out; a fallen leader breaks the link
    (FT-18); members outside the leader's ZoC leave (FT-16, FT-17); 2 or fewer: broken
    (FT-19)."""
    for seat in (0, 1):
        team = ctx.state.live_team(seat)
        if team is None or team.leader is None:
            continue
        leader = ctx.state.trooper(team.leader)
        if not leader.normal:
            dissolve(ctx, seat, "leader_lost")
            continue
        gone = [m for m in team.members if not ctx.state.trooper(m).normal]
        if gone:
            members = tuple(m for m in team.members if m not in gone)
            ctx.state = _replace(ctx.state, seat, evolve(team, members=members))
            ctx.emit("MemberLeft", seat=seat, troopers=gone, reason="fallen")
            if len(members) < MIN_SIZE:
                dissolve(ctx, seat, "too_small")
                continue
        team = ctx.state.live_team(seat)
        if team is None:
            continue
        assert leader.hex is not None
        out = [
            m
            for m in team.members
            if not geo.in_zoc(leader.hex, ctx.state.trooper(m).hex)  # type: ignore[arg-type]
        ]
        _leave(ctx, seat, out, "outside_zoc")


def new_turn(ctx: Ctx, seat: int) -> None:
    """FT-20: troopers that left may rejoin from the next active turn."""
    for side in (0, 1):  # a link broken by a fall is restored only in that turn (FT-18)
        record = _record(ctx.state, side)
        if record is not None and record.leader is None and record.fallen is not None:
            ctx.state = _replace(ctx.state, side, evolve(record, members=(), fallen=None))
    record = _record(ctx.state, seat)
    if record is not None and record.left_this_turn:
        ctx.state = _replace(ctx.state, seat, evolve(record, left_this_turn=()))
