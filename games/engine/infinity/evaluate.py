"""`evaluate(state, seat)`: a win estimate in [0, 1] for the generic computer opponent
(games/engine/search.py). It projects the Annihilation score: casualty points each side has
caused, plus what the order being declared is expected to cause (every attack and reaction
already declared, face-to-face odds approximated), plus a little for closing in on the enemy
and standing in cover. It reads only the state it is given (a dealt state, for the bot)."""

from __future__ import annotations

from dataclasses import replace
from functools import cache

from games.engine.hexgrid import distance
from games.engine.infinity import common as cm
from games.engine.infinity import geometry as geo
from games.engine.infinity import heights, medical
from games.engine.infinity.attacks import BERSERK_CC
from games.engine.infinity.close_combat import i_kohl_mod
from games.engine.infinity.damage import SAVES
from games.engine.infinity.data import Mode, Weapon, profile, weapon
from games.engine.infinity.movement import in_contact
from games.engine.infinity.rolls import p_success
from games.engine.infinity.skills import speculative_sv
from games.engine.infinity.state import Aro, CurrentOrder, Skill, State, Trooper
from games.engine.infinity.turns import victory_points
from games.engine.infinity.zones import holders
from games.engine.protocol import IllegalMove
from games.engine.search import BUDGETS

ZONE_POINT = 40.0  # a zone point weighs like a strong trooper's casualty points
# B.5's Deployment privilege (setup.py): deploying second, seeing the enemy's army on the table,
# is worth about a cheap trooper's points. The computer so takes it on winning the roll-off and
# chooses it when left the choice (the first turn it leaves to the search: no term here).
SECOND_DEPLOYMENT = 10.0

# The generic search's budgets for Infinity (system.search_budgets): the default ones, with this
# estimate right after a move counted as one simulation of each candidate (`prior`). Without it
# two or three random playouts a candidate decided alone, and a Climb putting an HMG on a roof in
# sight of the enemy lost to a step on the ground in half the seeds
# (test_infinity_heights.py's `test_the_computer_climbs_to_a_roof_that_gives_it_a_line_of_fire`).
SEARCH_BUDGETS = {level: replace(budget, prior=1) for level, budget in BUDGETS.items()}


def _p_win(sv: int, opp_sv: int, opp_dice: int) -> float:
    """Rough chance that one die at `sv` hits through `opp_dice` opposing dice at `opp_sv`."""
    p = p_success(sv)
    if opp_dice <= 0:
        return p
    q = p_success(opp_sv)
    none = (1 - q) ** opp_dice
    higher = sv / (sv + opp_sv * opp_dice**0.5) if sv + opp_sv > 0 else 0.5
    return p * (none + (1 - none) * higher)


def _casualty_chance(target: Trooper, hits: float, per_hit_wound: float) -> float:
    r = max(0.0, min(1.0, per_hit_wound))
    n = max(0.0, hits)
    need = max(1, target.prof.w - target.wounds)
    none: float = (1 - r) ** n
    if need == 1:
        return 1.0 - none
    one: float = n * r * (1 - r) ** max(0.0, n - 1)
    return max(0.0, 1.0 - none - one)


def _wound_chance(state: State, target: Trooper, mode: Mode, dam: int, origin_cover: bool) -> float:
    arm = target.prof.arm
    if "AP" in mode.ammo:
        arm = (arm + 1) // 2
    if origin_cover:
        arm += 3
    fail = max(0.0, min(1.0, (dam - arm) / 20))
    saves = SAVES.get(mode.ammo, 1)
    return 1 - (1 - fail) ** saves


def _attack_value(
    state: State,
    attacker: Trooper,
    w: Weapon,
    mode: Mode,
    burst: int,
    target: Trooper,
    sv: int,
    opposed: tuple[int, int],
    covered: bool,
) -> float:
    """Expected casualty points of one allocation."""
    per_die = _p_win(sv, *opposed)
    wound = _wound_chance(state, target, mode, cm.damage(attacker, mode), covered)
    return target.prof.points * _casualty_chance(target, burst * per_die, wound)


