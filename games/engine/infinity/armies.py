"""Army lists (tier 2: spec Part C's 'army builder with points, SWC and AVA for Corregidor and
JSA'; Appendix A's profiles, Appendix B's AVA): a list names its sectorial and one profile per
trooper; `price` adds the points and SWC up, checks the AVA, the one Lieutenant, the combat group
of ten and the SWC allowance (points limit / 50, B.15), and gives each trooper its id. The
starter rosters (data/rosters.json) are lists too. Pure data and arithmetic: no rules of play.

A list: {"schema": 1, "system": "infinity", "name", "sectorial": "corregidor" | "jsa",
"points_limit"?: int, "units": [{"profile": "corregidor.alguacil.hmg"}, ...]}."""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Mapping
from typing import Any

from games.engine.infinity.data import profile, profiles, rosters, sectorials
from games.engine.protocol import ArmyPrice, ArmyProblem, PricedUnit

SECTORIALS = ("corregidor", "jsa")  # the two tier-1 lists
MAX_TROOPERS = 10  # one combat group (spec B.5)
POINTS_PER_SWC = 50  # B.15
# Options kept out of the builder: their equipment waits for tier 3 (Forward Observer,
# deployable repeater); they would be paid for and do nothing.
NOT_OFFERED = frozenset({"corregidor.alguacil.fo"})
LETTERS = {
    "alguacil": "a",
    "mobile_brigada": "b",
    "keisotsu": "k",
    "domaru": "d",
    "ninja": "n",
    "pangguling": "p",
}


def offered(sectorial: str) -> list[str]:
    """The profiles a list of this sectorial may take, in a stable order."""
    ava = sectorials().get(sectorial, {}).get("ava", {})
    return [
        pid
        for pid, p in profiles().items()
        if pid.startswith(f"{sectorial}.") and p.unit in ava and pid not in NOT_OFFERED
    ]


def ava_of(sectorial: str, unit: str) -> int | None:
    """How many troopers of a unit the sectorial allows (None: 'T', as many as wanted)."""
    value = sectorials().get(sectorial, {}).get("ava", {}).get(unit)
    return int(value) if isinstance(value, int) else None


def swc_of(pid: str) -> float:
    """A profile's SWC; Appendix A's unknown ones ('?') count 0 (flagged in the README)."""
    value = profile(pid).swc
    return float(value) if value is not None else 0.0


def starter(key: str, setup_version: int | None = None) -> dict[str, Any]:
    """A starter roster as a list (the one of games of that set-up version, setup.py; None:
    today's)."""
    roster = rosters(setup_version)[key]
    return {
        "schema": 1,
        "system": "infinity",
        "name": key,
        "sectorial": roster["sectorial"],
        "units": [{"profile": pid} for _, pid in roster["troopers"]],
    }


def _profiles_of(army: Mapping[str, Any]) -> list[Any]:
    units = army.get("units")
    if not isinstance(units, list):
        return []
    return [u.get("profile") if isinstance(u, Mapping) else None for u in units]


def price(army: Mapping[str, Any]) -> ArmyPrice:
    """Every figure of a list and every reason it cannot be played."""
    sectorial = army.get("sectorial")
    if sectorial not in SECTORIALS:
        return ArmyPrice(None, problems=(ArmyProblem("unknown_sectorial", field="sectorial"),))
    pids = _profiles_of(army)
    problems: list[ArmyProblem] = []
    allowed = set(offered(str(sectorial)))
    units: list[PricedUnit] = []
    for n, pid in enumerate(pids):
        if pid not in allowed:
            code = "not_in_sectorial" if pid in profiles() else "unknown_profile"
            problems.append(ArmyProblem(code, unit=f"u{n + 1}", field="profile"))
            continue
        points = profile(pid).points
        units.append(PricedUnit(f"u{n + 1}", points, 1, points))
    if problems:
        return ArmyPrice(None, problems=tuple(problems))
    total = sum(u.subtotal for u in units)
    counts = Counter(profile(pid).unit for pid in pids)
    for unit, count in sorted(counts.items()):
        ava = ava_of(str(sectorial), unit)
        if ava is not None and count > ava:
            problems.append(ArmyProblem("over_ava", unit=unit))
    lieutenants = sum(1 for pid in pids if profile(pid).has("lieutenant"))
    if lieutenants != 1:
        problems.append(ArmyProblem("one_lieutenant"))
    if not pids or len(pids) > MAX_TROOPERS:
        problems.append(ArmyProblem("group_size"))
    swc = sum(swc_of(pid) for pid in pids)
    limit = army.get("points_limit")
    figures = {"troopers": len(pids), "lieutenants": lieutenants, "swc_halves": round(2 * swc)}
    if isinstance(limit, int) and not isinstance(limit, bool) and limit > 0:
        allowed_swc = math.floor(limit / POINTS_PER_SWC)
        figures["swc_allowed_halves"] = 2 * allowed_swc
        if swc > allowed_swc:
            problems.append(ArmyProblem("over_swc"))
        if total > limit:
            problems.append(ArmyProblem("over_points_limit"))
    return ArmyPrice(total, tuple(units), figures, tuple(problems))


def troopers(
    entries: list[Any], setup_version: int | None = None
) -> list[tuple[str, str, list[tuple[str, str]]]]:
    """(army, sectorial, [(trooper id, profile)]) for each seat's entry: a starter roster's key
    (its roster in games of that set-up version) or a list. Ids are a unit's letter and a number
    running across both seats (a mirror match gives the second Alguaciles a9, a10...), so every
    id is unique in the game."""
    seen: Counter[str] = Counter()
    out = []
    for entry in entries:
        army = starter(entry, setup_version) if isinstance(entry, str) else entry
        sectorial = str(army["sectorial"])
        pairs = []
        for pid in _profiles_of(army):
            unit = profile(pid).unit
            letter = LETTERS.get(unit, unit[:1])
            seen[letter] += 1
            pairs.append((f"{letter}{seen[letter]}", str(pid)))
        out.append((str(sectorials()[sectorial]["faction"]), sectorial, pairs))
    return out
