"""The skills of an order (spec B.6; tier 2's Prone, Get Up, treatments, speculative fire,
Berserk, coordinated declarations): what makes a declaration legal (declared.py does what it
does at once). Refusals carry the stable codes of spec E.4."""

from __future__ import annotations

from games.engine.hexgrid import Hex, distance
from games.engine.infinity import camouflage as camo
from games.engine.infinity import civilians as civ
from games.engine.infinity import common as cm
from games.engine.infinity import disguise, heights, holo, medical, structures
from games.engine.infinity import geometry as geo
from games.engine.infinity.ctx import refuse
from games.engine.infinity.data import Weapon, weapon
from games.engine.infinity.movement import (
    acting_paths,
    check_path,
    engaged,
    reachable,
    same_level,
    step_cost,
)
from games.engine.infinity.state import CurrentOrder, Skill, State, Trooper
from games.engine.protocol import Term


def move_index(cur: CurrentOrder) -> int:
    """0 for the order's first movement skill (MOV's first value), 1 for the second."""
    return min(1, sum(1 for s in cur.skills if s.skill == "move"))


def path_to(state: State, cur: CurrentOrder, tid: str, dest: Hex) -> tuple[Hex, ...] | None:
    t = state.trooper(tid)
    assert t.hex is not None
    budget = t.prof.move_hexes[move_index(cur)]
    return reachable(state, t.seat, t.hex, budget, {tid}).get(dest)


def team_bonus(state: State, cur: CurrentOrder) -> cm.Bonus:
    """The active team's support bonus, for the leader only (FT-12)."""
    if not cur.fireteam or cur.trooper is None:
        return cm.NO_BONUS
    team = state.team_of(cur.trooper)
    if team is None:
        return cm.NO_BONUS
    return cm.bonus_for(len(cm.linked_members(state, team)))


def goal_distance(state: State, seat: int, h: Hex, retreat: bool) -> int:
    """What an impetuous order must shorten: the distance to the nearest Normal enemy, or, in
    Retreat!, to the own deployment zone (in rows)."""
    if retreat:
        first, last = state.board.zones[seat]
        row = geo.row(h)
        return 0 if first <= row <= last else min(abs(row - first), abs(row - last))
    enemies = [e.hex for e in state.troopers if e.seat != seat and e.normal and e.hex is not None]
    return min((distance(h, e) for e in enemies if e is not None), default=0)


def check_impetuous(state: State, cur: CurrentOrder, skill: Skill) -> None:
    """An impetuous order's first skill is a move that brings the trooper closer to the enemy
    (or, in Retreat!, to its deployment zone) (spec B.5, our reading); in Retreat! it may
    instead leave the battlefield from the table edge (`withdraw`: the end of its flight)."""
    if skill.skill == "withdraw" and skill.trooper and state.seats[cur.seat].retreat:
        return
    if skill.skill != "move" or not skill.paths or not skill.paths[0][1]:
        raise refuse("skill_not_allowed", "An impetuous order starts with a move.")
    tid, path = skill.paths[0]
    t = state.trooper(tid)
    assert t.hex is not None
    retreat = state.seats[t.seat].retreat
    before = goal_distance(state, t.seat, t.hex, retreat)
    after = goal_distance(state, t.seat, path[-1], retreat)
    if after >= before and before > 0:
        if retreat:
            raise refuse(
                "skill_not_allowed",
                "An impetuous move must bring it closer to its deployment zone.",
            )
        raise refuse("skill_not_allowed", "An impetuous move must bring it closer to the enemy.")


def _actor(state: State, cur: CurrentOrder, skill: Skill) -> Trooper:
    if skill.trooper is None or skill.trooper not in cur.acting:
        raise refuse("trooper_cannot_act", "That trooper is not activated by this order.")
    return state.trooper(skill.trooper)


ACTING_ON_OTHERS = ("bs_attack", "cc_attack", "sync_civilian", "heal", "discover", "intuitive")


def check(state: State, cur: CurrentOrder, skill: Skill, index: int) -> None:
    """A declaration, and in a coordinated order each other trooper's part of it: the same
    skill for every one, each its own targets (B.6, our reading of N2's coordinated order)."""
    if skill.parts:
        if not cur.free_targets or skill.skill not in ACTING_ON_OTHERS:
            raise refuse(
                "skill_not_allowed",
                "Only a coordinated order's or a synchronised pair's attacks name several troopers; "
                "a move gives a path per trooper.",
            )
        actors = [a.trooper for a in skill.actions]
        if len(set(actors)) != len(actors):
            raise refuse("malformed", "One declaration per trooper.")
    for action in skill.actions:
        _check_one(state, cur, action)


