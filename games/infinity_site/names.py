"""Troopers, weapons, armies and skills by their players' names, in the reader's language."""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from functools import cache
from typing import Any

from django.utils.translation import get_language, gettext, gettext_lazy, pgettext_lazy

from games.engine.infinity.data import profiles, rosters

WEAPONS = {
    "combi_rifle": gettext_lazy("Combi Rifle"),
    "rifle": gettext_lazy("Rifle"),
    "multi_rifle": gettext_lazy("MULTI Rifle"),
    "hmg": gettext_lazy("HMG"),
    "spitfire": gettext_lazy("Spitfire"),
    "mk12": gettext_lazy("Mk12"),
    "pistol": gettext_lazy("Pistol"),
    "light_gl": gettext_lazy("Light Grenade Launcher"),
    "grenades": gettext_lazy("Grenades"),
    "em_grenades": gettext_lazy("E/M Grenades"),
    "smoke_grenades": gettext_lazy("Smoke Grenades"),
    "electric_pulse": gettext_lazy("Electric Pulse"),
    "chain_rifle": gettext_lazy("Chain Rifle"),
    "light_flamethrower": gettext_lazy("Light Flamethrower"),
    "heavy_flamethrower": gettext_lazy("Heavy Flamethrower"),
    "dep": gettext_lazy("D.E.P."),
    "missile_launcher": gettext_lazy("Missile Launcher"),
    "light_shotgun": gettext_lazy("Light Shotgun"),
    "contender": gettext_lazy("Contender"),
    "knife": gettext_lazy("Knife"),
    "ccw": gettext_lazy("CC Weapon"),
    "ap_ccw": gettext_lazy("AP CC Weapon"),
    "shock_ccw": gettext_lazy("Shock CC Weapon"),
    "civilian": gettext_lazy("bare hands"),
    "antipersonnel_mine": gettext_lazy("Antipersonnel Mine"),  # mines.py
    "viral_mine": gettext_lazy("Viral Mine"),  # mines.py
}
# The loadout that tells troopers of one unit apart (the last part of a profile id).
LOADOUTS = {
    "combi": gettext_lazy("Combi"),
    "hmg": pgettext_lazy("loadout", "HMG"),
    "lgl": gettext_lazy("grenadier"),
    "lt": gettext_lazy("Combi"),
    "paramedic": gettext_lazy("paramedic"),
    "fo": gettext_lazy("forward observer"),
    "missile": gettext_lazy("missile launcher"),
    "multi": gettext_lazy("MULTI"),
    "chain": gettext_lazy("Chain Rifle"),
    "rifle": gettext_lazy("Rifle"),
    "crazykoala": gettext_lazy("CrazyKoalas"),  # the French text's name too
    "minesweeper": gettext_lazy("Minesweeper"),  # the Yaopu Pangguling's (engine mines.py)
    "minelayer": gettext_lazy("minelayer"),  # the Guilang's (engine mines.py)
    "viral": gettext_lazy("viral mines"),
    "doctor": gettext_lazy("Doctor"),  # the Zhanshi's and the 112's (engine medical.py)
    "servant": gettext_lazy("G: Servant"),  # the Yáozăo, its Doctor's remote (remotes.py)
    "hft": gettext_lazy("Heavy Flamethrower"),  # the Auxbot's
    "spitfire": gettext_lazy("Spitfire"),
    "i_kohl": gettext_lazy("i-Kohl"),
    "religious": gettext_lazy("Religious Troop"),
    "baggage": gettext_lazy("Baggage"),
    "camouflage": pgettext_lazy("loadout", "camouflage"),
    "limited": gettext_lazy("limited camouflage"),
    "limited_mimetism": gettext_lazy("limited camouflage, Mimetism"),
    "inferior": gettext_lazy("inferior infiltration"),
    "superior": gettext_lazy("superior infiltration"),
}
# Profiles named by a common noun rather than a unit's proper name.
COMMON_NAMES = {"civilian": gettext_lazy("Civilian")}
MARKER_ID = re.compile(r"m[0-9]+")

ARMIES = {
    "corregidor": gettext_lazy("Corregidor Jurisdictional Command"),
    "jsa": gettext_lazy("Japanese Sectorial Army"),
}
SHORT_ARMIES = {"corregidor": gettext_lazy("Corregidor"), "jsa": gettext_lazy("JSA")}


def weapon_name(wid: Any) -> str:
    return str(WEAPONS.get(str(wid), wid))


def unit_name(unit: str) -> str:
    """A unit by its proper name ("Mobile Brigada"; "Zhanshi", whichever profile comes first)."""
    return next((proper_name(pid) for pid, p in profiles().items() if p.unit == unit), unit)


