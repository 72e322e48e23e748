"""What an order sets rolling (spec B.6 step 6): the active side's attacks (a shot's allocations
with their success values, a cc attack, a template, a speculative shot), the reactions' attacks,
the dodges; gathered before any die is rolled (resolve.py rolls and compares them)."""

from __future__ import annotations

from dataclasses import dataclass, field

from games.engine.hexgrid import Hex, distance
from games.engine.infinity import common as cm
from games.engine.infinity import damage, intuitive, medical, mine_shots, mines, structures
from games.engine.infinity import geometry as geo
from games.engine.infinity.data import Mode, Weapon, weapon
from games.engine.infinity.rolls import Die
from games.engine.infinity.skills import speculative_sv, team_bonus
from games.engine.infinity.state import Aro, CurrentOrder, Skill, State, Trooper

# Berserk's CC MOD: +9, as the text's i-Kohl example states it (« le bonus de CC +9 sera annulé
# par l'i-Kohl N3 (CC -9) »); the spec's later-editions +6 is corrected (README).
BERSERK_CC = 9


@dataclass
class Alloc:
    target: str
    burst: int
    hex: Hex  # where the target is hit (an ARO's `at`)
    sv: int = 0
    mods: dict[str, int] = field(default_factory=dict)
    dice: tuple[Die, ...] = ()


@dataclass
class Attack:
    attacker: str
    reactive: bool
    weapon: Weapon
    mode: Mode
    kind: str  # bs | cc | impact | direct | speculative | structure | mine | intuitive
    origin: Hex
    allocations: list[Alloc] = field(default_factory=list)
    areas: list[tuple[Hex, ...]] = field(default_factory=list)  # direct templates
    berserk: bool = False  # every contest with it is Normal rolls both ways


@dataclass
class Resolution:
    attacks: list[Attack] = field(default_factory=list)
    dodges: dict[str, Die] = field(default_factory=dict)
    dodge_to: dict[str, Hex | None] = field(default_factory=dict)
    syncs: list[tuple[str, str, Die]] = field(default_factory=list)  # trooper, civilian, roll
    treatments: list[medical.Treatment] = field(default_factory=list)
    hits: list[damage.Hit] = field(default_factory=list)
    saved: set[str] = field(default_factory=set)  # troopers that made a saving roll
    structure_hits: list[tuple[Attack, Die]] = field(default_factory=list)  # successes on scenery
    mine_hits: list[tuple[Attack, Die]] = field(default_factory=list)  # successes on a mine
    sweeps: list[tuple[str, Die]] = field(default_factory=list)  # Minesweeper rolls (mines.py)


def _active_attack(state: State, cur: CurrentOrder, skill: Skill) -> Attack | None:
    actor = state.trooper(skill.trooper or "")
    if actor.hex is None or not actor.normal:
        return None
    if skill.skill == "cc_attack":
        w = weapon(skill.weapon) if skill.weapon else cm.best_cc_weapon(actor)
        target = state.trooper(skill.target or "")
        if w is None or target.hex is None:
            return None
        alloc = Alloc(target.id, 1, target.hex)
        return Attack(actor.id, False, w, w.modes["N"], "cc", actor.hex, [alloc], [], skill.berserk)
    w = weapon(skill.weapon or "")
    mode = cm.mode_of(w, skill.mode)
    assert mode is not None
    if skill.skill == "speculative" and skill.to is not None:
        sv, mods = speculative_sv(state, actor, skill)
        alloc = Alloc("", 1, skill.to, sv, mods)
        return Attack(actor.id, False, w, mode, "speculative", actor.hex, [alloc])
    if skill.skill == intuitive.SKILL:
        return _intuitive_attack(state, actor, w, mode, skill)
    bonus = team_bonus(state, cur)  # recounted now (FT-24 step 5)
    burst = cm.burst_for(w, mode, bonus, reactive=False)
    if w.uses is not None:
        burst = min(burst, actor.uses_left(w.id, w.uses) or 0)
    if skill.structure is not None:  # a shot at scenery (structures.py)
        sv, mods = structures.sv(state, actor, w, skill.structure, bonus.bs)
        alloc = Alloc("", burst, skill.structure, sv, mods)
        return Attack(actor.id, False, w, mode, "structure", actor.hex, [alloc])
    if skill.mine is not None:  # a shot at a mine (mines.py); gone already: nothing to roll
        found = mines.find(state, skill.mine)
        if found is None:
            return None
        sv, mods = mine_shots.shot_sv(actor, w, found[1].hex, bonus.bs)
        alloc = Alloc(skill.mine, burst, found[1].hex, sv, mods)
        return Attack(actor.id, False, w, mode, "mine", actor.hex, [alloc])
    if w.direct_template:
        areas = [
            geo.teardrop(actor.hex, aim, w.template or "", state.board, state.scenery_at)
            for aim in skill.aims[:burst]
        ]
        return Attack(actor.id, False, w, mode, "direct", actor.hex, areas=areas)
    attack = Attack(actor.id, False, w, mode, "impact" if w.template else "bs", actor.hex)
    for tid, n in skill.targets:
        n = min(n, burst)
        burst -= n
        echo = next((e for e in state.echoes if e.id == tid), None)  # holo.py
        if echo is None and not state.has_trooper(tid):
            continue  # a Holo-echo dispelled since it was aimed at
        target = state.trooper(echo.trooper if echo else tid)
        at = echo.hex if echo else target.hex
        if n <= 0 or at is None:
            continue
        sv, mods = cm.bs_sv(state, actor, w, actor.hex, at, bonus, victim=target, ammo=mode.ammo)
        attack.allocations.append(Alloc(tid, n, at, sv, mods))
    return attack


