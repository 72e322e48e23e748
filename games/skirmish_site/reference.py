"""The match page's reference panel (BaseSite.reference): each side's units on the table, their
profile and traits, from the spectator's view."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from games.hexboard.protocol import ReferenceEntry, ReferenceSection
from games.skirmish_site import describe, profiles


def reference(view: Mapping[str, Any]) -> list[ReferenceSection]:
    models = (view.get("position") or {}).get("models") or {}
    sections = []
    for seat in describe.SEATS:
        entries: dict[tuple[str, str], ReferenceEntry] = {}
        for m in models.values():
            if m.get("seat") != seat:
                continue
            name = describe.unit_name(str(m.get("name") or m.get("unit") or ""))
            text = ". ".join([profiles.stats(m), *profiles.traits(m)]) + "."
            entries.setdefault((name, text), ReferenceEntry(name, text))
        if entries:
            sections.append(
                ReferenceSection(str(describe.SEAT_COLOURS[seat]), tuple(entries.values()))
            )
    return sections