def proper_name(pid: str) -> str:
    """A profile's name without the specialty its loadout says already: the data's "Zhanshi
    Doctor" with the loadout "doctor" is a Zhanshi, named « Zhanshi (Médecin) » and not
    « Zhanshi Doctor (Médecin) », which says the specialty twice, once in English."""
    name = profiles()[pid].name
    loadout = profile_loadout(pid)
    head, _, last = name.rpartition(" ")
    if head and loadout and last.lower() == loadout.replace("_", " "):
        return head
    return name


def profile_label(pid: str) -> str:
    """ "Alguacil (HMG)": the unit's proper name and its loadout, in the reader's language."""
    return _profile_label(pid, get_language())


@cache
def _profile_label(pid: str, language: str | None) -> str:
    # Kept per language: each trooper drawn says it in its title, at every page, pick and push
    # (a lazy translation is looked up again each time it is formatted; issue 14's profile).
    prof = profiles().get(pid)
    if prof is None:
        return pid
    name = str(COMMON_NAMES.get(pid, proper_name(pid)))
    loadout = profile_loadout(pid)
    return f"{name} ({LOADOUTS.get(loadout, loadout)})" if loadout else name


def profile_loadout(pid: str) -> str | None:
    """The loadout part of a profile id (army.unit.loadout); None for an id without one
    ("civilian", the engine's two-part test profiles), whose name says it all."""
    parts = pid.split(".")
    return parts[-1] if len(parts) >= 3 else None


@cache
def roster_profiles() -> dict[str, str]:
    """Trooper id -> the profile its opponent sees, from the starter rosters (ids are unique
    across them; a Lieutenant option shows as its plain loadout)."""
    out = {}
    for roster in rosters().values():
        for tid, pid in roster["troopers"]:
            out[tid] = profiles()[pid].public
    return out


def named(pid: str, tid: str) -> str:
    """A trooper's one name, wherever a player reads it (the board's titles, the log, the picks,
    the coach): its profile as its reader may see it, then its id ("Alguacil (HMG) a1")."""
    return f"{profile_label(pid)} {tid}"


def trooper_label(tid: Any, view: Mapping[str, Any] | None = None) -> str:
    """How players name a trooper: "Alguacil (HMG) a1"; a civilian: "civilian c1"."""
    tid = str(tid)
    pid = None
    if view is not None:
        pid = next((t["profile"] for t in view.get("troopers", []) if t["id"] == tid), None)
    if view is not None and any(e["id"] == tid for e in view.get("echoes", [])):
        return echo_label(tid)
    pid = pid or roster_profiles().get(tid)
    if pid is not None:
        return named(pid, tid)
    if tid.startswith("c"):
        return gettext("civilian %(id)s") % {"id": tid}
    if MARKER_ID.fullmatch(tid):  # an enemy camouflage marker (the engine's m1, m2…)
        return marker_label(tid, view)
    return tid


def marker_label(mid: str, view: Mapping[str, Any] | None = None) -> str:
    """An enemy marker as the board's title names it: a TO one says so (its −6 is not a
    camouflage marker's −3), when the view shows which it is."""
    markers = view.get("markers", []) if view is not None else []
    kind = next((m.get("kind") for m in markers if m.get("marker") == mid), None)
    if kind == "to":
        return gettext("TO camouflage marker %(id)s") % {"id": mid}
    return gettext("camouflage marker %(id)s") % {"id": mid}


def echo_label(mid: Any) -> str:
    """A Holo-echo marker (engine holo.py): « Holo-écho m2 »."""
    return gettext("Holo-echo %(id)s") % {"id": mid}


def mine_label(mid: Any) -> str:
    """A mine (mines.py) once known as one: « mine m3 »."""
    return gettext("mine %(id)s") % {"id": mid}


def army_label(view: Mapping[str, Any], seat: int) -> str:
    try:
        sectorial = view["seats"][seat]["sectorial"]
    except (KeyError, IndexError, TypeError):
        return ""
    return sectorial_label(sectorial)


def sectorial_label(sectorial: Any) -> str:
    return str(SHORT_ARMIES.get(sectorial, sectorial or ""))


def seat_label(seat: Any, names: Sequence[str] = (), view: Mapping[str, Any] | None = None) -> str:
    """The seat's player name when known, else its army, else "Player N"."""
    if not isinstance(seat, int):
        return "?"
    if 0 <= seat < len(names) and names[seat]:
        return names[seat]
    if view is not None and army_label(view, seat):
        return army_label(view, seat)
    return gettext("Player %(n)s") % {"n": seat + 1}


def hex_label(h: Any) -> str:
    if isinstance(h, list | tuple) and len(h) == 2:
        return f"({h[0]}, {h[1]})"
    return str(h)
