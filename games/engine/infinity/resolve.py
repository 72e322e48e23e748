"""Resolution of an order (spec B.6 step 6, B.8): every attack, dodge, synchronisation and
treatment of the order and of its AROs (gathered by attacks.py) is rolled at once; each allocation is a face-to-face roll only against
a trooper acting back at its attacker (a shot back, a dodge), otherwise a Normal roll; templates
are placed; the hits are then saved (damage.py) and the order concluded (conclude.py)."""

from __future__ import annotations

from typing import Any

from games.engine.hexgrid import Hex
from games.engine.infinity import camouflage as camo
from games.engine.infinity import common as cm
from games.engine.infinity import (
    damage,
    disguise,
    heights,
    holo,
    intuitive,
    koalas,
    medical,
    mine_shots,
    mines,
    minesweeper,
    structures,
)
from games.engine.infinity import geometry as geo
from games.engine.infinity.attacks import Alloc, Attack, Resolution, gather
from games.engine.infinity.civilians import sync_sv
from games.engine.infinity.close_combat import cc_sv
from games.engine.infinity.ctx import Ctx
from games.engine.infinity.rolls import Die, judge, judge_all, survivors
from games.engine.infinity.skills import team_bonus
from games.engine.infinity.state import CurrentOrder, Mine, State, Trooper, evolve


def _roll_key(attack: Attack) -> str:
    if attack.kind == "cc":
        return "cc"
    if attack.kind == intuitive.SKILL:
        return "wip"
    return "ph" if attack.weapon.thrown else "bs"


def roll(ctx: Ctx, res: Resolution, cur: CurrentOrder) -> None:
    """All the dice of the order, in the normative order: the active side's attacks allocation
    by allocation, its dodges, synchronisations and treatments, then the AROs in declaration
    order."""
    state = ctx.state
    active = [a for a in res.attacks if not a.reactive]
    reactive = [a for a in res.attacks if a.reactive]
    for attack in active:
        _roll_attack(ctx, res, attack)
    for tid in cur.acting:
        if tid in res.dodges:
            _roll_dodge(ctx, res, tid)
    for skill in (a for s in cur.skills for a in s.actions):
        if skill.skill == "sync_civilian" and skill.civilian and skill.trooper:
            actor = state.trooper(skill.trooper)
            c = state.civilian(skill.civilian)
            if actor.normal and c.state != "dead":
                sv = sync_sv(actor, c)
                die = judge(ctx.dice.d20(f"{actor.id}.wip"), sv)
                res.syncs.append((actor.id, c.id, die))
        if skill.skill == "heal" and skill.trooper and skill.target:
            treatment = medical.roll(ctx, skill.trooper, skill.target)
            if treatment is not None:
                res.treatments.append(treatment)
        if skill.skill == "discover" and skill.trooper and skill.target:
            discover(ctx, skill.trooper, skill.target)
        if skill.skill == "minesweep" and skill.trooper:
            _roll_sweep(ctx, res, skill.trooper)
    for aro in cur.aros:
        for attack in reactive:
            if attack.attacker == aro.trooper:
                _roll_attack(ctx, res, attack)
        if aro.skill == "discover" and aro.target:
            discover(ctx, aro.trooper, aro.target)
        if aro.skill == "minesweep":
            _roll_sweep(ctx, res, aro.trooper)
        if aro.skill == "dodge" and aro.trooper in res.dodges:
            _roll_dodge(ctx, res, aro.trooper)


def _roll_sweep(ctx: Ctx, res: Resolution, tid: str) -> None:
    """The Minesweeper's Normal WIP roll (dice `<id>.wip`; mines.py sweeps at the resolution)."""
    sweeper = ctx.state.trooper(tid)
    if sweeper.normal:
        die = judge(ctx.dice.d20(f"{tid}.wip"), minesweeper.sweep_sv(sweeper))
        res.sweeps.append((tid, die))