def _close_combat_value(state: State, cur: CurrentOrder, seat: int) -> float:
    """Expected casualty points of the close combats declared (spec B.11, « Close combat »),
    active and reactive, + for `seat`: CC face to face against the other's CC attack back or
    Dodge, a Normal roll both ways when either is Berserk (resolve._opposition), i-Kohl on the
    attacker's CC."""
    fights: list[tuple[str, str | None, bool]] = [
        (x.trooper, x.target, x.berserk)
        for x in (a for s in cur.skills for a in s.actions)
        if x.skill == "cc_attack" and x.trooper and x.target
    ]
    fights += [(x.trooper, x.target, x.berserk) for x in cur.aros if x.skill == "cc_attack"]
    total = 0.0
    for aid, tid, berserk in fights:
        if not tid or not state.has_trooper(tid):
            continue
        a, t = state.trooper(aid), state.trooper(tid)
        w = cm.best_cc_weapon(a)
        if w is None or a.hex is None or t.hex is None:
            continue
        sv = a.prof.cc + (BERSERK_CC if berserk else 0) + i_kohl_mod(t.prof)
        back = next((f for f in fights if f[0] == tid and f[1] == aid), None)
        dodges = any(x.trooper == tid and x.skill == "dodge" for x in cur.aros)
        opposed = (0, 0)  # Berserk on either side: Normal rolls, a Dodge does not stop it
        if not berserk and back is not None and not back[2]:
            opposed = (t.prof.cc + i_kohl_mod(a.prof), 1)
        elif not berserk and back is None and dodges:
            opposed = (t.prof.ph, 1)
        wound = _wound_chance(state, t, w.modes["N"], cm.cc_damage(a, w), False)
        value = t.prof.points * _casualty_chance(t, _p_win(sv, *opposed), wound)
        total += value if a.seat == seat else -value
    return total


def _order_value(state: State, cur: CurrentOrder, seat: int, approach: bool = True) -> float:
    """Expected casualty points the declared order and its reactions will cause, + for `seat`
    (close combats and reactive templates with `approach`)."""
    total = _close_combat_value(state, cur, seat) if approach else 0.0
    aros = {a.trooper: a for a in cur.aros}
    for skill in (a for s in cur.skills for a in s.actions):
        if skill.skill != "bs_attack" or not skill.trooper:
            continue
        a = state.trooper(skill.trooper)
        w = weapon(skill.weapon or "")
        mode = cm.mode_of(w, skill.mode) or w.modes["N"]
        if a.hex is None:
            continue
        sign = 1 if a.seat == seat else -1
        if w.direct_template:
            for aim in skill.aims:
                area = set(
                    geo.teardrop(a.hex, aim, w.template or "", state.board, state.scenery_at)
                )
                for v in state.troopers:
                    if v.hex in area and v.on_table and v.id != a.id:
                        dodge = 0.5 * p_success(v.prof.ph) if v.id in aros else 0.0
                        wound = _wound_chance(state, v, mode, cm.damage(a, mode), False)
                        value = v.prof.points * _casualty_chance(v, 1 - dodge, wound)
                        total += value * (sign if v.seat != a.seat else -sign)
            continue
        for tid, burst in skill.targets:
            if not state.has_trooper(tid):
                continue  # a Holo-echo (holo.py): the computer takes it for a decoy (D)
            t = state.trooper(tid)
            if t.hex is None:
                continue
            sv, _ = cm.bs_sv(state, a, w, a.hex, t.hex, cm.NO_BONUS, victim=t)
            back = aros.get(tid)
            opposed = (0, 0)
            if back is not None and back.target == a.id and back.skill == "bs_attack":
                opposed = (state.trooper(tid).prof.bs, 1)
            elif back is not None and back.skill == "dodge":
                opposed = (t.prof.ph, 1)
            covered = cm.cover(state, a.hex, t.hex)
            total += sign * _attack_value(state, a, w, mode, burst, t, sv, opposed, covered)
    for skill in (a for s in cur.skills for a in s.actions):
        if skill.skill == "heal" and skill.target and skill.trooper:
            total += _heal_value(state, skill.trooper, skill.target, seat)
        if skill.skill == "speculative" and skill.trooper and skill.to is not None:
            total += _speculative_value(state, skill, aros, seat)
    for aro in cur.aros:
        if aro.skill != "bs_attack" or aro.at is None or not aro.weapon:
            continue
        r = state.trooper(aro.trooper)
        t = state.trooper(aro.target or "")
        w = weapon(aro.weapon)
        mode = cm.mode_of(w, aro.mode) or w.modes["N"]
        if r.hex is None or (w.direct_template and not approach):
            continue
        if w.direct_template:
            total += _reactive_template_value(state, cur, r, t, mode, seat)
            continue
        bonus = cm.reactive_bonus(state, r.id)
        sv, _ = cm.bs_sv(state, r, w, r.hex, aro.at, bonus, t.hex, victim=t)
        opposed = (0, 0)
        for skill in (a for s in cur.skills for a in s.actions):
            if skill.trooper == t.id and skill.skill == "bs_attack":
                if any(x == r.id for x, _ in skill.targets):
                    opposed = (t.prof.bs, 2)
            if skill.skill == "dodge" and t.id in cur.acting:
                opposed = (t.prof.ph, 1)
        sign = 1 if r.seat == seat else -1
        covered = cm.cover(state, r.hex, aro.at, t.hex)
        total += sign * _attack_value(state, r, w, mode, 1 + bonus.burst, t, sv, opposed, covered)
    return total


