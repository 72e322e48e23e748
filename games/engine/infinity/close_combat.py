"""A close combat attack's success value (tier 2): the attacker's CC, Berserk's MOD, and the
i-Kohl of the trooper it strikes (T: 'i-Kohl', Compétences Spéciales, and its three Azra
examples)."""

from __future__ import annotations

from games.engine.infinity.attacks import BERSERK_CC, Alloc, Attack, Resolution
from games.engine.infinity.data import Profile
from games.engine.infinity.state import State

I_KOHL_LEVELS = {"i_kohl_1": -3, "i_kohl_2": -6, "i_kohl_3": -9}


def has_structure(profile: Profile) -> bool:
    """Units with STR rather than W (N2: TAGs and remotes), which i-Kohl does not affect
    (« L'i-Kohl n'affecte pas les unités disposant de l'Attribut de STR »)."""
    return profile.type in ("TAG", "REM")


def i_kohl_mod(profile: Profile) -> int:
    """The CC MOD a trooper's i-Kohl gives its opponents: -3, -6 or -9 by level (0 without)."""
    return min((mod for skill, mod in I_KOHL_LEVELS.items() if profile.has(skill)), default=0)


def shoots_back(res: Resolution, tid: str, at: str) -> bool:
    """Whether `tid` answers `at` with anything but close combat (a shot): the Ninja example,
    « Si Azra réagit avec Tirer, elle ne pourra pas utiliser l'i-Kohl en Jet d'Opposition car
    ils ne sont pas en contact socle à socle »."""
    return any(
        other.attacker == tid
        and other.kind != "cc"
        and any(a.target == at for a in other.allocations)
        for other in res.attacks
    )


def cc_sv(
    state: State, res: Resolution, attack: Attack, alloc: Alloc
) -> tuple[int, dict[str, int]]:
    """CC + MODs of one close combat allocation. i-Kohl is automatic (no order, no roll) and
    applies to every opponent engaged with its user (« MOD -3 au CC de tous ses opposants »),
    whether the user attacks back in CC, dodges or is struck while engaged; it cancels
    Berserk's bonus as the second Azra example shows (45th Highlander: +9 -9)."""
    attacker = state.trooper(attack.attacker)
    mods: dict[str, int] = {}
    if attack.berserk:
        mods["berserk"] = BERSERK_CC
    if alloc.target and not has_structure(attacker.prof):
        target = state.trooper(alloc.target)
        mod = i_kohl_mod(target.prof)
        if mod and target.normal and not shoots_back(res, target.id, attacker.id):
            mods["i_kohl"] = mod
    return attacker.prof.cc + sum(mods.values()), mods