def _team_discover(state: State, actor: Trooper) -> int:
    """A fireteam of 4+'s +3 WIP « uniquement pour les Jet de Détecter » (T 174–177; its
    Exemple at 211–213: the leader « aurait reçu un MOD de +3 à sa VOL »): the leader of the
    team's order in the active turn, every linked member in the reactive turn (FT-12)."""
    cur = state.turn.current
    if cur is None:
        return 0
    if actor.seat == cur.seat:
        return team_bonus(state, cur).discover if actor.id == cur.trooper else 0
    return cm.reactive_bonus(state, actor.id).discover


def discover(ctx: Ctx, tid: str, marker: str) -> None:
    """Discover (camouflage.py): a Normal WIP roll (dice `<id>.wip`); a success replaces the
    marker by the trooper. A marker gone already (it attacked, or another found it) is not
    rolled for."""
    actor = ctx.state.trooper(tid)
    token = holo.token_named(ctx.state, actor.seat, marker)
    if token is not None:
        _discover_token(ctx, actor, *token)
        return
    if ctx.state.has_trooper(marker) and ctx.state.trooper(marker).seat != actor.seat:
        _discover_figure(ctx, actor, marker)  # a figure, maybe disguised (disguise.py)
        return
    found = camo.trooper_of(ctx.state, 1 - actor.seat, marker)
    mine = mines.find(ctx.state, marker)
    if mine is not None and mine[0] != actor.seat and not mine[1].shown and actor.normal:
        _discover_mine(ctx, actor, mine[1])
        return
    if found is None or not actor.normal:
        return
    target = ctx.state.trooper(found)
    sv, mods = camo.discover_sv(ctx.state, actor, target, _team_discover(ctx.state, actor))
    die = judge(ctx.dice.d20(f"{tid}.wip"), sv)
    ctx.emit(
        "DiscoverRolled",
        trooper=tid,
        marker=marker,
        sv=sv,
        mods=mods,
        die=die.value,
        success=die.success,
    )
    if die.success:
        camo.reveal(ctx, found, "discovered", by=tid)


def _discover_token(ctx: Ctx, actor: Trooper, tid: str, token: str) -> None:
    """Discover at a Holo-echo or at the figure among them (holo.py): success makes the owner
    say what it is (T 2402–2409). A token gone meanwhile is not rolled for."""
    if not actor.normal or not holo.projecting(ctx.state, tid):
        return
    if token not in dict(holo.tokens(ctx.state, tid)):
        return
    if _roll_discover(ctx, actor, token, holo.token_hex(ctx.state, tid, token)):
        holo.found(ctx, tid, token, "discovered", by=actor.id)


def _roll_discover(ctx: Ctx, actor: Trooper, name: str, at: Hex) -> bool:
    """WIP with Discover's range MODs only (holo.discover_sv) and a fireteam's bonus; told as
    `DiscoverRolled` {…, marker: name}. Whether it succeeded."""
    sv, mods = holo.discover_sv(actor, at)
    if team := _team_discover(ctx.state, actor):
        mods["fireteam"] = team
        sv += team
    die = judge(ctx.dice.d20(f"{actor.id}.wip"), sv)
    ctx.emit(
        "DiscoverRolled",
        trooper=actor.id,
        marker=name,
        sv=sv,
        mods=mods,
        die=die.value,
        success=die.success,
    )
    return die.success


def _discover_figure(ctx: Ctx, actor: Trooper, tid: str) -> None:
    """Discover at an enemy figure (T 2356–2358: « une réussite au Jet de VOL révélera
    l'Holoprojecteur »): WIP with Discover's range MODs (D, as at a Holo-echo); a success shows
    a disguise, and on a figure that wears none tells only that it is what it looks like."""
    target = ctx.state.trooper(tid)
    if not actor.normal or target.hex is None or not target.normal:
        return
    if _roll_discover(ctx, actor, tid, target.hex):
        disguise.reveal(ctx, tid, "discovered", by=actor.id)


def _discover_mine(ctx: Ctx, actor: Trooper, mine: Mine) -> None:
    """Discover at a mine's marker (mines.py): the same roll as at a camouflage marker; found,
    the marker is shown a mine."""
    sv, mods = mines.discover_sv(actor, mine, _team_discover(ctx.state, actor))
    die = judge(ctx.dice.d20(f"{actor.id}.wip"), sv)
    ctx.emit(
        "DiscoverRolled",
        trooper=actor.id,
        marker=mine.id,
        sv=sv,
        mods=mods,
        die=die.value,
        success=die.success,
    )
    if die.success:
        mines.reveal(ctx, mine.id, by=actor.id)


