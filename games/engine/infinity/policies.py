"""Standing reaction policies and ambush triggers (spec Part D): what a trooper does when a
window offers it a reaction and its owner chose not to be asked ("shoot anyone entering my line
of fire", "dodge templates", "ask me"), and the pre-set triggers through which hidden troopers
react without any pause that would betray them."""

from __future__ import annotations

from games.engine.hexgrid import distance
from games.engine.infinity import common as cm
from games.engine.infinity import geometry as geo
from games.engine.infinity.ctx import Ctx, refuse
from games.engine.infinity.movement import engaged, in_contact
from games.engine.infinity.reactions import attacked, check_aro, template_hexes
from games.engine.infinity.state import Aro, Policy, State, Trooper, evolve
from games.engine.protocol import IllegalMove

ASK = Policy()
AUTO = Policy(on_sight="shoot", on_template="dodge")


def policy_of(state: State, tid: str) -> Policy:
    t = state.trooper(tid)
    default = AUTO if state.auto_policy == "auto" else ASK
    return state.hidden[t.seat].policy(tid, default)


def check_policy(state: State, tid: str, pol: Policy) -> None:
    """A policy's weapon must be one the trooper fires in ARO, and its distance within that
    weapon's reach (of its longest-reaching weapon when none is named): refused otherwise, so
    a standing "shoot with the HMG up to 30 hexes" never promises what cannot happen."""
    t = state.trooper(tid)
    weapons = cm.ranged_weapons(t)
    if pol.weapon is not None:
        weapons = [w for w in weapons if w.id == pol.weapon]
        if not weapons:
            raise refuse("skill_not_allowed", "That trooper has no such weapon to fire.")
    if pol.max_range is not None and pol.max_range > max((cm.reach(w) for w in weapons), default=0):
        raise refuse("out_of_range", "That distance is beyond the reach of the weapon.")


def under_template(state: State, r: Trooper) -> bool:
    cur = state.turn.current
    if cur is None or r.hex is None:
        return False
    return any(r.hex in template_hexes(state, a) for s in cur.skills for a in s.actions)


def answer(state: State, rid: str, how: str, window: int) -> Aro | str | None:
    """The policy's reaction: an ARO, "ask" (hand over to the owner) or None (pass)."""
    cur = state.turn.current
    assert cur is not None
    r = state.trooper(rid)
    pol = policy_of(state, rid)
    if under_template(state, r):
        choice = pol.on_template if pol.on_template != "same" else pol.on_sight
    elif how != "lof":
        if not attacked(state, cur, r):
            return "ask" if pol.on_sight == "ask" else None
        choice = pol.on_template if pol.on_template != "same" else "dodge"
    else:
        choice = pol.on_sight
    if choice == "ask":
        return "ask"
    if choice == "pass":
        return None
    if choice == "dodge":
        return Aro(rid, "dodge", window)
    from games.engine.infinity import holo

    if holo.projecting(state, rid):  # which token shows itself to shoot is its player's choice
        return "ask"  # (and a shot judged from the figure may not be the real one's: holo.py)
    shot = best_shot(state, r, pol, window) if how == "lof" else None
    if shot is None and attacked(state, cur, r):
        return Aro(rid, "dodge", window)
    return shot


