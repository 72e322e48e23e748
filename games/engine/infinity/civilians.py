"""Civilians (the text's 'REGLES D'UTILISATION DES CIVILS', spec A.5): the encounter chart,
synchronising (CIV-3, CIV-5...7), following their controller as a G: Synchronised remote would,
panicking (CIV-4) and the hostile civilian's attack (CIV-8)."""

from __future__ import annotations

from collections.abc import Collection, Sequence

from games.engine.hexgrid import Hex
from games.engine.infinity import geometry as geo
from games.engine.infinity.ctx import Ctx, refuse
from games.engine.infinity.data import profile
from games.engine.infinity.movement import check_path, in_contact
from games.engine.infinity.state import Civilian, Skill, State, Trooper, evolve

CIVILIAN = "civilian"  # the profile (IALD 'Civil', spec CIV-8: the text gives none)
MAX_HELD = 2  # 'Le nombre maximum de Civils avec lesquels une figurine peut se synchroniser'


def encounter_kind(die: int) -> str:
    """'CHARTE DE RENCONTRE DE CIVILS': 1-10 Neutral, 11-20 Hostile."""
    return "neutral" if die <= 10 else "hostile"


def identify(ctx: Ctx, cid: str) -> None:
    """An unknown civilian met in base contact is identified at once (CIV-9; our reading that
    the roll comes as soon as the contact is made, so the next declaration knows it)."""
    c = ctx.state.civilian(cid)
    if c.kind != "unknown":
        return
    die = ctx.dice.d20(f"{cid}.encounter")
    kind = encounter_kind(die)
    ctx.state = ctx.state.update_civilian(cid, kind=kind)
    ctx.emit("CivilianIdentified", civilian=cid, die=die, civilian_kind=kind)


def encounters(ctx: Ctx, movers: Sequence[str]) -> None:
    for tid in movers:
        t = ctx.state.trooper(tid)
        if t.hex is None:
            continue
        for c in ctx.state.civilians:
            if c.kind == "unknown" and c.state != "dead" and in_contact(ctx.state, c.hex, t.hex):
                identify(ctx, c.id)


def held_by(state: State, tid: str) -> tuple[Civilian, ...]:
    return tuple(c for c in state.civilians if c.synced_to == tid and c.state == "normal")


def check_sync(state: State, actor: Trooper, cid: str | None) -> None:
    if cid is None or not state.has_civilian(cid):
        raise refuse("civilian_not_in_contact", "Name a civilian in base contact.")
    c = state.civilian(cid)
    assert actor.hex is not None
    if c.state not in ("normal", "immobilised") or not in_contact(state, actor.hex, c.hex):
        raise refuse("civilian_not_in_contact", "That civilian is not in base contact.")
    if actor.fury == "impetuous" or actor.prof.type == "REM":
        raise refuse("skill_not_allowed", "Remotes and Impetuous troopers cannot lead civilians.")
    if c.synced_to is not None and c.state != "immobilised":
        raise refuse("skill_not_allowed", "That civilian already follows someone.")
    if len(held_by(state, actor.id)) >= MAX_HELD:
        raise refuse("sync_limit", "A trooper leads at most two civilians.")


def sync_sv(actor: Trooper, c: Civilian) -> int:
    """CIV-3: a Normal WIP roll at -3 (neutral) or -6 (hostile)."""
    return actor.prof.wip + (-6 if c.kind == "hostile" else -3)


def civilian_budget(index: int) -> int:
    return profile(CIVILIAN).move_hexes[index]


def check_companions(state: State, skill: Skill, movers: Collection[str], taken: list[Hex]) -> None:
    controllers = {tid for tid, path in skill.paths if path}
    index = min(1, 0)
    for cid, path in skill.companions:
        if not state.has_civilian(cid):
            raise refuse("civilian_not_in_contact", "There is no such civilian.")
        c = state.civilian(cid)
        if c.synced_to not in controllers or c.state != "normal":
            raise refuse("skill_not_allowed", "Only a civilian following a mover moves with it.")
        seat = state.trooper(c.synced_to).seat
        problem = check_path(state, seat, c.hex, path, civilian_budget(index), movers, taken)
        if problem:
            raise problem
        if path:
            taken.append(path[-1])


