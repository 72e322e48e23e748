"""Who may react and how (spec B.7): eligibility in a window (line of fire, Zone of Control,
Sixth Sense L2), what an attack aims at, and the checks of one ARO. Pure functions of a state."""

from __future__ import annotations

from games.engine.hexgrid import Hex, distance
from games.engine.infinity import camouflage, disguise, holo, remotes, structures
from games.engine.infinity import common as cm
from games.engine.infinity import geometry as geo
from games.engine.infinity.ctx import refuse
from games.engine.infinity.data import weapon
from games.engine.infinity.movement import enemies_of, engaged, in_contact, step_cost
from games.engine.infinity.state import Aro, CurrentOrder, Skill, State, Trooper, evolve
from games.engine.protocol import Term


def route_points(state: State, cur: CurrentOrder) -> list[tuple[str, Hex]]:
    """Every (activated trooper, hex of its route so far)."""
    return [(tid, h) for tid in cur.activated for h in cur.route(tid)]


def attacked(state: State, cur: CurrentOrder, r: Trooper) -> bool:
    """Whether a declared active skill attacks r: a shot or CC aimed at it, or a template
    falling on its hex (spec B.3)."""
    if r.hex is None:
        return False
    for skill in (a for s in cur.skills for a in s.actions):
        if skill.skill == "cc_attack" and skill.target == r.id:
            return True
        if skill.skill not in ("bs_attack", "speculative", "intuitive"):
            continue
        if any(t == r.id for t, _ in skill.targets):
            return True
        if r.hex in template_hexes(state, skill):
            return True
    return False


def template_hexes(state: State, skill: Skill) -> set[Hex]:
    if skill.skill == "speculative" and skill.to is not None:
        return set(geo.circular(skill.to, state.board, state.scenery_at))
    if skill.skill not in ("bs_attack", "intuitive") or not skill.weapon or not skill.trooper:
        return set()
    w = weapon(skill.weapon)
    actor = state.trooper(skill.trooper)
    if actor.hex is None or w.template is None:
        return set()
    out: set[Hex] = set()
    if skill.structure is not None:  # an impact template aimed at scenery (structures.py)
        return set(structures.area(state, w, skill.structure))
    if w.direct_template:
        for aim in skill.aims:
            out |= set(geo.teardrop(actor.hex, aim, w.template, state.board, state.scenery_at))
    else:
        for tid, _ in skill.targets:
            echo = holo.aimed_echo(state, actor.seat, tid)
            h = holo.token_hex(state, *echo) if echo else state.trooper(tid).hex
            if h is not None:
                out |= set(geo.circular(h, state.board, state.scenery_at))
    return out


def eligibility(state: State, cur: CurrentOrder, r: Trooper) -> str | None:
    """'lof' (line of fire to an activated trooper at some hex of its route), 'zoc' (one within
    its Zone of Control: only skills that need no LoF), 'sense' (Sixth Sense L2, a profile's or
    a team of 4+'s: attacked from outside its LoF, T 1512–1513), or None."""
    if not r.normal or r.hex is None:
        return None
    points = route_points(state, cur)
    for tid, h in points:
        if cm.sees(state, r, h, state.trooper(tid).hex):
            return "lof"
    echoes = holo.echo_points(state, cur)  # a Holo-echo counts as a trooper (T 2436–2440)
    if any(cm.sees(state, r, h) for _, h in echoes):
        return "lof"
    points += echoes
    if any(geo.in_zoc(r.hex, h) for _, h in points):
        return "zoc"
    if cm.sixth_sense(state, r.id) and attacked(state, cur, r):
        return "sense"
    # G: Synchronised and G: Servant: the controller sees through its remote's sensors, and may
    # react to what the remote sees with skills that need no line of fire (« avec … Esquiver »,
    # « Le Médecin / l'Ingénieur peut voir par les capteurs … de son D.C.D. »), as in ZoC.
    if remotes.controls(state, r):
        for rid in remotes.remotes_of(state, r.id):
            if eligibility(state, cur, state.trooper(rid)) in ("lof", "zoc"):
                return "zoc"
    return None


def default_at(cur: CurrentOrder, target: str, window: int) -> Hex | None:
    """The target's hex at the end of the skill after which the window opened (spec B.7)."""
    ends = cur.end_hexes(target)
    if not ends:
        route = cur.route(target)
        return route[-1] if route else None
    return ends[min(window, len(ends)) - 1]