def best_shot(state: State, r: Trooper, pol: Policy, window: int) -> Aro | None:
    """The reaction a sensible player would take: the weapon and route hex giving the best
    success value against an activated trooper (one shooting at r first), never a template that
    would fall on a friend (our policy)."""
    cur = state.turn.current
    assert cur is not None and r.hex is not None
    if engaged(state, r):
        for tid in cur.activated:
            h = state.trooper(tid).hex
            if h is not None and in_contact(state, h, r.hex):
                return _checked(state, Aro(r.id, "cc_attack", window, target=tid, at=h))
        return None
    weapons = cm.ranged_weapons(r)
    if pol.weapon is not None:
        preferred = [w for w in weapons if w.id == pol.weapon]
        weapons = preferred or weapons
    friends = {t.hex for t in state.army(r.seat) if t.on_table and t.id != r.id}
    best: tuple[tuple[int, int, int], Aro] | None = None
    for tid in cur.activated:
        target = state.trooper(tid)
        if not target.normal:
            continue
        shooting_me = attacked(state, cur, r)
        for h in cur.route(tid):
            d = distance(r.hex, h)
            if pol.max_range is not None and d > pol.max_range:
                continue
            if not cm.sees(state, r, h, target.hex):
                continue
            for w in weapons:
                mode = cm.mode_of(w, "N")
                if mode is None or mode.no_aro:
                    continue
                if w.template == "circular":
                    if friends & set(geo.circular(h, state.board, state.scenery_at)):
                        continue
                if w.direct_template:
                    score = (20, mode.dam or 0, int(shooting_me))
                else:
                    if w.range_mod(d) is None:
                        continue
                    sv, _ = cm.bs_sv(
                        state, r, w, r.hex, h, cm.reactive_bonus(state, r.id), target.hex
                    )
                    score = (min(sv, 20), cm.damage(r, mode), int(shooting_me))
                aro = Aro(r.id, "bs_attack", window, weapon=w.id, mode="N", target=tid, at=h)
                if best is None or score > best[0]:
                    checked = _checked(state, aro)
                    if checked is not None:
                        best = (score, checked)
    return best[1] if best else None


def _checked(state: State, aro: Aro) -> Aro | None:
    cur = state.turn.current
    assert cur is not None
    try:
        return check_aro(state, cur, aro, "lof")
    except IllegalMove:
        return None


def ambushes(ctx: Ctx, window: int) -> list[Aro]:
    """Hidden troopers of the reactive seat whose trigger fires reveal themselves and shoot
    (spec Part D.4): evaluated here, with no pause."""
    from games.engine.infinity.aro import record

    state = ctx.state
    cur = state.turn.current
    assert cur is not None
    fired: list[Aro] = []
    reactive = 1 - cur.seat
    secret = state.hidden[reactive]
    for trigger in secret.ambush:
        tid = trigger.trooper
        if tid not in ctx.state.hidden[reactive].hidden_deployment or tid in cur.offered:
            continue
        r = ctx.state.trooper(tid)
        if not r.normal or r.hex is None:
            continue
        w = cm.usable_weapon(r, trigger.weapon)
        if w is None or not w.ranged:
            continue
        for target in cur.activated:
            now = ctx.state.trooper(target).hex
            spot = next(
                (
                    h
                    for h in cur.route(target)
                    if distance(r.hex, h) <= trigger.within and cm.sees(ctx.state, r, h, now)
                ),
                None,
            )
            if spot is None:
                continue
            aro = Aro(
                tid, "bs_attack", window, weapon=w.id, mode=trigger.mode, target=target, at=spot
            )
            reveal(ctx, tid)
            checked = _checked(ctx.state, aro)
            cur = ctx.state.turn.current
            assert cur is not None
            ctx.state = ctx.state.with_turn(current=evolve(cur, offered=(*cur.offered, tid)))
            if checked is not None:
                record(ctx, checked)
                fired.append(checked)
            break
    return fired


def reveal(ctx: Ctx, tid: str) -> None:
    """A hidden trooper shows itself: from now on it is an ordinary trooper on the table."""
    t = ctx.state.trooper(tid)
    secret = ctx.state.hidden[t.seat]
    if tid not in secret.hidden_deployment:
        return
    ctx.state = ctx.state.with_secret(
        t.seat,
        hidden_deployment=tuple(x for x in secret.hidden_deployment if x != tid),
        ambush=tuple(a for a in secret.ambush if a.trooper != tid),
    )
    ctx.emit(
        "HiddenTrooperRevealed",
        seat=t.seat,
        trooper=tid,
        profile=t.prof.public,
        hex=list(t.hex) if t.hex else None,
        facing=t.facing,
    )