def _trail(start: Hex, path: Sequence[Hex]) -> tuple[Hex, ...]:
    """The hexes a follower takes: those its leader left, ending one step behind it."""
    return (start, *path[:-1])


def move_companions(ctx: Ctx, skill: Skill, starts: dict[str, Hex]) -> None:
    """Synced civilians move with their controller: along the path given, else trailing it
    through the hexes it left (our default); a path that does not fit leaves them in place."""
    given = dict(skill.companions)
    taken: list[Hex] = [ctx.state.trooper(t).hex for t, p in skill.paths if p]  # type: ignore[misc]
    movers = {t for t, p in skill.paths if p} | set(given)
    taken += [e.hex for e in ctx.state.echoes if e.trooper in movers]  # followed already (holo.py)
    for tid, path in skill.paths:
        if not path:
            continue
        lead_start, lead_path = starts[tid], path
        for c in held_by(ctx.state, tid):
            own = given.get(c.id)
            if own is None:
                own = _trail(lead_start, lead_path)
                movers.add(c.id)
            seat = ctx.state.trooper(tid).seat
            if not own or check_path(
                ctx.state, seat, c.hex, own, civilian_budget(0), movers, taken
            ):
                continue
            ctx.state = ctx.state.update_civilian(c.id, hex=own[-1])
            _escorted(ctx, c.id, (c.hex, *own))
            ctx.emit("CivilianMoved", civilian=c.id, path=[list(h) for h in own], leader=tid)
            taken.append(own[-1])
            lead_start, lead_path = c.hex, own


def _escorted(ctx: Ctx, cid: str, hexes: tuple[Hex, ...]) -> None:
    """Keep the hexes a led civilian stood on this order (a mine it walks into goes off:
    mines.py)."""
    cur = ctx.state.turn.current
    if cur is None:
        return
    before = dict(cur.escorts).get(cid, ())
    route = before + (hexes[1:] if before else hexes)
    kept = tuple((v, r) for v, r in cur.escorts if v != cid)
    ctx.state = ctx.state.with_turn(current=evolve(cur, escorts=(*kept, (cid, route))))


def flee(ctx: Ctx, cid: str, failed_roll: int) -> None:
    """CIV-4: a neutral civilian that failed to follow panics and moves 5 cm (1 hex) by the
    Dispersion rule, the last digit of the failed roll giving the direction."""
    c = ctx.state.civilian(cid)
    to = geo.dispersion(ctx.state.board, c.hex, failed_roll % 10)
    free = (
        geo.on_board(ctx.state.board, to)
        and ctx.state.scenery_at.get(to) not in geo.IMPASSABLE
        and to not in ctx.state.occupants
    )
    if free:
        ctx.state = ctx.state.update_civilian(cid, hex=to)
    ctx.emit("CivilianPanicked", civilian=cid, to=list(to) if free else None)


def reconnect(ctx: Ctx) -> None:
    """At the end of an order: civilians of a fallen controller stop (IMM, free to be taken);
    those outside their controller's ZoC are disconnected (IMM) until an order ends with them
    back inside it (G: Synchronised, 'Ghost : Synchronise')."""
    for c in ctx.state.civilians:
        if c.synced_to is None or c.state == "dead" or c.state == "unconscious":
            continue
        controller = ctx.state.trooper(c.synced_to)
        if not controller.normal or controller.hex is None or controller.fury == "impetuous":
            # A controller fallen, or turned Impetuous by Frenzy (CIV-6): the link is broken.
            ctx.state = ctx.state.update_civilian(c.id, synced_to=None, state="immobilised")
            ctx.emit("CivilianReleased", civilian=c.id, trooper=controller.id)
            continue
        inside = geo.in_zoc(controller.hex, c.hex)
        if c.state == "normal" and not inside:
            ctx.state = ctx.state.update_civilian(c.id, state="immobilised")
            ctx.emit("CivilianDisconnected", civilian=c.id, trooper=controller.id)
        elif c.state == "immobilised" and inside:
            ctx.state = ctx.state.update_civilian(c.id, state="normal")
            ctx.emit("CivilianReconnected", civilian=c.id, trooper=controller.id)
