"""`legal_moves` in a stable order (spec E.2 commands). Where the full set is combinatorial it
lists a generating set and says so (README): one cheapest path per destination, a fireteam's
members either staying or following their leader step for step, a whole burst on one target,
deployment facing the enemy; a first skill as it is or with "nothing more" committed as its
second; the end of a turn or deployment as it is or setting every trooper's standing reaction
to "shoot / dodge templates" or "ask me". `apply` accepts every legal variant."""

from __future__ import annotations

from typing import Any

from games.engine.hexgrid import Hex, distance
from games.engine.infinity import camouflage as camo
from games.engine.infinity import common as cm
from games.engine.infinity import (
    disguise,
    heights,
    holo,
    intuitive,
    koalas,
    legal_orders,
    mine_shots,
    mines,
    minesweeper,
    orders,
    remotes,
    skills,
)
from games.engine.infinity import geometry as geo
from games.engine.infinity.civilians import check_sync
from games.engine.infinity.data import Weapon
from games.engine.infinity.medical import can_heal
from games.engine.infinity.movement import engaged, in_contact, reachable
from games.engine.infinity.reactions import check_aro, default_at, eligibility
from games.engine.infinity.rules import stage, to_act
from games.engine.infinity.state import (
    LONG_SKILLS,
    CurrentOrder,
    Skill,
    State,
    Trooper,
    evolve,
)
from games.engine.infinity.turns import lieutenant_candidates
from games.engine.protocol import IllegalMove

Move = dict[str, Any]
ORDER = ("first", "second")  # the set-up's choices (setup.choose)


def legal_moves(state: State, seat: int) -> list[Move]:
    if seat not in to_act(state):
        return []
    kind = stage(state)
    pending = state.turn.pending
    assert pending is not None
    if kind in ("initiative", "turn_order"):
        turn = [{"type": "initiative", "seat": seat, "choice": c} for c in ORDER]
        if kind == "turn_order" or not state.split_privileges:
            return turn
        return turn + [{"type": "initiative", "seat": seat, "deploy": c} for c in ORDER]
    if kind == "deployment":
        return [{"type": "deployment", "seat": seat, "choice": c} for c in ORDER]
    if kind == "deploy":
        return legal_orders.deploy_moves(state, seat)
    if kind == "order":
        return legal_orders.order_moves(state, seat)
    if kind in ("declare1", "declare2"):
        cur = state.turn.current
        assert cur is not None
        return declarations(state, cur, 0 if kind == "declare1" else 1)
    if kind == "aro":
        return _aros(state, seat)
    if kind == "guts":
        moves: list[dict[str, Any]] = [
            {"type": "guts", "seat": seat, "trooper": pending.trooper, "to": list(h)}
            for h in pending.options
        ]
        if state.turn.orders[seat].lieutenant > 0:  # conclude.guts_lieutenant
            moves.append(
                {"type": "guts", "seat": seat, "trooper": pending.trooper, "lieutenant": True}
            )
        return moves
    if kind == "koala_target":  # koalas.trigger: the first koala still to aim, each target
        kid = pending.eligible[0]
        return [
            {"type": "koala_target", "seat": seat, "koala": kid, "target": t}
            for t in koalas.targets(state, kid, pending.window or 1)
        ]
    if kind == "appoint_lieutenant":
        return [
            {"type": "appoint_lieutenant", "seat": seat, "trooper": t}
            for t in lieutenant_candidates(state, seat)
        ]
    return []


def _ok(state: State, cur: CurrentOrder, skill: Skill, index: int) -> bool:
    try:
        orders.check_composition(state, cur, skill, index)
        skills.check(state, cur, skill, index)
    except IllegalMove:
        return False
    return True


def declarations(state: State, cur: CurrentOrder, index: int) -> list[Move]:
    """The active seat's declarations; a trooper among Holo-echoes keeps them with a movement
    (holo.KEEPS) and acts otherwise from where it really stands, shown first (its player alone
    reads these moves)."""
    if not any(holo.projecting(state, t) for t in cur.acting):
        return _declarations(state, cur, index)
    seen = holo.shown(state, cur.acting)
    seen_cur = seen.turn.current
    assert seen_cur is not None
    kept = [m for m in _declarations(state, cur, index) if m["skill"] in holo.KEEPS]
    shown = [m for m in _declarations(seen, seen_cur, index) if m["skill"] not in holo.KEEPS]
    return kept + shown