def _reactive_template_value(
    state: State, cur: CurrentOrder, r: Trooper, t: Trooper, mode: Mode, seat: int
) -> float:
    """A direct template in reaction (a chain rifle's ARO, spec B.3): no roll to hit, the
    activated trooper's Dodge declared in its order the only defence, no cover; the other
    troopers the teardrop may catch are left out (D)."""
    dodges = any(a.skill == "dodge" and a.trooper == t.id for s in cur.skills for a in s.actions)
    dodge = 0.5 * p_success(t.prof.ph) if dodges else 0.0
    wound = _wound_chance(state, t, mode, cm.damage(r, mode), False)
    value = t.prof.points * _casualty_chance(t, 1 - dodge, wound)
    return value if r.seat == seat else -value


def _speculative_value(state: State, skill: Skill, aros: dict[str, Aro], seat: int) -> float:
    """Expected casualty points of a speculative shot: the template's victims, each with the
    chance that the roll succeeds and it does not dodge."""
    a = state.trooper(skill.trooper or "")
    w = weapon(skill.weapon or "")
    mode = w.modes["N"]
    if a.hex is None or skill.to is None:
        return 0.0
    p = p_success(speculative_sv(state, a, skill)[0])
    sign = 1 if a.seat == seat else -1
    total = 0.0
    for v in state.troopers:
        if v.on_table and v.hex in geo.circular(skill.to, state.board, state.scenery_at):
            dodge = 0.5 * p_success(v.prof.ph) if v.id in aros else 0.0
            wound = _wound_chance(state, v, mode, cm.damage(a, mode), False)
            value = v.prof.points * _casualty_chance(v, p * (1 - dodge), wound)
            total += value * (sign if v.seat != a.seat else -sign)
    return total


def _heal_value(state: State, actor_id: str, patient_id: str, seat: int) -> float:
    """A treatment declared: the patient's points back with its chance of success (a failure
    kills it, which costs nothing more in Annihilation than staying down). The method is the
    engine's own (medical.method): base contact needs the same level, so a MediKit reaching down
    from a roof to the foot of its wall is a BS roll, and a Doctor there treats nobody."""
    actor, patient = state.trooper(actor_id), state.trooper(patient_id)
    if actor.hex is None or patient.hex is None or patient.state != "unconscious":
        return 0.0
    try:
        how = medical.method(state, actor, patient)
    except IllegalMove:
        return 0.0
    sign = 1 if patient.seat == seat else -1
    if how == "doctor":
        return sign * patient.prof.points * p_success(actor.prof.wip)
    if how == "servant":
        doctor = medical.servant_doctor(state, actor)
        return sign * patient.prof.points * p_success(doctor.prof.wip)
    reach = 1.0
    if how == "remote":
        sv, _ = cm.bs_sv(state, actor, weapon(medical.MEDIKIT), actor.hex, patient.hex, cm.NO_BONUS)
        reach = p_success(sv)
    return sign * patient.prof.points * reach * p_success(patient.prof.ph)


