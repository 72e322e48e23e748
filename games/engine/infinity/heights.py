"""Height levels, Climb and Jump (tier 2; the README's "Height levels"; T: the worked
sequence's « Mouvement + Mouvement (Escalader) », seed 003 lines 716–724): a building's roof
`level` 1–3 a trooper may stand on, the two short movement skills that change a trooper's
level, and what they do at the order's resolution (the Climb's PH roll, a Jump's fall)."""

from __future__ import annotations

from collections.abc import Mapping

from games.engine.hexgrid import Hex, distance
from games.engine.infinity import geometry as geo
from games.engine.infinity.ctx import Ctx, refuse
from games.engine.infinity.damage import Hit
from games.engine.infinity.movement import acting_paths, blocked_for, engaged
from games.engine.infinity.rolls import judge
from games.engine.infinity.state import CurrentOrder, Skill, State, Trooper
from games.engine.protocol import IllegalMove

SKILLS = ("climb", "jump")
FALL_DAMAGE = {2: 12, 3: 14}  # a drop of 2 or 3 levels (D): one ARM save, no cover


def reach(t: Trooper) -> int:
    """Levels a Climb goes up or down, hexes a Jump goes across: MOV's first value / 2 (M: N2's
    Climb and Jump go the first MOV value; 1 level = 1 hex = 2 in.)."""
    return t.prof.move_hexes[0]


def ends_movement(cur: CurrentOrder) -> bool:
    """A Climb or a Jump ends the order's movement (D: its roll or its fall is settled at the
    resolution, from where it ended)."""
    return any(s.skill in SKILLS for s in cur.skills)


def why_not(state: State, t: Trooper, to: Hex, skill: str, taken: set[Hex]) -> IllegalMove | None:
    """Why `t` may not climb or jump to `to` (the refusal to raise), or None."""
    assert t.hex is not None
    scenery = state.scenery_at
    here = geo.level(scenery, t.hex)
    there = geo.standing_level(scenery, to)
    if not geo.on_board(state.board, to) or there is None:
        return refuse(
            "illegal_path",
            "There is nothing to stand on there (a building without a roof, or off the board).",
        )
    no_pass, no_stop = blocked_for(state, t.seat, {t.id})
    if to in no_pass or to in no_stop or to in taken:
        return refuse("illegal_path", "That hex is occupied.")
    if skill == "climb":
        if distance(t.hex, to) != 1:
            return refuse("illegal_path", "A Climb goes to an adjacent hex.")
        if there == here:
            return refuse("illegal_path", "A Climb changes level: on the same level, move.")
        if abs(there - here) > reach(t):
            return refuse(
                "illegal_path",
                "A Climb goes up or down {levels} levels at most.",
                levels=reach(t),
            )
        return None
    if here == 0:
        return refuse("illegal_path", "A Jump starts from a roof (on the ground, move).")
    if not 1 <= distance(t.hex, to) <= reach(t):
        return refuse("illegal_path", "A Jump goes {hexes} hexes at most.", hexes=reach(t))
    if there > here:
        return refuse("illegal_path", "A Jump never goes up: climb.")
    plus, minus = geo.sight_lines(t.hex, to)
    if not any(all(_over(scenery, h, here, no_pass) for h in line) for line in (plus, minus)):
        return refuse("illegal_path", "Something at or above its level stands between.")
    return None


def _over(scenery: Mapping[Hex, str], h: Hex, top: int, enemies: set[Hex]) -> bool:
    """A jumper at level `top` (a roof's: a Jump starts from one) passes over `h` (D): anything
    lower, figures too (a head is half a level above its feet, as for lines of fire); a roof of
    its own level as a Move walks it, a friend on it too, not an enemy; nothing higher."""
    at = geo.standing_level(scenery, h)
    if at is None or at > top:
        return False
    return at < top or h not in enemies


def check(state: State, cur: CurrentOrder, skill: Skill) -> None:
    """A Climb or a Jump: one hex per trooper that does it (a team's others do nothing, T 724)."""
    if not skill.paths or not any(path for _, path in skill.paths):
        raise refuse("illegal_path", "Name where it goes (`to`, or `paths` for a team).")
    if skill.companions:
        raise refuse("skill_not_allowed", "Civilians neither climb nor jump.")
    taken: set[Hex] = set()
    for tid, path in acting_paths(cur, skill):
        if len(path) != 1:
            raise refuse("illegal_path", "A Climb or a Jump names one hex.")
        t = state.trooper(tid)
        if engaged(state, t):
            raise refuse(
                "skill_not_allowed", "An engaged trooper may only attack in close combat or dodge."
            )
        problem = why_not(state, t, path[0], skill.skill, taken)
        if problem:
            raise problem
        taken.add(path[0])


