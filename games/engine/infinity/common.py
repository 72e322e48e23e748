"""Rule helpers shared by the phases: who sees whom, which weapon may fire, the fireteam bonus
(FT-12), success values with their MODs (spec B.9)."""

from __future__ import annotations

from dataclasses import dataclass

from games.engine.hexgrid import Hex, distance
from games.engine.infinity import geometry as geo
from games.engine.infinity import nanoscreen
from games.engine.infinity.data import Mode, Weapon, weapon
from games.engine.infinity.movement import engaged
from games.engine.infinity.state import Fireteam, State, Trooper


def blockers(state: State, *ignore: Hex | None) -> frozenset[Hex]:
    """Hexes blocking lines of fire, without the given ones (the ends of the line, a trooper
    seen at an earlier hex of its route)."""
    skip = {h for h in ignore if h is not None}
    if not skip:
        return state.standing
    return state.standing - skip


def sees(state: State, observer: Trooper, target: Hex, target_now: Hex | None = None) -> bool:
    """Line of fire from a trooper (its hex, its facing) to a hex; `target_now` is where the
    target stands now, ignored as a blocker when looking at an earlier hex of its route.
    A Prone trooper with Partial Cover against the other end lies out of sight, both ways."""
    if observer.hex is None:
        return False
    walls = blockers(state, target_now)
    if not geo.line_of_fire(observer.hex, observer.facing, target, walls, state.scenery_at):
        return False
    if observer.prone and geo.partial_cover(target, observer.hex, walls, state.scenery_at):
        return False
    seen = state.occupants.get(target_now or target)
    if seen is not None and state.has_trooper(seen) and state.trooper(seen).prone:
        return not geo.partial_cover(observer.hex, target, walls, state.scenery_at)
    return True


def cover(state: State, attacker: Hex, target: Hex, target_now: Hex | None = None) -> bool:
    return geo.partial_cover(attacker, target, blockers(state, target_now), state.scenery_at)


def usable_weapon(t: Trooper, wid: str) -> Weapon | None:
    """A weapon of the trooper's profile that the engine can fire, with uses left."""
    if wid not in t.prof.weapons:
        return None
    w = weapon(wid)
    if not w.supported:
        return None
    if w.uses is not None and (t.uses_left(wid, w.uses) or 0) <= 0:
        return None
    return w


def reach(w: Weapon) -> int:
    """How far a weapon fires, in hexes: a teardrop's length (spec B.3, "Gabarit en Larme":
    large 4, small 3), else the end of its last range band (spec B.2)."""
    if w.direct_template:
        return 4 if w.template == "large_teardrop" else 3
    return w.max_range


def ranged_weapons(t: Trooper) -> list[Weapon]:
    return [w for wid in t.prof.weapons if (w := usable_weapon(t, wid)) and w.ranged]


def cc_weapons(t: Trooper) -> list[Weapon]:
    return [w for wid in t.prof.weapons if (w := usable_weapon(t, wid)) and (w.cc or w.cc_only)]


def mode_of(w: Weapon, mode: str | None) -> Mode | None:
    return w.modes.get(mode or "N")


def damage(t: Trooper, m: Mode) -> int:
    return m.dam if m.dam is not None else t.prof.ph + m.dam_ph


def cc_damage(t: Trooper, w: Weapon) -> int:
    return damage(t, w.modes["N"])


def best_cc_weapon(t: Trooper) -> Weapon | None:
    options = cc_weapons(t)
    if not options:
        return None
    return max(options, key=lambda w: (cc_damage(t, w), w.id))


# --- fireteams (FT-12, spec B.12) --------------------------------------------------------------


@dataclass(frozen=True)
class Bonus:
    burst: int = 0
    sixth_sense: bool = False
    bs: int = 0
    discover: int = 0  # +3 WIP for Discover rolls only (4+, T 174–177, 211–213)


NO_BONUS = Bonus()


def linked_members(state: State, team: Fireteam) -> tuple[str, ...]:
    """Normal members within the leader's Zone of Control, leader included (nobody when the
    leader is down)."""
    if team.leader is None:
        return ()
    leader = state.trooper(team.leader)
    if not leader.normal or leader.hex is None:
        return ()
    out = []
    for tid in team.members:
        t = state.trooper(tid)
        if t.normal and t.hex is not None and geo.in_zoc(leader.hex, t.hex):
            out.append(tid)
    return tuple(out)


def bonus_for(size: int) -> Bonus:
    """The cumulative support bonus by the number of linked troopers (FT-12)."""
    return Bonus(
        burst=1 if size >= 3 else 0,
        sixth_sense=size >= 4,
        bs=3 if size >= 5 else 0,
        discover=3 if size >= 4 else 0,
    )


def reactive_bonus(state: State, tid: str) -> Bonus:
    """In the reactive turn every linked trooper has the bonus (FT-12, FT-15)."""
    team = state.team_of(tid)
    if team is None:
        return NO_BONUS
    linked = linked_members(state, team)
    return bonus_for(len(linked)) if tid in linked else NO_BONUS


def sixth_sense(state: State, tid: str) -> bool:
    """Sixth Sense L2 (T 1506–1514): a profile's skill `sixth_sense_2`, or a linked member of a
    team of 4+ in the reactive turn (FT-12, T 776–779 « gagnent la Compétence Spéciale Sixième
    Sens N2 »)."""
    return state.trooper(tid).prof.has("sixth_sense_2") or reactive_bonus(state, tid).sixth_sense


def burst_for(w: Weapon, m: Mode, bonus: Bonus, reactive: bool) -> int:
    """A weapon's burst: 1 in ARO (the text's Combi in ARO: R 1), +1 from a team of 3+ (FT-13);
    never above the ammunition left."""
    base = 1 if reactive else m.burst
    return base + bonus.burst


def bs_sv(
    state: State,
    attacker: Trooper,
    w: Weapon,
    attacker_hex: Hex,
    target_hex: Hex,
    bonus: Bonus,
    target_now: Hex | None = None,
    victim: Trooper | None = None,
    ammo: str = "N",
    seen_coming: bool = False,
) -> tuple[int, dict[str, int]]:
    """The success value of a ranged attack and its MODs by name (spec B.9); the target's
    Nanoscreen is Partial Cover too, never added to the scenery's (nanoscreen.py)."""
    base = attacker.prof.ph if w.thrown else attacker.prof.bs
    mods: dict[str, int] = {}
    band = w.range_mod(distance(attacker_hex, target_hex))
    mods["range"] = band or 0
    screened = victim is not None and nanoscreen.covers(victim, attacker_hex, target_hex, ammo)
    if screened or cover(state, attacker_hex, target_hex, target_now):
        mods["cover"] = -3
    if bonus.bs:
        mods["fireteam"] = bonus.bs
    if victim is not None:
        from games.engine.infinity.camouflage import hit_mod

        if hit := hit_mod(state, victim, seen_coming):
            mods["camouflage"] = hit  # Mimetism, Camouflage, TO (spec B.9)
    return base + sum(mods.values()), mods


def can_shoot(t: Trooper, state: State) -> bool:
    return t.normal and not engaged(state, t)
