"""The match page's reference panel (BaseSite.reference): the factions in play, the minor
factions and mercenaries on the board and the market's cards, from the spectator's view."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from django.utils.translation import gettext

from games.hexboard.protocol import ReferenceEntry, ReferenceSection
from games.hexpanse_site import texts


def _card(code: str) -> ReferenceEntry:
    return ReferenceEntry(
        f"{texts.card_name(code)} ({texts.card_type(code)})", " ".join(texts.card_lines(code))
    )


def reference(view: Mapping[str, Any]) -> list[ReferenceSection]:
    factions = dict.fromkeys(s.get("faction") for s in view.get("seats") or [] if s.get("faction"))
    units = (view.get("units") or {}).values()
    minors = dict.fromkeys(u["minor"] for u in units if u.get("kind") == "minor" and u.get("minor"))
    mercs = dict.fromkeys(u["card"] for u in units if u.get("kind") == "merc" and u.get("card"))
    market = view.get("market")  # during the setup, only how many cards it holds
    market = [c for c in market if isinstance(c, str)] if isinstance(market, list) else []
    sections = [
        ReferenceSection(
            gettext("Factions"),
            tuple(ReferenceEntry(texts.faction_name(f), texts.faction_text(f)) for f in factions),
        ),
        ReferenceSection(
            gettext("Minor factions"),
            tuple(ReferenceEntry(texts.minor_name(m), texts.minor_text(m)) for m in minors),
        ),
        ReferenceSection(gettext("Mercenaries"), tuple(_card(c) for c in mercs)),
        ReferenceSection(gettext("Market"), tuple(_card(c) for c in market)),
    ]
    return [s for s in sections if s.entries]
