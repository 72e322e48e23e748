"""How a player's inbox and channels word an announcement (in the reader's language, when read;
registered with notifications.texts.on_competition_text)."""

from __future__ import annotations

from django.utils.translation import gettext as _


def competition_sentence(p: dict) -> str | None:
    if p.get("event") == "announcement":
        return _("%(by)s, organiser of %(name)s, announces: %(excerpt)s") % p
    return None
