"""What a declaration does at once (spec B.6 step 2) and how it is told: a move is placed as
soon as it is declared, Prone and Get Up take effect, and the `SkillDeclared` event's data."""

from __future__ import annotations

from typing import Any

from games.engine.hexgrid import Hex, direction_between
from games.engine.infinity import camouflage, disguise, holo
from games.engine.infinity import civilians as civ
from games.engine.infinity import geometry as geo
from games.engine.infinity.ctx import Ctx
from games.engine.infinity.state import CurrentOrder, Skill, State, evolve


def set_prone(ctx: Ctx, tids: tuple[str, ...], prone: bool, reason: str) -> None:
    """Lie down or stand up; a team's members do as their leader does (FT-7; a member already
    there skips it, FT-8)."""
    for tid in tids:
        t = ctx.state.trooper(tid)
        if t.normal and t.prone != prone:
            ctx.state = ctx.state.update(tid, prone=prone)
            ctx.emit("ProneChanged", trooper=tid, prone=prone, reason=reason)


def place_move(ctx: Ctx, skill: Skill, index: int, companions: bool = True) -> None:
    """A movement is placed as soon as it is declared (spec B.6, step 2); a Climb or a Jump
    too, without `companions`: civilians neither climb nor jump (heights.py)."""
    from games.engine.infinity import hidden

    cur = ctx.state.turn.current
    assert cur is not None
    cut = []
    for tid, path in skill.paths:
        t = ctx.state.trooper(tid)
        assert t.hex is not None
        cut.append((tid, hidden.stop_at_contact(ctx, t.seat, t.hex, path)))
    skill = evolve(skill, paths=tuple(cut))
    state = ctx.state
    facings = dict(skill.facings)
    routes = dict(cur.routes)
    starts: dict[str, Hex] = {}
    for tid, path in skill.paths:
        t = state.trooper(tid)
        assert t.hex is not None
        starts[tid] = t.hex
        facing = facings.get(tid, t.facing)
        if path and tid not in facings:
            previous = path[-2] if len(path) > 1 else t.hex
            step = direction_between(previous, path[-1])
            # a Jump's landing, further than a step: facing the way it jumped
            facing = geo.facing_towards(previous, path[-1]) if step is None else step
        state = state.update(tid, hex=path[-1] if path else t.hex, facing=facing)
        routes[tid] = (*routes.get(tid, ()), *path)
    ctx.state = state.with_turn(current=_with_routes(cur, routes))
    for tid, path in skill.paths:
        if path:
            climbing: dict[str, Any] = {}  # a Climb or a Jump (heights.py): how, and how high
            if not companions:
                climbing = {"how": skill.skill, "level": geo.level(ctx.state.scenery_at, path[-1])}
            ctx.emit(
                "Moved",
                trooper=tid,
                path=[list(h) for h in path],
                facing=ctx.state.trooper(tid).facing,
                **climbing,
            )
    holo.follow(ctx, starts)
    camouflage.reveal_in_contact(ctx, [tid for tid, path in skill.paths if path])
    holo.reveal_in_contact(ctx, [tid for tid, path in skill.paths if path])
    disguise.reveal_in_contact(ctx, [tid for tid, path in skill.paths if path])
    if companions:
        civ.move_companions(ctx, skill, starts)
    civ.encounters(ctx, [tid for tid, path in skill.paths if path])


def _with_routes(cur: CurrentOrder, routes: dict[str, tuple[Hex, ...]]) -> CurrentOrder:
    return evolve(cur, routes=tuple((t, routes[t]) for t, _ in cur.routes))


def describe(state: State, cur: CurrentOrder, skill: Skill, index: int) -> dict[str, Any]:
    """A declaration as event data (JSON)."""
    out: dict[str, Any] = {"seat": cur.seat, "index": index + 1, "skill": skill.skill}
    if skill.trooper:
        out["trooper"] = skill.trooper
    if skill.paths:
        out["paths"] = {t: [list(h) for h in p] for t, p in skill.paths}
    if skill.weapon:
        out["weapon"] = skill.weapon
        out["mode"] = skill.mode or "N"
    if skill.targets:
        out["targets"] = [{"trooper": t, "burst": b} for t, b in skill.targets]
    if skill.berserk:
        out["berserk"] = True
    if skill.aims:
        out["aim"] = list(skill.aims)
    for key in ("civilian", "target", "mine", "disguise"):
        if getattr(skill, key):
            out[key] = getattr(skill, key)
    if skill.to is not None:
        out["to"] = list(skill.to)
    if skill.structure is not None:
        out["structure"] = list(skill.structure)
    if skill.facings:
        out["facings"] = dict(skill.facings)
    if skill.parts:
        out["coordinated"] = [
            {k: v for k, v in describe(state, cur, p, index).items() if k not in ("seat", "index")}
            for p in skill.parts
        ]
    return out