def _declarations(state: State, cur: CurrentOrder, index: int) -> list[Move]:
    seat = cur.seat
    actor_id = cur.trooper
    assert actor_id is not None
    actor = state.trooper(actor_id)
    out: list[Skill] = []
    if index == 1:
        out.append(Skill("none", actor_id))
    if actor.normal and actor.hex is not None:
        out += _move_options(state, cur)
        out += heights.options(state, cur, actor)
        out += [
            Skill("change_facing", actor_id, facings=tuple((t, f) for t in cur.acting))
            for f in range(6)
            if f != actor.facing
        ]
        out += [Skill("prone", actor_id), Skill("get_up", actor_id)]
        if state.seats[seat].retreat:
            out.append(Skill("withdraw", actor_id))
        out.append(Skill("dodge", actor_id))
        attacks = _attack_options(state, cur)
        out += attacks
        out += [  # Discover, at each enemy marker (camouflage.py; a mine's too, mines.py)
            Skill("discover", actor_id, target=mid) for mid, _ in state.hidden[1 - seat].markers
        ]
        out += [
            Skill("discover", actor_id, target=m.id)
            for m in state.hidden[1 - seat].mines
            if not m.shown
        ]
        out += [Skill("discover", actor_id, target=x) for x in holo.discover_targets(state, seat)]
        out += [  # every enemy figure when the enemy fields a Holoprojector L1 (disguise.py)
            Skill("discover", actor_id, target=x) for x in disguise.discover_targets(state, seat)
        ]
        if minesweeper.sweeps(actor) and _near_enemy_deployables(state, actor):
            out.append(Skill("minesweep", actor_id))
        if index == 0:
            out += _speculative_options(state, actor)
            out += intuitive.options(state, actor)
            out.append(Skill("recamouflage", actor_id))  # kept where allowed (camouflage.py)
            if disguise.can_reactivate(state, actor):  # Holoprojector L1 (disguise.py)
                choices = disguise.choices(state, actor)
                out += [Skill("holo_reactivate", actor_id, disguise=p) for p in choices]
        if cur.free_targets:
            out += _coordinated_attacks(state, cur, attacks)
        out += [
            Skill("sync_civilian", actor_id, civilian=c.id)
            for c in state.civilians
            if _sync_ok(state, actor_id, c.id)
        ]
        # The ordered trooper treats, or a G: Servant remote activated with its Doctor.
        healers = [actor_id]
        if cur.synchronised:
            healers += [m for m in cur.acting if remotes.is_servant(state.trooper(m))]
        out += [
            Skill("heal", h, target=t.id)
            for h in dict.fromkeys(healers)
            if can_heal(state.trooper(h))
            for t in state.army(seat)
            if t.state == "unconscious" and t.hex is not None
        ]
    moves = [
        {"type": "declare", "seat": seat, **_skill_json(s)}
        for s in out
        if _ok(state, cur, s, index)
    ]
    if index == 0:  # each first skill may come with "nothing more" committed (spec D.1)
        moves += [
            {**m, "second": {"skill": "none"}} for m in moves if m["skill"] not in LONG_SKILLS
        ]
    return moves


def _discover_ok(state: State, r: Trooper, marker: str) -> bool:
    try:
        if holo.check_discover(state, r, marker) is not None:
            return True
        if disguise.check_discover(state, r, marker) is not None:
            return True
        if mines.check_discover(state, r, marker) is None:
            camo.check_discover(state, r, marker)
    except IllegalMove:
        return False
    return True


def _sync_ok(state: State, tid: str, cid: str) -> bool:
    try:
        check_sync(state, state.trooper(tid), cid)
    except IllegalMove:
        return False
    return True


def _skill_json(s: Skill) -> dict[str, Any]:
    from games.engine.infinity.position import skill_to_json

    out = skill_to_json(s)
    if len(s.paths) == 1 and s.paths[0][0] == s.trooper:
        out["path"] = out.pop("paths")[s.trooper]
    if len(s.facings) == 1 and s.facings[0][0] == s.trooper:
        out["facing"] = out.pop("facings")[s.trooper]
    return out


def _move_options(state: State, cur: CurrentOrder) -> list[Skill]:
    actor = state.trooper(cur.trooper or "")
    assert actor.hex is not None
    if engaged(state, actor):
        return []
    budget = actor.prof.move_hexes[skills.move_index(cur)]
    dests = reachable(state, actor.seat, actor.hex, budget, {actor.id})
    out: list[Skill] = []
    others = [m for m in cur.acting if m != actor.id]
    for path in dests.values():
        out.append(Skill("move", actor.id, paths=((actor.id, path),)))
        if others:
            follow = _follow(state, actor.hex, path, others)
            if follow:
                out.append(Skill("move", actor.id, paths=((actor.id, path), *follow)))
    return out