def _intuitive_attack(
    state: State, actor: Trooper, w: Weapon, mode: Mode, skill: Skill
) -> Attack | None:
    """An Intuitive Attack (intuitive.py): a Normal WIP roll; its teardrop, aimed as it was
    declared (the trooper has not moved: a long skill), is laid on a success (resolve.py). A
    hand-written declaration without its aim rolls nothing."""
    if actor.hex is None or w.template is None or not skill.aims:
        return None
    area = geo.teardrop(actor.hex, skill.aims[0], w.template, state.board, state.scenery_at)
    sv, mods = intuitive.sv(state, actor, skill.target or "")
    alloc = Alloc(skill.target or "", 1, actor.hex, sv, mods)
    return Attack(actor.id, False, w, mode, intuitive.SKILL, actor.hex, [alloc], [area])


def _reactive_attack(state: State, cur: CurrentOrder, aro: Aro) -> Attack | None:
    r = state.trooper(aro.trooper)
    if r.hex is None or aro.at is None or not r.normal:
        return None
    echo = next((e for e in state.echoes if e.id == aro.target), None)  # holo.py
    if echo is None and not state.has_trooper(aro.target or ""):
        return None  # a Holo-echo dispelled since: nothing there any more
    target = state.trooper(echo.trooper if echo else aro.target or "")
    now = echo.hex if echo else target.hex
    bonus = cm.reactive_bonus(state, r.id)
    if aro.skill == "cc_attack":
        w = weapon(aro.weapon) if aro.weapon else cm.best_cc_weapon(r)
        if w is None:
            return None
        alloc = Alloc(aro.target or "", 1, aro.at)
        return Attack(r.id, True, w, w.modes["N"], "cc", r.hex, [alloc], [], aro.berserk)
    w = weapon(aro.weapon or "")
    mode = cm.mode_of(w, aro.mode)
    assert mode is not None
    burst = cm.burst_for(w, mode, bonus, reactive=True)
    if w.uses is not None:
        burst = min(burst, r.uses_left(w.id, w.uses) or 0)
    if w.direct_template:
        aims = (aro.aims or ())[:burst] or ()
        areas = [
            geo.teardrop(r.hex, a, w.template or "", state.board, state.scenery_at) for a in aims
        ]
        return Attack(r.id, True, w, mode, "direct", r.hex, areas=areas)
    # Sixth Sense L2 meets an attacker just out of marker state without its surprise (T 1506)
    seen_coming = target.id in cur.surprise and cm.sixth_sense(state, r.id)
    sv, mods = cm.bs_sv(
        state,
        r,
        w,
        r.hex,
        aro.at,
        bonus,
        target_now=now,
        victim=target,
        ammo=mode.ammo,
        seen_coming=seen_coming,
    )
    kind = "impact" if w.template else "bs"
    alloc = Alloc(aro.target or "", burst, aro.at, sv, mods)
    return Attack(r.id, True, w, mode, kind, r.hex, [alloc])


def gather(state: State, cur: CurrentOrder) -> Resolution:
    res = Resolution()
    for skill in cur.skills:
        if skill.skill in ("bs_attack", "cc_attack", "speculative", "intuitive"):
            for action in skill.actions:
                attack = _active_attack(state, cur, action)
                if attack is not None:
                    res.attacks.append(attack)
        elif skill.skill == "dodge":
            for tid in cur.acting:
                if state.trooper(tid).normal:
                    res.dodges[tid] = Die(0, 0, False, False)
                    res.dodge_to[tid] = skill.to if tid == skill.trooper else None
    for aro in cur.aros:
        if aro.skill in ("bs_attack", "cc_attack"):
            attack = _reactive_attack(state, cur, aro)
            if attack is not None:
                res.attacks.append(attack)
        elif aro.skill == "dodge" and state.trooper(aro.trooper).normal:
            res.dodges[aro.trooper] = Die(0, 0, False, False)
            res.dodge_to[aro.trooper] = aro.to
    if cur.synchronised:
        _unthreatened_stay(state, cur, res)
    return res


def _unthreatened_stay(state: State, cur: CurrentOrder, res: Resolution) -> None:
    """A G: Synchronised or G: Servant pair declares one Dodge, but only the partner an ARO
    threatens rolls it (T, 'Ghost : Serviteur' example: « Le Yáozăo doit effectuer un Jet
    d'Opposition, mais pas Yie Yang, car elle n'est pas menacée »). Threatened: the target of a
    reactive attack, inside a reactive direct template, or within two hexes of a reactive
    impact template's centre (a generous reading of its circle, D)."""
    for tid in cur.acting:
        t = state.trooper(tid)
        if tid not in res.dodges or t.hex is None or tid in (a.trooper for a in cur.aros):
            continue
        threatened = any(target == tid for _, target in cur.koalas)
        for attack in res.attacks:
            if not attack.reactive:
                continue
            if any(t.hex in area for area in attack.areas):
                threatened = True
            for alloc in attack.allocations:
                near = attack.kind == "impact" and alloc.hex is not None
                if alloc.target == tid or (near and distance(alloc.hex, t.hex) <= 2):
                    threatened = True
        if not threatened:
            del res.dodges[tid]
            res.dodge_to.pop(tid, None)
