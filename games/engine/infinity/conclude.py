"""The conclusion of an order (spec B.6 step 7, B.11): spent ammunition, civilians that follow,
flee or strike, dodge movements, Guts rolls and their moves, fireteam coherency, and the hand
back to the active seat."""

from __future__ import annotations

from typing import TYPE_CHECKING

from games.engine.hexgrid import Hex, distance, neighbours
from games.engine.infinity import camouflage as camo
from games.engine.infinity import civilians as civ
from games.engine.infinity import common as cm
from games.engine.infinity import damage, remotes
from games.engine.infinity import fireteams as ft
from games.engine.infinity import geometry as geo
from games.engine.infinity.ctx import Ctx, refuse
from games.engine.infinity.data import profile
from games.engine.infinity.declared import set_prone
from games.engine.infinity.movement import step_cost
from games.engine.infinity.policies import reveal
from games.engine.infinity.rolls import judge
from games.engine.infinity.state import Pending, State, Trooper, evolve

if TYPE_CHECKING:
    from games.engine.infinity.attacks import Resolution

CIVILIAN_ATTACK_DAM = 8  # CIV-8: 'Dommages : PH-2' with the civilian profile's PH 10


def _spend_ammunition(ctx: Ctx, res: Resolution) -> None:
    for attack in res.attacks:
        if attack.weapon.uses is None:
            continue
        t = ctx.state.trooper(attack.attacker)
        fired = sum(a.burst for a in attack.allocations) or len(attack.areas)
        left = (t.uses_left(attack.weapon.id, attack.weapon.uses) or 0) - fired
        uses = dict(t.uses)
        uses[attack.weapon.id] = max(0, left)
        ctx.state = ctx.state.update(t.id, uses=tuple(sorted(uses.items())))


def civilian_results(ctx: Ctx, res: Resolution) -> list[damage.Hit]:
    """CIV-3/4/8: a success makes the civilian follow; a failure makes a neutral one panic and
    a hostile one strike at once (a Normal CC roll, damage PH-2)."""
    hits: list[damage.Hit] = []
    for tid, cid, die in res.syncs:
        c = ctx.state.civilian(cid)
        if die.success:
            ctx.state = ctx.state.update_civilian(cid, synced_to=tid, state="normal")
            ctx.emit("CivilianSynced", civilian=cid, trooper=tid, die=die.value, sv=die.sv)
            continue
        ctx.emit(
            "CivilianSyncFailed",
            civilian=cid,
            trooper=tid,
            die=die.value,
            sv=die.sv,
            civilian_kind=c.kind,
        )
        if c.kind == "hostile":
            strike = judge(ctx.dice.d20(f"{cid}.cc"), profile(civ.CIVILIAN).cc)
            ctx.emit(
                "CivilianStruck",
                civilian=cid,
                trooper=tid,
                die=strike.value,
                sv=strike.sv,
                hit=strike.success,
            )
            t = ctx.state.trooper(tid)
            if strike.success and t.hex is not None:
                hits.append(
                    damage.Hit(
                        tid, cid, "civilian", "N", CIVILIAN_ATTACK_DAM, strike.critical, True, c.hex
                    )
                )
        else:
            civ.flee(ctx, cid, die.value)
    return hits


def _free(state: State, h: Hex, frm: Hex) -> bool:
    """An adjacent hex a dodge or a Guts move may step to from `frm` (its own level)."""
    return step_cost(state, h, frm) is not None and h not in state.occupants


def _dodge_moves(ctx: Ctx, res: Resolution, seat: int) -> None:
    for tid, die in res.dodges.items():
        t = ctx.state.trooper(tid)
        to = res.dodge_to.get(tid)
        if t.seat != seat or to is None or not die.success or not t.normal or t.hex is None:
            continue
        if distance(t.hex, to) == 1 and _free(ctx.state, to, t.hex):
            ctx.state = ctx.state.update(tid, hex=to)
            ctx.emit("DodgeMoved", trooper=tid, to=list(to))


def guts_options(state: State, t: Trooper, attackers: list[str]) -> tuple[Hex, ...]:
    """Where a trooper that failed its Guts roll may go (spec B.11): an adjacent free hex out of
    every attacker's line of fire, else one in Partial Cover against all of them; else none
    (it then goes Prone where it stands)."""
    assert t.hex is not None
    seen = [state.trooper(a) for a in attackers if state.has_trooper(a)]
    free = [h for h in neighbours(t.hex) if _free(state, h, t.hex)]
    out_of_sight = [h for h in free if not any(cm.sees(state, a, h, t.hex) for a in seen)]
    if out_of_sight:
        return tuple(sorted(out_of_sight))
    covered = [h for h in free if all(a.hex and cm.cover(state, a.hex, h, t.hex) for a in seen)]
    return tuple(sorted(covered))