def _follow(
    state: State, start: Hex, path: tuple[Hex, ...], members: list[str]
) -> list[tuple[str, tuple[Hex, ...]]]:
    """Members stepping as their leader steps (each step the same direction), when that fits."""
    steps = [(b[0] - a[0], b[1] - a[1]) for a, b in zip((start, *path[:-1]), path, strict=True)]
    out = []
    for m in members:
        h = state.trooper(m).hex
        assert h is not None
        mine = []
        for dq, dr in steps:
            h = (h[0] + dq, h[1] + dr)
            mine.append(h)
        out.append((m, tuple(mine)))
    return out


def _attack_options(state: State, cur: CurrentOrder) -> list[Skill]:
    actor = state.trooper(cur.trooper or "")
    assert actor.hex is not None
    out: list[Skill] = []
    enemies = [
        t
        for t in state.troopers
        if t.seat != actor.seat and t.on_table and not state.untargetable(t.id)
    ]
    for t in enemies:
        assert t.hex is not None
        if in_contact(state, actor.hex, t.hex):  # the same level too (heights.py)
            out.append(Skill("cc_attack", actor.id, target=t.id))
            if actor.prof.has("berserk"):
                out.append(Skill("cc_attack", actor.id, target=t.id, berserk=True))
    if engaged(state, actor):
        return out
    bonus = skills.team_bonus(state, cur)
    for w in cm.ranged_weapons(actor):
        for mode_name, mode in w.modes.items():
            burst = cm.burst_for(w, mode, bonus, reactive=False)
            if w.direct_template:
                for aim in geo.AIMS:
                    if not geo.aim_in_arc(actor.facing, aim):
                        continue
                    area = set(
                        geo.teardrop(
                            actor.hex, aim, w.template or "", state.board, state.scenery_at
                        )
                    )
                    if any(t.hex in area for t in enemies):
                        out.append(
                            Skill(
                                "bs_attack",
                                actor.id,
                                weapon=w.id,
                                mode=mode_name,
                                aims=(aim,) * burst,
                            )
                        )
                continue
            aimed = [(t.id, t.hex) for t in enemies if t.hex is not None]
            aimed += [(e.id, e.hex) for e in state.echoes if e.seat != actor.seat]  # holo.py
            for tid, h in aimed:
                if w.range_mod(distance(actor.hex, h)) is None:
                    continue
                if not cm.sees(state, actor, h):
                    continue
                out.append(
                    Skill(
                        "bs_attack", actor.id, weapon=w.id, mode=mode_name, targets=((tid, burst),)
                    )
                )
            out += [  # at each enemy mine known to be one (mines.py)
                Skill("bs_attack", actor.id, weapon=w.id, mode=mode_name, mine=m.id)
                for m in state.hidden[1 - actor.seat].mines
                if m.shown and _shot_at_mine_ok(state, actor, w, m.id)
            ]
    return out


def _near_enemy_deployables(state: State, actor: Trooper) -> bool:
    """The Minesweeper is offered where it stands in the area a mine would have at an enemy
    marker or known mine, or in an enemy CrazyKoala's ZoC: what its player sees (a hidden mine
    looks a marker), so the offer tells nothing more."""
    foe = 1 - actor.seat
    if actor.hex is None:
        return False
    spots = [state.trooper(t).hex for _, t in state.hidden[foe].markers]
    spots += [m.hex for m in state.hidden[foe].mines]
    if any(k.seat == foe and geo.in_zoc(k.hex, actor.hex) for k in state.koalas):
        return True  # a CrazyKoala's area: its ZoC (public)
    return any(h is not None and actor.hex in mines.area(state, h) for h in spots)


def _shot_at_mine_ok(state: State, actor: Trooper, w: Weapon, mine: str) -> bool:
    try:
        mine_shots.check_shot(state, actor, w, mine)
    except IllegalMove:
        return False
    return True


def _speculative_options(state: State, actor: Trooper) -> list[Skill]:
    """Speculative fire, a generating set: at each enemy it knows of that it cannot see, in
    range and in its front arc (where it sees, a plain shot is better)."""
    assert actor.hex is not None
    out = []
    for w in cm.ranged_weapons(actor):
        if w.template != "circular":
            continue
        for t in state.troopers:
            if t.seat == actor.seat or not t.normal or t.hex is None or state.untargetable(t.id):
                continue
            if w.range_mod(distance(actor.hex, t.hex)) is None:
                continue
            if geo.in_arc(actor.hex, actor.facing, t.hex) and not cm.sees(state, actor, t.hex):
                out.append(Skill("speculative", actor.id, weapon=w.id, mode="N", to=t.hex))
    return out


