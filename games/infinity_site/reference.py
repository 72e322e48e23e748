"""The match page's reference panel (BaseSite.reference): each army's troopers on the table by
their public profile (attributes and weapons), from the spectator's view."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from django.utils.translation import gettext

from games.engine.infinity.data import profiles
from games.hexboard.protocol import ReferenceEntry, ReferenceSection
from games.infinity_site.names import army_label, profile_label, weapon_name


def _text(pid: str) -> str:
    p = profiles()[pid]
    stats = gettext(
        "MOV %(mov)s · CC %(cc)d · BS %(bs)d · PH %(ph)d · WIP %(wip)d · ARM %(arm)d · "
        "BTS %(bts)d · W %(w)d"
    ) % {
        "mov": "-".join(str(m) for m in p.mov),
        "cc": p.cc,
        "bs": p.bs,
        "ph": p.ph,
        "wip": p.wip,
        "arm": p.arm,
        "bts": p.bts,
        "w": p.w,
    }
    weapons = ", ".join(weapon_name(w) for w in p.weapons)
    return f"{stats}. {gettext('Weapons: %(list)s.') % {'list': weapons}}" if weapons else stats


def reference(view: Mapping[str, Any]) -> list[ReferenceSection]:
    sections = []
    for seat in range(len(view.get("seats") or [])):
        pids = dict.fromkeys(
            t["profile"]
            for t in view.get("troopers") or []
            if t.get("seat") == seat and t.get("profile") in profiles()
        )
        if pids:
            entries = tuple(ReferenceEntry(profile_label(pid), _text(pid)) for pid in pids)
            sections.append(ReferenceSection(army_label(view, seat), entries))
    return sections