def _threat(state: State, shooter: Trooper, target: Trooper) -> float:
    """What `shooter` could do to `target` with its best weapon from where both stand now (its
    line of fire, range and a full burst), in expected casualty points."""
    assert shooter.hex is not None and target.hex is not None
    d = distance(shooter.hex, target.hex)
    weapons = [w for w in cm.ranged_weapons(shooter) if w.range_mod(d) is not None]
    if not weapons or not cm.sees(state, shooter, target.hex):
        return 0.0
    covered = cm.cover(state, shooter.hex, target.hex)
    best = 0.0
    for w in weapons:
        mode = w.modes["N"]
        sv, _ = cm.bs_sv(
            state, shooter, w, shooter.hex, target.hex, cm.NO_BONUS, victim=target, ammo=mode.ammo
        )
        value = _attack_value(
            state, shooter, w, mode, min(mode.burst, 3), target, sv, (0, 0), covered
        )
        best = max(best, value)
    return best


# What the next order's first skill, a move, is worth to a template or a close combat that needs
# it: the enemy sees the approach and reacts, and the order is spent on it.
APPROACH = 0.5


def _template_reach(state: State, attacker: Trooper, target: Trooper) -> float:
    """A direct template weapon's expected casualty points on `target` (spec B.3, « Gabarit en
    Larme »: no roll to hit, a Dodge the only defence, no cover), from where `attacker` stands
    (the teardrop's length: cm.reach) or one move further (its first MOV), at APPROACH's worth."""
    assert attacker.hex is not None and target.hex is not None
    d = distance(attacker.hex, target.hex)
    best = 0.0
    for w in cm.ranged_weapons(attacker):
        if not w.direct_template or d > cm.reach(w) + attacker.prof.move_hexes[0]:
            continue
        mode = w.modes["N"]
        dodge = 0.5 * p_success(target.prof.ph)
        wound = _wound_chance(state, target, mode, cm.damage(attacker, mode), False)
        value = target.prof.points * _casualty_chance(target, 1 - dodge, wound)
        now = d <= cm.reach(w) and cm.sees(state, attacker, target.hex)
        best = max(best, value if now else APPROACH * value)
    return best


def _close_combat_reach(state: State, attacker: Trooper, target: Trooper) -> float:
    """Close combat's expected casualty points on `target` (spec B.11, « Close combat ») when
    `attacker` is in base contact, or a move from it (its first MOV) at APPROACH's worth: CC
    against the target's CC face to face, or Berserk's Normal roll at +9 (attacks.BERSERK_CC)
    when it has it."""
    assert attacker.hex is not None and target.hex is not None
    d = distance(attacker.hex, target.hex)
    w = cm.best_cc_weapon(attacker)
    if w is None or d > 1 + attacker.prof.move_hexes[0]:
        return 0.0
    p = _p_win(attacker.prof.cc, target.prof.cc, 1)
    if attacker.prof.has("berserk"):
        p = max(p, p_success(attacker.prof.cc + BERSERK_CC))
    mode = w.modes["N"]
    wound = _wound_chance(state, target, mode, cm.cc_damage(attacker, w), False)
    value = target.prof.points * _casualty_chance(target, p, wound)
    return value if in_contact(state, attacker.hex, target.hex) else APPROACH * value


@cache
def _template_length(profile_id: str) -> int:
    """The longest teardrop among a profile's direct template weapons (0 without one): a gate
    that spares `_template_reach` the troopers it cannot concern (evaluate runs in every
    playout)."""
    lengths = [cm.reach(w) for w in map(weapon, profile(profile_id).weapons) if w.direct_template]
    return max(lengths, default=0)