def _coordinated_attacks(state: State, cur: CurrentOrder, attacks: list[Skill]) -> list[Skill]:
    """A coordinated order's shots, a generating set: the first trooper's shot at one target
    with every other activated trooper firing its first weapon that reaches it, whole burst."""
    out = []
    for base in attacks:
        if base.skill != "bs_attack" or len(base.targets) != 1:
            continue
        if not state.has_trooper(base.targets[0][0]):
            continue  # a Holo-echo: shot at alone (holo.py)
        target = state.trooper(base.targets[0][0])
        assert target.hex is not None
        parts = []
        for tid in cur.acting:
            t = state.trooper(tid)
            if tid == base.trooper or not t.normal or t.hex is None or engaged(state, t):
                continue
            for w in cm.ranged_weapons(t):
                mode = w.modes["N"]
                reach = w.range_mod(distance(t.hex, target.hex)) is not None
                if w.direct_template or not reach or not geo.in_arc(t.hex, t.facing, target.hex):
                    continue
                if cm.sees(state, t, target.hex):
                    burst = cm.burst_for(w, mode, cm.NO_BONUS, reactive=False)
                    parts.append(
                        Skill(
                            "bs_attack", tid, weapon=w.id, mode="N", targets=((target.id, burst),)
                        )
                    )
                    break
        if parts:
            out.append(evolve(base, parts=tuple(parts)))
    return out


def _aros(state: State, seat: int) -> list[Move]:
    pending = state.turn.pending
    cur = state.turn.current
    assert pending is not None and cur is not None
    declared = {a.trooper for a in cur.aros}
    out: list[Move] = []
    for rid in pending.eligible:
        if rid in declared:
            continue
        # A trooper among Holo-echoes reacts from where it really stands: any reaction shows
        # it first (holo.KEEPS); its player alone reads these moves.
        seen = holo.shown(state, (rid,))
        seen_cur = seen.turn.current
        assert seen_cur is not None
        out += _aro_options(seen, seen_cur, seat, rid, pending.window or 1)
    out.append({"type": "aro_done", "seat": seat})
    return out


def _aro_options(state: State, cur: CurrentOrder, seat: int, rid: str, window: int) -> list[Move]:
    """One eligible trooper's reactions."""
    r = state.trooper(rid)
    assert r.hex is not None
    how = eligibility(state, cur, r) or "zoc"
    base = {"type": "aro", "seat": seat, "trooper": rid}
    mine: list[Move] = [{**base, "skill": "dodge"}]
    if minesweeper.sweeps(r) and _near_enemy_deployables(state, r):
        mine.append({**base, "skill": "minesweep"})
    if how == "lof":
        for target in cur.activated:
            if target in state.marker_of:  # a marker may only be looked for
                mid = state.marker_of[target]
                if _discover_ok(state, r, mid):
                    mine.append({**base, "skill": "discover", "target": mid})
                continue
            if target in disguise.discover_targets(state, seat) and _discover_ok(state, r, target):
                mine.append({**base, "skill": "discover", "target": target})  # disguise.py
            for token in holo.discover_targets(state, seat):  # Holo-echoes (holo.py)
                named = holo.token_named(state, seat, token)
                if named and named[0] == target and _discover_ok(state, r, token):
                    mine.append({**base, "skill": "discover", "target": token})
            at = default_at(cur, target, window)
            for aro in _aro_attacks(state, cur, rid, target, at, window):
                mine.append({**base, **aro})
            for e in holo.echoes_of(state, target):  # each Holo-echo, as a trooper
                route = holo.echo_route(cur, state, target, e.id)
                echo_at = holo.echo_at(cur, state, target, e.id, at)
                for aro in _aro_attacks(state, cur, rid, e.id, echo_at, window, route):
                    mine.append({**base, **aro})
    required = remotes.aro_required(state, cur, rid)  # G: Synchronised: the same ARO
    return [m for m in mine if required in (None, m["skill"])]


def _aro_attacks(
    state: State,
    cur: CurrentOrder,
    rid: str,
    target: str,
    at: Hex | None,
    window: int,
    route: tuple[Hex, ...] | None = None,
) -> list[dict[str, Any]]:
    """A reaction at `target` from the first hex of its route it reaches (`route`: a
    Holo-echo's, holo.py)."""
    from games.engine.infinity.state import Aro

    r = state.trooper(rid)
    out = []
    hexes = [h for h in (at, *(cur.route(target) if route is None else route)) if h is not None]
    options = [("cc_attack", None)] + [("bs_attack", w.id) for w in cm.ranged_weapons(r)]
    for skill, wid in options:
        for h in dict.fromkeys(hexes):
            try:
                aro = check_aro(
                    state, cur, Aro(rid, skill, window, weapon=wid, target=target, at=h), "lof"
                )
            except IllegalMove:
                continue
            move: dict[str, Any] = {"skill": skill, "target": target, "at": list(h)}
            if skill == "bs_attack":
                move.update(weapon=wid, mode="N")
            else:
                move["weapon"] = aro.weapon
            out.append(move)
            if skill == "cc_attack" and r.prof.has("berserk"):
                out.append({**move, "berserk": True})
            break
    return out