def _roll_attack(ctx: Ctx, res: Resolution, attack: Attack) -> None:
    key = f"{attack.attacker}.{_roll_key(attack)}"
    for alloc in attack.allocations:
        if attack.kind == "cc":
            alloc.sv, alloc.mods = cc_sv(ctx.state, res, attack, alloc)
        alloc.dice = judge_all(ctx.dice.roll(key, alloc.burst), alloc.sv)


def _roll_dodge(ctx: Ctx, res: Resolution, tid: str) -> None:
    t = ctx.state.trooper(tid)
    res.dodges[tid] = judge(ctx.dice.d20(f"{tid}.ph"), t.prof.ph)


def _opposition(res: Resolution, attack: Attack, alloc: Alloc) -> tuple[tuple[Die, ...], str]:
    """The dice a target opposes to this allocation: its own attack aimed back at the attacker,
    or its dodge; none otherwise (a Normal roll)."""
    if attack.berserk:
        return (), "none"
    for other in res.attacks:
        if other.attacker != alloc.target or other.kind == "direct":
            continue
        for back in other.allocations:
            if back.target == attack.attacker:
                return ((), "none") if other.berserk else (back.dice, "attack")
    if alloc.target in res.dodges:
        return (res.dodges[alloc.target],), "dodge"
    return (), "none"


def contests(ctx: Ctx, res: Resolution) -> None:
    """Compare the dice and turn surviving successes and templates into hits (B.10 order)."""
    ordered = [a for a in res.attacks if not a.reactive] + [a for a in res.attacks if a.reactive]
    for attack in ordered:
        if attack.kind == "direct":
            _direct(ctx, res, attack)
            continue
        if attack.kind == "speculative":
            _speculative(ctx, res, attack)
            continue
        if attack.kind == intuitive.SKILL:
            _intuitive(ctx, res, attack)
            continue
        if attack.kind == "structure":
            _structure(ctx, res, attack)
            continue
        if attack.kind == "mine":
            _mine(ctx, res, attack)
            continue
        for alloc in attack.allocations:
            opposed, how = _opposition(res, attack, alloc)
            kept = survivors(alloc.dice, opposed)
            ctx.emit(
                "Contest",
                attacker=attack.attacker,
                target=alloc.target,
                weapon=attack.weapon.id,
                roll=_roll_key(attack),
                sv=alloc.sv,
                mods=alloc.mods,
                dice=[d.value for d in alloc.dice],
                opposed=how,
                opposed_sv=opposed[0].sv if opposed else None,
                opposed_dice=[d.value for d in opposed],
                hits=len(kept),
                criticals=sum(1 for d in kept if d.critical),
            )
            victim = _struck(ctx, attack, alloc, bool(kept))
            for die in kept:
                if attack.kind == "impact":
                    _impact(ctx, res, attack, alloc, die, victim)
                elif victim is not None:
                    res.hits.append(_hit(ctx.state, attack, victim, die.critical))


def _struck(ctx: Ctx, attack: Attack, alloc: Alloc, succeeded: bool) -> str | None:
    """Who takes an allocation's hits: its target; for a token of a trooper among its
    Holo-echoes (holo.py) that a successful attack reached, its owner says what it is (T
    2402–2409, 2433–2435): the real one is the trooper, which the echoes leave; a decoy leaves
    and no one is hit (None). An impact template finds tokens as every template does
    (`holo.under_template`). A Holo-echo gone since it was aimed at: None. (A projecting trooper
    has neither shot back nor dodged: either would have shown it, holo.KEEPS.)"""
    echo = next((e for e in ctx.state.echoes if e.id == alloc.target), None)
    if echo is None and not ctx.state.has_trooper(alloc.target):
        return None
    tid = echo.trooper if echo is not None else alloc.target
    if not succeeded or not holo.projecting(ctx.state, tid):
        return tid
    real = holo.real_token(ctx.state, tid) == alloc.target
    if attack.kind != "impact":
        holo.found(ctx, tid, alloc.target, "hit", by=attack.attacker)
    return tid if real else None