def _reach(state: State, attacker: Trooper, target: Trooper, approach: bool) -> float:
    """The best of what `attacker` can do to `target`: a shot from where it stands, or (with
    `approach`) a template or a close combat now or after one move."""
    best = _threat(state, attacker, target)
    if not approach:
        return best
    assert attacker.hex is not None and target.hex is not None
    d, mov = distance(attacker.hex, target.hex), attacker.prof.move_hexes[0]
    if d <= _template_length(attacker.profile) + mov:
        best = max(best, _template_reach(state, attacker, target))
    if d <= 1 + mov:
        best = max(best, _close_combat_reach(state, attacker, target))
    return best


def _posture(state: State, seat: int, approach: bool = True) -> float:
    """Who threatens whom from where they stand: the active seat's next shots count more than
    the reactive seat's (it only reacts with a burst of 1), plus a little for a linked team and
    for closing in on the enemy. With `approach`, a template or a close combat a move away
    counts too (_reach)."""
    mine = [t for t in state.army(seat) if t.normal and t.hex is not None]
    theirs = [t for t in state.army(1 - seat) if t.normal and t.hex is not None]
    if not mine or not theirs:
        return 0.0
    active = state.turn.active_seat == seat and state.turn.phase == "active"
    value = 0.0
    for m in mine:
        for e in theirs:
            assert m.hex is not None and e.hex is not None
            if distance(m.hex, e.hex) > 24:
                continue
            value += (0.35 if active else 0.15) * _reach(state, m, e, approach)
            value -= (0.15 if active else 0.35) * _reach(state, e, m, approach)
    team = state.live_team(seat)
    if team is not None:
        value += 2.0 * len(cm.linked_members(state, team))
    near = sum(min(distance(m.hex, e.hex) for e in theirs if e.hex) for m in mine if m.hex)
    return value - 0.2 * near / len(mine)


def _climbing_posture(state: State, seat: int, approach: bool = True) -> float:
    """`_posture`, a Climb declared this order weighed by its PH roll still to come (a failure
    puts the climber back at the foot of the wall, heights.roll_climbs): each climber's chance
    of falling back times what it changes, one climber at a time (D: a team's climbers roll
    each their own die; their joint outcomes are left out)."""
    up = _posture(state, seat, approach)
    cur = state.turn.current
    if cur is None:
        return up
    value = up
    for tid, start, _ in heights.unrolled_climbs(cur):
        fail = 1 - p_success(state.trooper(tid).prof.ph)
        if fail > 0 and start not in state.occupants:
            value += fail * (_posture(state.update(tid, hex=start), seat, approach) - up)
    return value


def _deployment_order(state: State, seat: int) -> float:
    first = state.turn.first_deployer
    if state.turn.phase != "deployment" or first is None:
        return 0.0
    return -SECOND_DEPLOYMENT if first == seat else SECOND_DEPLOYMENT


def evaluate(state: State, seat: int, approach: bool = True) -> float:
    if state.score is not None:
        if state.score.winner is None:
            return 0.5
        return 1.0 if state.score.winner == seat else 0.0
    margin = float(victory_points(state, seat) - victory_points(state, 1 - seat))
    for t in state.troopers:
        if t.normal and t.wounds:
            margin += (0.4 if t.seat != seat else -0.4) * t.prof.points * t.wounds / t.prof.w
    cur = state.turn.current
    if cur is not None:
        margin += _order_value(state, cur, seat, approach)
    margin += _climbing_posture(state, seat, approach)
    margin += _deployment_order(state, seat)
    if state.scenario.id == "zone_control":
        # Zone points decide, the Annihilation points only break ties: weigh them so.
        zp = state.seats[seat].zone_points - state.seats[1 - seat].zone_points
        held = sum(1 if h == seat else -1 for h in holders(state) if h is not None)
        margin = ZONE_POINT * (zp + 0.5 * held) + 0.25 * margin
    scale = 2.0 * max(1, max(s.army_points for s in state.seats))
    return max(0.01, min(0.99, 0.5 + margin / scale))