def _check_one(state: State, cur: CurrentOrder, skill: Skill) -> None:
    actor = _actor(state, cur, skill)
    if skill.skill in ACTING_ON_OTHERS and actor.id != cur.trooper and not cur.free_targets:
        raise refuse(
            "skill_not_allowed",
            "In a fireteam only the leader acts on the enemy; the others support it (FT-11).",
        )
    standing_still = (
        "bs_attack",
        "speculative",
        "sync_civilian",
        "heal",
        "change_facing",
        "prone",
        "get_up",
        "withdraw",
        "discover",
        "recamouflage",
        "intuitive",
        "holo_reactivate",
    )
    if skill.skill in standing_still and engaged(state, actor):
        raise refuse(
            "skill_not_allowed", "An engaged trooper may only attack in close combat or dodge."
        )
    checker = {
        "move": _check_move,
        "change_facing": _check_facing,
        "prone": _check_prone,
        "get_up": _check_prone,
        "dodge": _check_dodge,
        "bs_attack": _check_bs,
        "cc_attack": _check_cc,
        "sync_civilian": _check_sync,
        "heal": _check_heal,
        "speculative": _check_speculative,
        "withdraw": _check_withdraw,
        "discover": _check_discover,
        "recamouflage": _check_recamouflage,
        "minesweep": _check_minesweep,
        "intuitive": _check_intuitive,
        "holo_reactivate": _check_holo_reactivate,
        "climb": _check_height,
        "jump": _check_height,
    }.get(skill.skill)
    if checker is not None:
        checker(state, cur, skill, actor)


def _check_move(state: State, cur: CurrentOrder, skill: Skill, actor: Trooper) -> None:
    if not skill.paths:
        raise refuse("illegal_path", "A move needs a path (or a destination `to`).")
    index = move_index(cur)
    movers = {tid for tid, path in skill.paths if path}
    movers |= {cid for cid, path in skill.companions if path}
    taken: list[Hex] = []
    for tid, path in acting_paths(cur, skill):
        t = state.trooper(tid)
        assert t.hex is not None
        if path and engaged(state, t):
            raise refuse(
                "skill_not_allowed", "An engaged trooper may only attack in close combat or dodge."
            )
        problem = check_path(state, t.seat, t.hex, path, t.prof.move_hexes[index], movers, taken)
        if problem:
            raise problem
        if path:
            taken += [path[-1], *holo.echo_ends(state, tid, path)]
    for tid, _ in skill.facings:
        if tid not in cur.acting:
            raise refuse(
                "trooper_cannot_act", "{trooper} is not activated by this order.", trooper=tid
            )
    civ.check_companions(state, skill, movers, taken)


def _check_height(state: State, cur: CurrentOrder, skill: Skill, actor: Trooper) -> None:
    heights.check(state, cur, skill)


def _check_facing(state: State, cur: CurrentOrder, skill: Skill, actor: Trooper) -> None:
    if not skill.facings:
        raise refuse("malformed", "Change Facing needs a facing.")
    for tid, _ in skill.facings:
        if tid not in cur.acting:
            raise refuse(
                "trooper_cannot_act", "{trooper} is not activated by this order.", trooper=tid
            )


def _check_prone(state: State, cur: CurrentOrder, skill: Skill, actor: Trooper) -> None:
    """Prone and Get Up (spec B.6's short movement skills, tier 2): lie down, stand up."""
    if skill.skill == "prone" and actor.prone:
        raise refuse("skill_not_allowed", "That trooper is already Prone.")
    if skill.skill == "get_up" and not actor.prone:
        raise refuse("skill_not_allowed", "That trooper is standing already.")


def _check_withdraw(state: State, cur: CurrentOrder, skill: Skill, actor: Trooper) -> None:
    """Retreat! (turns.py): a trooper of an army in Retreat! standing on its deployment zone's
    table edge leaves the battlefield (« fuient à cause de la règle Retraite ! »)."""
    if not state.seats[actor.seat].retreat:
        raise refuse("skill_not_allowed", "Only an army in Retreat! leaves the battlefield.")
    if actor.hex is None or geo.row(actor.hex) != geo.edge_row(state.board, actor.seat):
        raise refuse("skill_not_allowed", "It leaves by the table edge of its deployment zone.")


def _check_dodge(state: State, cur: CurrentOrder, skill: Skill, actor: Trooper) -> None:
    if skill.to is not None:
        assert actor.hex is not None
        if distance(actor.hex, skill.to) != 1 or step_cost(state, skill.to, actor.hex) is None:
            raise refuse("illegal_path", "A dodge moves to an adjacent open hex.")


