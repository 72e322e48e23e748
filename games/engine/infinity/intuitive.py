"""The Intuitive Attack (Attaque Intuitive; tier 2): a direct template weapon laid on an enemy
camouflage marker that nobody has discovered.

What our texts say: the supplement names it a long skill « qui consomme un Ordre complet
(Attaque Intuitive, Tir Spéculatif…) » (seed 003 lines 272–274: no fireteam +1 burst with it;
spec FT-13) and lets a CrazyKoala be left where it stands by one, to threaten a camouflage
marker (lines 1858–1863, Exemple 3 at 1913–1922: koalas.py, `leave`); the spec lists it among
N2's long skills (B.6). The rule itself is in N2's core book, which our sources do not hold.

Our reading (M, the later editions' wording of the same skill, then D on hexes):
- a long skill of the active turn (never an ARO), declared by a trooper with a direct template
  weapon (a teardrop: chain rifle, flamethrowers) against an enemy camouflage marker (TO ones
  too, and a mine's marker: to the attacker they are all markers) that one of its teardrops,
  aimed inside its front arc, covers; no line of fire is needed (the marker's point);
- a Normal WIP roll (dice `<id>.wip`) with the marker's MOD (−3, TO −6: Discover's, camouflage
  `discover_mod`), no range MOD (a template has none) and no fireteam bonus (FT-13's « Compétence
  Longue »);
- a success lays the teardrop aimed at the marker (the first aim, clockwise from d0, whose
  template covers it) and it falls as any template: on everyone under it, friend or foe, but
  for those who dodged; the marker under it is shown when hit (a trooper) or destroyed (a
  mine), as under any template; a failure lays nothing (the order is spent);
- the marker itself is not revealed by the attack's declaration: it may dodge as a marker
  (Dodge keeps a marker, camouflage.py), or react as anyone may.

Nothing here depends on what stands under the marker: the same markers are offered, the same
refusals given and the same MOD rolled for a camouflaged trooper as for a mine, so an offered
or refused Intuitive Attack tells nothing of a marker's identity (tests: hidden.py's secrets)."""

from __future__ import annotations

from games.engine.hexgrid import Hex
from games.engine.infinity import camouflage as camo
from games.engine.infinity import common as cm
from games.engine.infinity import geometry as geo
from games.engine.infinity.ctx import refuse
from games.engine.infinity.data import Weapon
from games.engine.infinity.state import Skill, State, Trooper, evolve, other
from games.engine.protocol import Term

SKILL = "intuitive"


def markers(state: State, seat: int) -> list[tuple[str, Hex]]:
    """The enemy markers `seat` sees: camouflaged troopers' and mines' not yet shown, by id."""
    foe = other(seat)
    out = []
    for mid, tid in state.hidden[foe].markers:
        hex_ = state.trooper(tid).hex
        if hex_ is not None:
            out.append((mid, hex_))
    out += [(m.id, m.hex) for m in state.hidden[foe].mines if not m.shown]
    return sorted(out, key=lambda pair: int(pair[0][1:]))


def marker_hex(state: State, seat: int, marker: str | None) -> Hex:
    found = dict(markers(state, seat)).get(marker or "")
    if found is None:
        raise refuse("unknown_trooper", "Aim an Intuitive Attack at an enemy camouflage marker.")
    return found


def aim_at(state: State, actor: Trooper, w: Weapon, at: Hex) -> tuple[str, tuple[Hex, ...]] | None:
    """The first aim inside the front arc whose teardrop covers `at`, and its hexes."""
    assert actor.hex is not None and w.template is not None
    for aim in geo.AIMS:
        if not geo.aim_in_arc(actor.facing, aim):
            continue
        hexes = geo.teardrop(actor.hex, aim, w.template, state.board, state.scenery_at)
        if at in hexes:
            return aim, hexes
    return None


def check(state: State, skill: Skill, actor: Trooper) -> None:
    """A direct template weapon of the trooper, an enemy marker, a teardrop reaching it."""
    w = cm.usable_weapon(actor, skill.weapon or "")
    if w is None or not w.direct_template:
        raise refuse(
            "skill_not_allowed", "An Intuitive Attack needs a direct template weapon (a teardrop)."
        )
    if cm.mode_of(w, skill.mode) is None:
        raise refuse(
            "skill_not_allowed",
            "The {weapon} has no mode {mode}.",
            weapon=Term(w.id, w.name),
            mode=skill.mode,
        )
    at = marker_hex(state, actor.seat, skill.target)
    if aim_at(state, actor, w, at) is None or not skill.aims:
        raise refuse(
            "out_of_range", "No template of that weapon, in its front arc, reaches that marker."
        )


def marker_mod(state: State, seat: int, marker: str) -> int:
    """The marker's MOD to the roll: as Discover's (−3, TO −6); a mine's marker −3 (a
    camouflage marker to its enemy, mines.py); none once
    the marker is gone (it showed itself by reacting: nothing hides it any more, D)."""
    tid = camo.trooper_of(state, other(seat), marker)
    if tid is not None:
        return camo.discover_mod(state.trooper(tid))
    mine = next((m for m in state.hidden[other(seat)].mines if m.id == marker), None)
    return camo.kind_mod("camouflage") if mine is not None and not mine.shown else 0


def sv(state: State, actor: Trooper, marker: str) -> tuple[int, dict[str, int]]:
    """The Normal WIP roll: WIP and the marker's MOD."""
    mod = marker_mod(state, actor.seat, marker)
    mods = {"camouflage": mod} if mod else {}
    return actor.prof.wip + mod, mods


def aimed(state: State, skill: Skill) -> Skill:
    """The declaration with its aim filled in by the engine (the first aim inside the front arc
    whose teardrop covers the marker), or none when nothing fits (`check` then refuses)."""
    if skill.trooper is None or not state.has_trooper(skill.trooper):
        return skill
    actor = state.trooper(skill.trooper)
    w = cm.usable_weapon(actor, skill.weapon or "")
    at = dict(markers(state, actor.seat)).get(skill.target or "")
    if actor.hex is None or w is None or not w.direct_template or at is None:
        return evolve(skill, aims=())
    found = aim_at(state, actor, w, at)
    return evolve(skill, aims=(found[0],) if found else ())


def options(state: State, actor: Trooper) -> list[Skill]:
    """Every Intuitive Attack the trooper may declare (a generating set `legal` filters):
    each of its direct template weapons at each enemy marker."""
    return [
        aimed(state, Skill(SKILL, actor.id, weapon=w.id, mode="N", target=mid))
        for w in cm.ranged_weapons(actor)
        if w.direct_template
        for mid, _ in markers(state, actor.seat)
    ]