def options(state: State, cur: CurrentOrder, t: Trooper) -> list[Skill]:
    """Every Climb and Jump of one activated trooper alone, declared by the ordered one (a
    generating set, legal.py: a team's others do nothing, T 724; the match page adds more
    climbers); none without roofs, so a table without them lists its moves as fast as before."""
    if not state.board.roofs or ends_movement(cur):
        return []
    out = []
    for tid in cur.acting:
        for skill, to in alone(state, state.trooper(tid), set()):
            out.append(Skill(skill, t.id, paths=((tid, (to,)),)))
    return out


def alone(state: State, t: Trooper, taken: set[Hex]) -> list[tuple[str, Hex]]:
    """(skill, hex) of each Climb and Jump `t` may do, `taken` held by the team's other
    climbers."""
    if t.hex is None or not t.normal or engaged(state, t):
        return []
    return [
        (skill, to)
        for skill in SKILLS
        for to in _around(t.hex, reach(t))
        if why_not(state, t, to, skill, taken) is None
    ]


def _around(h: Hex, radius: int) -> list[Hex]:
    return sorted(
        (h[0] + dq, h[1] + dr)
        for dq in range(-radius, radius + 1)
        for dr in range(-radius, radius + 1)
        if 0 < distance((0, 0), (dq, dr)) <= radius
    )


def _moved(cur: CurrentOrder, skill: Skill) -> list[tuple[str, Hex, Hex]]:
    """(trooper, from, to) of a Climb or a Jump still standing where it went (its route's last
    hex; the hex before it is where it went from)."""
    out = []
    for tid, path in skill.paths:
        route = cur.route(tid)
        if path and len(route) >= 2 and route[-1] == path[-1]:
            out.append((tid, route[-2], route[-1]))
    return out


def unrolled_climbs(cur: CurrentOrder) -> list[tuple[str, Hex, Hex]]:
    """(trooper, from, to) of each climber of the order standing where it climbed, its PH roll
    still to come (`roll_climbs`, at the resolution): what the computer's estimate weighs by
    that roll's chance (evaluate.py)."""
    return [moved for skill in cur.skills if skill.skill == "climb" for moved in _moved(cur, skill)]


def roll_climbs(ctx: Ctx, cur: CurrentOrder) -> None:
    """The Climb's Normal PH roll (T 724 « effectuent le Jet de PH correspondant »), at the
    resolution before the attacks: a failure puts the climber back where it climbed from (D).
    (A Holoprojector's trooper showed itself when it declared the Climb: holo.KEEPS.)"""
    for skill in cur.skills:
        if skill.skill != "climb":
            continue
        for tid, start, to in _moved(cur, skill):
            t = ctx.state.trooper(tid)
            if not t.normal or t.hex != to:
                continue
            die = judge(ctx.dice.d20(f"{tid}.ph"), t.prof.ph)
            ctx.emit(
                "ClimbRolled",
                trooper=tid,
                sv=die.sv,
                die=die.value,
                success=die.success,
                start=list(start),
                to=list(to),
            )
            if not die.success and start not in ctx.state.occupants:
                ctx.state = ctx.state.update(tid, hex=start)


def falls(ctx: Ctx, cur: CurrentOrder) -> list[Hit]:
    """A Jump dropping 2 or 3 levels: one save against DAM 12 or 14, no cover (D)."""
    out = []
    scenery = ctx.state.scenery_at
    for skill in cur.skills:
        if skill.skill != "jump":
            continue
        for tid, start, to in _moved(cur, skill):
            drop = geo.level(scenery, start) - geo.level(scenery, to)
            t = ctx.state.trooper(tid)
            if drop not in FALL_DAMAGE or t.hex != to or not t.normal:
                continue
            dam = FALL_DAMAGE[drop]
            ctx.emit("Fell", trooper=tid, levels=drop, dam=dam)
            out.append(Hit(tid, tid, "fall", "N", dam, False, True, to))
    return out