def _check_discover(state: State, cur: CurrentOrder, skill: Skill, actor: Trooper) -> None:
    from games.engine.infinity import holo, mines

    if holo.check_discover(state, actor, skill.target) is not None:  # a Holo-echo or figure
        return
    if disguise.check_discover(state, actor, skill.target) is not None:  # a figure, maybe
        return  # disguised (Holoprojector L1)
    if mines.check_discover(state, actor, skill.target or "") is None:  # a mine's marker, or
        camo.check_discover(state, actor, skill.target)  # a camouflaged trooper's


def enemy_target(state: State, seat: int, tid: str) -> Trooper:
    if not state.has_trooper(tid) or state.untargetable(tid):
        raise refuse("unknown_trooper", "There is no such enemy trooper.")
    t = state.trooper(tid)
    if t.seat == seat or not t.on_table:
        raise refuse("unknown_trooper", "Choose an enemy trooper on the table.")
    return t


def _check_bs(state: State, cur: CurrentOrder, skill: Skill, actor: Trooper) -> None:
    w = cm.usable_weapon(actor, skill.weapon or "")
    if w is None or not w.ranged:
        raise refuse("skill_not_allowed", "That trooper has no such ranged weapon to fire.")
    mode = cm.mode_of(w, skill.mode)
    if mode is None:
        raise refuse(
            "skill_not_allowed",
            "The {weapon} has no mode {mode}.",
            weapon=Term(w.id, w.name),
            mode=skill.mode,
        )
    burst = cm.burst_for(w, mode, team_bonus(state, cur), reactive=False)
    if w.uses is not None:
        burst = min(burst, actor.uses_left(w.id, w.uses) or 0)
    assert actor.hex is not None
    if skill.structure is not None:
        if skill.targets or skill.aims:
            raise refuse("malformed", "A shot at scenery names no trooper and no aim.")
        structures.check(state, actor, w, mode, skill.structure)
        return
    if skill.mine is not None:  # a shot at a mine known to be one (mines.py)
        if skill.targets or skill.aims or skill.structure is not None:
            raise refuse("malformed", "A shot at a mine names no trooper, aim nor scenery.")
        from games.engine.infinity import mine_shots

        mine_shots.check_shot(state, actor, w, skill.mine)
        return
    if w.direct_template:
        if not skill.aims or skill.targets:
            raise refuse("malformed", "A teardrop template is aimed (aim), not at targets.")
        if len(skill.aims) > burst:
            raise refuse(
                "burst_exceeded",
                "The {weapon} places {burst} template(s) here.",
                weapon=Term(w.id, w.name),
                burst=burst,
            )
        for aim in skill.aims:
            if not geo.aim_in_arc(actor.facing, aim):
                raise refuse("not_in_arc", "A template is aimed inside the front arc.")
        return
    if not skill.targets:
        raise refuse("malformed", "Name at least one target.")
    if sum(b for _, b in skill.targets) > burst or any(b < 1 for _, b in skill.targets):
        raise refuse(
            "burst_exceeded",
            "The {weapon} fires a burst of {burst} here.",
            weapon=Term(w.id, w.name),
            burst=burst,
        )
    from games.engine.infinity import holo

    for tid, _ in skill.targets:
        echo = holo.aimed_echo(state, actor.seat, tid)  # a Holo-echo is shot as a trooper
        target = state.trooper(echo[0]) if echo else enemy_target(state, actor.seat, tid)
        at = holo.token_hex(state, *echo) if echo else target.hex
        assert at is not None
        check_aimed(state, actor, w, at, "target")


def check_aimed(state: State, actor: Trooper, w: Weapon, at: Hex, what: str) -> None:
    """A shot at `at` (a trooper, or a mine: `what` names it in the refusal) is in the front
    arc, in line of fire and in the weapon's range."""
    assert actor.hex is not None
    if not geo.in_arc(actor.hex, actor.facing, at):
        raise refuse("not_in_arc", "That {what} is outside the front arc.", what=what)
    if not cm.sees(state, actor, at):
        raise refuse("no_line_of_fire", "There is no line of fire to that {what}.", what=what)
    if w.range_mod(distance(actor.hex, at)) is None:
        raise refuse(
            "out_of_range",
            "That {what} is out of the {weapon}'s range.",
            what=what,
            weapon=Term(w.id, w.name),
        )