def check_aro(state: State, cur: CurrentOrder, aro: Aro, how: str) -> Aro:
    """A legal ARO, its defaults filled (`at`, facing, template aims), or a refusal."""
    r = state.trooper(aro.trooper)
    assert r.hex is not None
    if aro.skill == "dodge":
        if aro.to is not None and (
            distance(r.hex, aro.to) != 1 or step_cost(state, aro.to, r.hex) is None
        ):
            raise refuse("illegal_path", "A dodge moves to an adjacent open hex.")
        return aro
    if aro.skill == "change_facing":
        if aro.facing is None:
            raise refuse("malformed", "Change Facing needs a facing.")
        return aro
    if aro.skill == "minesweep":  # T 2579: « dépenser une Compétence Courte ou un ORA »
        from games.engine.infinity import minesweeper

        if not minesweeper.sweeps(r):
            raise refuse("skill_not_allowed", "Only a trooper with a Minesweeper uses one.")
        return aro  # aimed at no one: it needs no line of fire (D)
    if how != "lof":
        raise refuse("no_line_of_fire", "Without a line of fire this trooper may only dodge.")
    if aro.skill == "discover":  # at the marker of an activated trooper (camouflage.py)
        from games.engine.infinity import mines

        token = holo.check_discover(state, r, aro.target)  # a Holo-echo or figure acting now
        if token is not None:
            if token[0] not in cur.activated:
                raise refuse("aro_not_eligible", "A reaction looks for a marker acting now.")
            return aro
        if disguise.check_discover(state, r, aro.target) is not None:  # a figure (Holo L1)
            if aro.target not in cur.activated:
                raise refuse("aro_not_eligible", "A reaction looks for a figure acting now.")
            return aro
        if mines.check_discover(state, r, aro.target or "") is not None:  # never activated,
            raise refuse("aro_not_eligible", "A reaction looks for a marker acting now.")  # as
        found = camouflage.check_discover(state, r, aro.target)  # a marker standing still
        if found.id not in cur.activated:
            raise refuse("aro_not_eligible", "A reaction looks for a marker acting now.")
        return aro
    if aro.target in state.marker_of:
        raise refuse("skill_not_allowed", "A camouflage marker can only be discovered.")
    echo = holo.aimed_echo(state, r.seat, aro.target)  # a Holo-echo: as a trooper (T 2436–2440)
    if aro.target not in cur.activated and (echo is None or echo[0] not in cur.activated):
        raise refuse("aro_not_eligible", "A reaction targets a trooper activated by this order.")
    target = state.trooper(echo[0] if echo else aro.target or "")
    at = aro.at or default_at(cur, target.id, 2 if cur.stage == "aro2" else 1)
    route = cur.route(target.id)
    if echo is not None:
        if aro.skill == "cc_attack":  # base contact has shown it already (holo.py)
            raise refuse("skill_not_allowed", "Close combat needs a trooper in base contact.")
        at = aro.at or holo.echo_at(cur, state, *echo, at)
        route = holo.echo_route(cur, state, *echo)
    if at is None or at not in route:
        raise refuse("aro_not_eligible", "`at` is a hex of the target's route.")
    if aro.skill == "cc_attack":
        if aro.berserk and not r.prof.has("berserk"):
            raise refuse("skill_not_allowed", "Only a trooper with Berserk attacks berserk.")
        if not in_contact(state, r.hex, at):  # the same level too (heights.py)
            raise refuse("skill_not_allowed", "A close combat reaction needs base contact.")
        w = cm.usable_weapon(r, aro.weapon) if aro.weapon else cm.best_cc_weapon(r)
        if w is None or not (w.cc or w.cc_only):
            raise refuse("skill_not_allowed", "That is not a close combat weapon of this trooper.")
        return evolve(aro, at=at, weapon=w.id)
    if engaged(state, r) and not _shot_before_contact(state, r, target, at):
        raise refuse("skill_not_allowed", "An engaged trooper may only attack in CC or dodge.")
    w = cm.usable_weapon(r, aro.weapon or "")
    if w is None or not w.ranged:
        raise refuse("skill_not_allowed", "That trooper has no such ranged weapon to fire.")
    mode = cm.mode_of(w, aro.mode)
    if mode is None or mode.no_aro:
        raise refuse("skill_not_allowed", "That ammunition cannot be fired in ARO.")
    now = holo.token_hex(state, *echo) if echo else target.hex
    if not cm.sees(state, r, at, now):
        raise refuse("no_line_of_fire", "There is no line of fire to the target at that hex.")
    if w.direct_template:
        aims = aro.aims or _aims_covering(state, r, w.template or "", at)
        burst = cm.burst_for(w, mode, cm.reactive_bonus(state, r.id), reactive=True)
        if not aims:
            raise refuse("out_of_range", "No template of that weapon reaches the target.")
        for aim in aims:
            if not geo.aim_in_arc(r.facing, aim):
                raise refuse("not_in_arc", "A template is aimed inside the front arc.")
        aims = (aims * burst)[:burst] if not aro.aims else aims[:burst]
        return evolve(aro, at=at, aims=tuple(aims), mode=aro.mode or "N")
    if w.range_mod(distance(r.hex, at)) is None:
        raise refuse(
            "out_of_range", "That target is out of the {weapon}'s range.", weapon=Term(w.id, w.name)
        )
    return evolve(aro, at=at, mode=aro.mode or "N")


def _aims_covering(state: State, r: Trooper, template: str, at: Hex) -> tuple[str, ...]:
    assert r.hex is not None
    for aim in geo.AIMS:
        if geo.aim_in_arc(r.facing, aim) and at in geo.teardrop(
            r.hex, aim, template, state.board, state.scenery_at
        ):
            return (aim,)
    return ()


def _shot_before_contact(state: State, r: Trooper, target: Trooper, at: Hex) -> bool:
    """A trooper engaged only by the activated trooper that charged it may still shoot it at a
    hex of its route before contact (T: the Ninja example of 'i-Kohl', « Si Azra réagit avec
    Tirer… ils ne sont pas en contact socle à socle »): a hex beside it at another level is
    not in contact either (heights.py)."""
    assert r.hex is not None
    others = [
        t
        for t in enemies_of(state, r.seat)
        if t.id != target.id and t.hex is not None and in_contact(state, t.hex, r.hex)
    ]
    return not others and not in_contact(state, r.hex, at)