def _hit(state: State, attack: Attack, victim: str, critical: bool) -> damage.Hit:
    attacker = state.trooper(attack.attacker)
    return damage.Hit(
        victim,
        attack.attacker,
        attack.weapon.id,
        attack.mode.ammo,
        cm.damage(attacker, attack.mode),
        critical,
        attack.kind == "cc",
        attack.origin,
    )


def _victims(state: State, area: tuple[Hex, ...], exclude: str) -> list[str]:
    hexes = set(area)
    out = [t.id for t in state.troopers if t.hex in hexes and t.on_table and t.id != exclude]
    out += [c.id for c in state.civilians if c.hex in hexes and c.state != "dead"]
    return sorted(out)


def _spared(ctx: Ctx, res: Resolution, victim: str) -> bool:
    """A victim under a template it dodged: a Normal PH roll (spec B.3)."""
    die = res.dodges.get(victim)
    return die is not None and die.success


def _direct(ctx: Ctx, res: Resolution, attack: Attack) -> None:
    for n, area in enumerate(attack.areas):
        _area_hits(ctx, res, attack, area, n + 1)


def _normal_roll(ctx: Ctx, kind: str, attack: Attack, **dice: Any) -> None:
    """The event of a roll at a hex that nobody opposes (speculative fire, a shot at scenery)."""
    alloc = attack.allocations[0]
    ctx.emit(
        kind,
        attacker=attack.attacker,
        weapon=attack.weapon.id,
        roll=_roll_key(attack),
        sv=alloc.sv,
        mods=alloc.mods,
        hex=list(alloc.hex),
        **dice,
    )


def _speculative(ctx: Ctx, res: Resolution, attack: Attack) -> None:
    """Speculative fire: a Normal roll (nobody can oppose it); on a success the circular
    template falls on the hex aimed at, on every trooper and civilian there, friend or foe,
    but for those who dodged; a failure falls nowhere (our reading; N2's scatter is not known
    for sure)."""
    alloc = attack.allocations[0]
    die = alloc.dice[0]
    _normal_roll(ctx, "SpeculativeShot", attack, die=die.value, success=die.success)
    if not die.success:
        return
    area = geo.circular(alloc.hex, ctx.state.board, ctx.state.scenery_at)
    _area_hits(ctx, res, attack, area, 1)


def _intuitive(ctx: Ctx, res: Resolution, attack: Attack) -> None:
    """An Intuitive Attack (intuitive.py): a Normal WIP roll; on a success its teardrop falls
    as any template (on the marker and whoever else stands under it, but for those who
    dodged), on a failure nowhere."""
    alloc = attack.allocations[0]
    die = alloc.dice[0]
    ctx.emit(
        "IntuitiveRolled",
        attacker=attack.attacker,
        weapon=attack.weapon.id,
        marker=alloc.target,
        sv=alloc.sv,
        mods=alloc.mods,
        die=die.value,
        success=die.success,
    )
    if die.success:
        _area_hits(ctx, res, attack, attack.areas[0], 1)


def _structure(ctx: Ctx, res: Resolution, attack: Attack) -> None:
    """A shot at scenery (structures.py): a Normal roll; each success is a hit on the piece,
    and an impact template's success also falls on whoever stands under it."""
    alloc = attack.allocations[0]
    kept = [d for d in alloc.dice if d.success]
    _normal_roll(ctx, "StructureShot", attack, dice=[d.value for d in alloc.dice], hits=len(kept))
    for die in kept:
        area = structures.area(ctx.state, attack.weapon, alloc.hex)
        if area:
            _area_hits(ctx, res, attack, area, 1)
        res.structure_hits.append((attack, die))


def _mine(ctx: Ctx, res: Resolution, attack: Attack) -> None:
    """A shot at a mine (mines.py): a Normal roll; each success is a hit on it, saved once
    the order's hits are (`resolve`)."""
    alloc = attack.allocations[0]
    kept = [d for d in alloc.dice if d.success]
    dice = [d.value for d in alloc.dice]
    _normal_roll(ctx, "MineShot", attack, mine=alloc.target, dice=dice, hits=len(kept))
    res.mine_hits += [(attack, die) for die in kept]