def _check_cc(state: State, cur: CurrentOrder, skill: Skill, actor: Trooper) -> None:
    if skill.berserk and not actor.prof.has("berserk"):
        raise refuse("skill_not_allowed", "Only a trooper with Berserk attacks berserk.")
    target = enemy_target(state, actor.seat, skill.target or "")
    assert actor.hex is not None and target.hex is not None
    if distance(actor.hex, target.hex) != 1 or not same_level(state, actor.hex, target.hex):
        raise refuse("skill_not_allowed", "A close combat attack needs base contact.")
    if skill.weapon is not None:
        w = cm.usable_weapon(actor, skill.weapon)
        if w is None or not (w.cc or w.cc_only):
            raise refuse("skill_not_allowed", "That is not a close combat weapon of this trooper.")
    elif cm.best_cc_weapon(actor) is None:
        raise refuse("skill_not_allowed", "This trooper has no close combat weapon.")


def _check_minesweep(state: State, cur: CurrentOrder, skill: Skill, actor: Trooper) -> None:
    """The Minesweeper (minesweeper.py): only its carrier; wherever it stands, so that no
    refusal tells where a mine lies (it may be used against mines not yet found)."""
    from games.engine.infinity import minesweeper

    if not minesweeper.sweeps(actor):
        raise refuse("skill_not_allowed", "Only a trooper with a Minesweeper uses one.")


def _check_intuitive(state: State, cur: CurrentOrder, skill: Skill, actor: Trooper) -> None:
    from games.engine.infinity import intuitive

    intuitive.check(state, skill, actor)


def _check_holo_reactivate(state: State, cur: CurrentOrder, skill: Skill, actor: Trooper) -> None:
    disguise.check_reactivate(state, actor, skill.disguise)


def _check_recamouflage(state: State, cur: CurrentOrder, skill: Skill, actor: Trooper) -> None:
    camo.check_hide_again(state, actor)


def _check_sync(state: State, cur: CurrentOrder, skill: Skill, actor: Trooper) -> None:
    civ.check_sync(state, actor, skill.civilian)


SPECULATIVE_MOD = -6  # SC-2 ('le MOD de Tir Speculatif, -6'), spec B.9


def _check_speculative(state: State, cur: CurrentOrder, skill: Skill, actor: Trooper) -> None:
    """Speculative fire (tier 2, a long skill): an impact-template weapon aimed at a hex in the
    front arc and in range, with no line of fire needed."""
    w = cm.usable_weapon(actor, skill.weapon or "")
    if w is None or not w.ranged or w.template != "circular":
        raise refuse("skill_not_allowed", "Speculative fire needs a grenade or grenade launcher.")
    if cm.mode_of(w, skill.mode) is None:
        raise refuse(
            "skill_not_allowed",
            "The {weapon} has no mode {mode}.",
            weapon=Term(w.id, w.name),
            mode=skill.mode,
        )
    assert actor.hex is not None
    if skill.to is None or not geo.on_board(state.board, skill.to):
        raise refuse("malformed", "Speculative fire names the hex it aims at (to).")
    if state.scenery_at.get(skill.to) in geo.IMPASSABLE:
        raise refuse("illegal_path", "Aim at an open hex, not into a building.")
    if not geo.in_arc(actor.hex, actor.facing, skill.to):
        raise refuse("not_in_arc", "That hex is outside the front arc.")
    if w.range_mod(distance(actor.hex, skill.to)) is None:
        raise refuse(
            "out_of_range", "That hex is out of the {weapon}'s range.", weapon=Term(w.id, w.name)
        )
    area = set(geo.circular(skill.to, state.board, state.scenery_at))
    if camo.only_markers_under(state, actor.seat, area):  # as at scenery (D, 'RÈGLE DE DECORS')
        raise refuse("skill_not_allowed", "A template is not laid on camouflage markers alone.")


def speculative_sv(state: State, actor: Trooper, skill: Skill) -> tuple[int, dict[str, int]]:
    """BS (PH when thrown) + range - 6; no cover (there is no target) and no fireteam bonus
    (FT-13: none for the attacks that are long skills)."""
    w = weapon(skill.weapon or "")
    assert actor.hex is not None and skill.to is not None
    base = actor.prof.ph if w.thrown else actor.prof.bs
    mods = {"range": w.range_mod(distance(actor.hex, skill.to)) or 0}
    mods["speculative"] = SPECULATIVE_MOD
    return base + sum(mods.values()), mods


def _check_heal(state: State, cur: CurrentOrder, skill: Skill, actor: Trooper) -> None:
    medical.check(state, actor, skill.target)
