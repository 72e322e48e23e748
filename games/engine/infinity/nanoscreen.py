"""Nanoscreen (tier 2; T: 'Nano-écran', Équipement, and its three Gwailo examples): a mobile
Partial Cover in base contact with its carrier, on one side of its base.

On hexes (D): the screen stands on one of the carrier's six sides (`troopers[].screen`, 0-5;
null: in front, along its facing). It covers ranged attacks coming from within 60 degrees of
that side (a third of the turn around the base, edges included): -3 to the attacker's BS and
+3 to the carrier's ARM, as Partial Cover, never added to the scenery's (« Les MOD de Couverture
ne peuvent pas être cumulés »), never in close combat. INC (our Fire), E/M and Plasma ignore it
and switch it off at the end of the order that hit the carrier with one (`troopers[].screen_off`;
only an Engineer repairs it, not built). A short movement skill of the active carrier places it
(`declare` {…, screen: 0-5}); in the reactive turn a dodge or Change Facing places it towards the
trooper it reacts to (« si le porteur déclare n'importe quelle Compétence Courte de Mouvement, ou
Esquiver, alors le Nano-écran sera placé pour couvrir les projectiles en approche »); a shot
does not move it (example 3). Lying down it still gives Partial Cover, never the out-of-sight
of scenery (« continuant de fournir une Couverture Partielle mais jamais Totale »): it is not a
line-of-fire blocker, only a MOD."""

from __future__ import annotations

from games.engine.hexgrid import Hex, distance, neighbour
from games.engine.infinity import geometry as geo
from games.engine.infinity.ctx import Ctx, refuse
from games.engine.infinity.state import Aro, Skill, State, Trooper

IGNORED_BY = ("Fire", "E/M", "Plasma")  # « Munitions Spéciales E/M, INC et Plasma »
PLACING_SKILLS = ("move", "change_facing", "prone", "get_up")  # short movement skills
PLACING_AROS = ("dodge", "change_facing")


def side(t: Trooper) -> int | None:
    """The side the carrier's screen stands on, or None without a working screen."""
    if not t.prof.has("nanoscreen") or t.screen_off or t.hex is None:
        return None
    return t.facing if t.screen is None else t.screen


def covers(t: Trooper, attacker: Hex, where: Hex, ammo: str) -> bool:
    """Whether the carrier `t`, hit at `where`, has its screen between it and `attacker`."""
    s = side(t)
    if s is None or ammo in IGNORED_BY or attacker == where:
        return False
    towards = geo.dot(where, attacker, where, neighbour(where, s))
    # within 60 degrees: cos >= 1/2, on exact integers (dot is 4 x the dot product)
    return towards > 0 and 4 * towards * towards >= geo.dot(
        where, attacker, where, attacker
    ) * geo.dot(where, neighbour(where, s), where, neighbour(where, s))


def check(state: State, skill: Skill) -> None:
    """A `screen` is placed by a carrier's short movement skill, nothing else."""
    if skill.screen is None:
        return
    t = state.trooper(skill.trooper or "")
    if skill.skill not in PLACING_SKILLS or side(t) is None:
        raise refuse(
            "skill_not_allowed",
            "Only a trooper with a working Nanoscreen places it, with a short movement skill.",
        )


def after_skill(ctx: Ctx, skill: Skill) -> None:
    if skill.screen is not None and skill.trooper is not None:
        place(ctx, skill.trooper, skill.screen)


def after_aro(ctx: Ctx, aro: Aro) -> None:
    """A reacting carrier's dodge or Change Facing turns the screen towards the nearest trooper
    of the order."""
    t = ctx.state.trooper(aro.trooper)
    cur = ctx.state.turn.current
    if aro.skill not in PLACING_AROS or side(t) is None or cur is None or t.hex is None:
        return
    here = t.hex
    hexes = [h for a in cur.activated if (h := ctx.state.trooper(a).hex) is not None]
    if hexes:
        nearest = min(hexes, key=lambda h: (distance(here, h), h))
        place(ctx, t.id, geo.facing_towards(here, nearest))


def place(ctx: Ctx, tid: str, to: int) -> None:
    ctx.state = ctx.state.update(tid, screen=to)
    ctx.emit("ScreenPlaced", trooper=tid, side=to)


def switch_off(ctx: Ctx, tid: str, ammo: str) -> None:
    """After a hit by INC, E/M or Plasma: off until an Engineer repairs it."""
    t = ctx.state.trooper(tid)
    if ammo in IGNORED_BY and side(t) is not None:
        ctx.state = ctx.state.update(tid, screen_off=True)
        ctx.emit("ScreenDown", trooper=tid, ammo=ammo)