def _area_hits(ctx: Ctx, res: Resolution, attack: Attack, area: tuple[Hex, ...], n: int) -> None:
    """A template with no main target: everyone under it is hit once, but for those who
    dodged it."""
    mines.under_template(ctx, attack.attacker, area)
    holo.under_template(ctx, attack.attacker, area)
    victims = _victims(ctx.state, area, attack.attacker)
    ctx.emit(
        "TemplatePlaced",
        attacker=attack.attacker,
        weapon=attack.weapon.id,
        template=attack.weapon.template,
        hexes=[list(h) for h in area],
        victims=victims,
        index=n,
    )
    for v in victims:
        if _spared(ctx, res, v):
            ctx.emit("TemplateDodged", trooper=v, attacker=attack.attacker)
            continue
        res.hits.append(_hit(ctx.state, attack, v, False))


def _impact(
    ctx: Ctx, res: Resolution, attack: Attack, alloc: Alloc, die: Die, main: str | None
) -> None:
    """An impact template at the target (`main`; None: a Holo-echo decoy or one gone)."""
    area = geo.circular(alloc.hex, ctx.state.board, ctx.state.scenery_at)
    mines.under_template(ctx, attack.attacker, area)
    holo.under_template(ctx, attack.attacker, area)
    victims = _victims(ctx.state, area, "")
    if main is not None and main not in victims:
        victims = sorted([*victims, main])
    ctx.emit(
        "TemplatePlaced",
        attacker=attack.attacker,
        weapon=attack.weapon.id,
        template="circular",
        hexes=[list(h) for h in area],
        victims=victims,
        index=1,
    )
    for v in victims:
        aimed = v == main
        if not aimed and _spared(ctx, res, v):
            ctx.emit("TemplateDodged", trooper=v, attacker=attack.attacker)
            continue
        res.hits.append(_hit(ctx.state, attack, v, die.critical and aimed))


def resolve(ctx: Ctx) -> None:
    """Resolve the current order, then conclude it."""
    from games.engine.infinity import conclude

    cur = ctx.state.turn.current
    assert cur is not None
    ctx.state = ctx.state.with_turn(current=evolve(cur, stage="resolution"), pending=None)
    heights.roll_climbs(ctx, cur)  # where a climber stands when the attacks are drawn
    res = gather(ctx.state, cur)
    roll(ctx, res, cur)
    for tid, die in res.dodges.items():
        if die.value:
            ctx.emit("Dodged", trooper=tid, sv=die.sv, die=die.value, success=die.success)
    contests(ctx, res)
    for treatment in res.treatments:  # the positive effect first (later editions' FAQ, M)
        medical.apply(ctx, treatment)
    dodged = {tid: die.success for tid, die in res.dodges.items()}
    for tid, die in res.sweeps:  # before the mines go off: a mine turned does not (mines.py)
        minesweeper.sweep(ctx, tid, die.success, die.value)
    res.hits += koalas.explode(ctx, dodged)
    res.hits += mines.explode(ctx, dodged)
    res.saved = damage.apply_hits(ctx, res.hits)
    damage.apply_hits(ctx, heights.falls(ctx, cur))  # a fall is no attack: no Guts roll after it
    mines.clear(ctx)
    for attack, die in res.structure_hits:
        attacker = ctx.state.trooper(attack.attacker)
        dam = cm.damage(attacker, attack.mode)
        structures.save(
            ctx, attack.allocations[0].hex, attack.mode.ammo, dam, die.critical, attacker.id
        )
    _save_mines(ctx, res)
    conclude.conclude(ctx, res)


def _save_mines(ctx: Ctx, res: Resolution) -> None:
    """Each shot's hits on a mine, saved together (mines.py)."""
    for attack in {id(a): a for a, _ in res.mine_hits}.values():
        crits = [die.critical for a, die in res.mine_hits if a is attack]
        attacker = ctx.state.trooper(attack.attacker)
        dam = cm.damage(attacker, attack.mode)
        mine = attack.allocations[0].target
        mine_shots.save_shot(ctx, mine, attacker.id, attack.mode.ammo, dam, crits)