def _guts(ctx: Ctx, saved: set[str], hits: list[damage.Hit], active: int) -> list[Pending]:
    """B.11: every trooper still Normal that made a saving roll rolls Guts (Normal WIP);
    V: Courage passes it."""
    waiting: list[Pending] = []
    troopers = [tid for tid in saved if ctx.state.has_trooper(tid)]  # not civilians
    order = sorted(troopers, key=lambda tid: (ctx.state.trooper(tid).seat != active, tid))
    for tid in order:
        t = ctx.state.trooper(tid)
        if not t.normal:
            continue
        if t.prof.has("courage"):
            ctx.emit("GutsPassed", trooper=tid, courage=True)
            continue
        die = judge(ctx.dice.d20(f"{tid}.guts"), t.prof.wip)
        ctx.emit("GutsRolled", trooper=tid, die=die.value, sv=die.sv, passed=die.success)
        if die.success:
            continue
        attackers = sorted({h.attacker for h in hits if h.victim == tid})
        options = guts_options(ctx.state, t, attackers)
        if options:
            waiting.append(Pending(t.seat, "guts", trooper=tid, options=options))
        else:  # nowhere to go: it goes Prone (B.11), no decision to wait for
            set_prone(ctx, (tid,), True, "guts")
    return waiting


def conclude(ctx: Ctx, res: Resolution) -> None:
    cur = ctx.state.turn.current
    assert cur is not None
    _spend_ammunition(ctx, res)
    extra = civilian_results(ctx, res)
    saved = damage.apply_hits(ctx, extra) if extra else set()
    saved |= res.saved
    for hit in res.hits + extra:
        if ctx.state.has_trooper(hit.victim):
            reveal(ctx, hit.victim)  # a hidden trooper hit by a template shows itself
            camo.reveal(ctx, hit.victim, "hit")  # so does a camouflage marker (D)
    _dodge_moves(ctx, res, cur.seat)
    _dodge_moves(ctx, res, 1 - cur.seat)
    for aro in cur.aros:
        t = ctx.state.trooper(aro.trooper)
        if aro.skill == "change_facing" and aro.facing is not None and t.normal:
            ctx.state = ctx.state.update(t.id, facing=aro.facing)
    waiting = _guts(ctx, saved, res.hits + extra, cur.seat)
    _withdraw(ctx)
    civ.reconnect(ctx)
    remotes.after_order(ctx)
    ft.after_order(ctx)
    ctx.emit("OrderResolved", seat=cur.seat)
    queue = (*waiting, *ctx.state.turn.queue)
    pending = queue[0] if queue else Pending(cur.seat, "order")
    ctx.state = ctx.state.with_turn(current=None, pending=pending, queue=tuple(queue[1:]))


def _withdraw(ctx: Ctx) -> None:
    """Retreat!'s flight (turns.py): the troopers of the order that declared `withdraw`, still
    Normal on their table edge when it resolves (the enemy's reactions came first), leave the
    battlefield: state `withdrawn`, off the table, no casualty."""
    cur = ctx.state.turn.current
    assert cur is not None
    if not any(s.skill == "withdraw" for s in cur.skills):
        return
    for tid in cur.acting:
        t = ctx.state.trooper(tid)
        if (
            t.normal
            and t.hex is not None
            and geo.row(t.hex) == geo.edge_row(ctx.state.board, t.seat)
        ):
            ctx.state = ctx.state.update(tid, state="withdrawn", hex=None, prone=False)
            ctx.emit("Withdrew", trooper=tid, seat=t.seat)


def guts_move(ctx: Ctx, tid: str, to: Hex) -> None:
    """The owner's `guts` decision."""
    ctx.state = ctx.state.update(tid, hex=to)
    ctx.emit("GutsMoved", trooper=tid, to=list(to))
    next_decision(ctx)


def guts_lieutenant(ctx: Ctx, seat: int, tid: str) -> None:
    """The Lieutenant special order spent to make a trooper pass its Guts roll: it stands its
    ground. Not in the French text (Human Sphere leaves Guts and the Lieutenant order to the N2
    book); spec B.13 and B.11 after the N2 quick reference (H): "use it as an order for the
    Lieutenant itself, to make one trooper pass a Guts roll". Our reading (D): offered as the
    answer to a pending Guts move, so only to the active seat (the only one holding a
    Lieutenant order) and only when the move has somewhere to go; it reveals the Lieutenant only
    when spent on the Lieutenant itself, as any use of the order on itself does (B.13)."""
    orders = ctx.state.turn.orders[seat]
    if orders.lieutenant <= 0:
        raise refuse("no_orders_left", "No Lieutenant special order is left this turn.")
    ctx.state = ctx.state.with_orders(seat, evolve(orders, lieutenant=orders.lieutenant - 1))
    if ctx.state.hidden[seat].lieutenant == tid:
        ctx.state = ctx.state.with_seat(seat, revealed_lieutenant=tid)
    ctx.emit("LieutenantOrderUsed", seat=seat, use="guts", trooper=tid)
    ctx.emit("GutsPassed", trooper=tid, lieutenant=True)
    next_decision(ctx)


def next_decision(ctx: Ctx) -> None:
    turn = ctx.state.turn
    if turn.queue:
        ctx.state = ctx.state.with_turn(pending=turn.queue[0], queue=turn.queue[1:])
    else:
        ctx.state = ctx.state.with_turn(pending=Pending(turn.active_seat, "order"))
