"""What the campaigns tell their players through the notifications app (inbox, email,
Discord): an organiser's correction, a battle report. Sentences are written when read, in
the reader's language (registered with notifications.texts.on_competition_text)."""

from __future__ import annotations

from django.urls import reverse
from django.utils.translation import gettext as _

from games.notifications.services import notify_competition


def competition_sentence(p: dict) -> str | None:
    event = p.get("event")
    if event == "battle_corrected":
        return _("%(by)s corrected your battle in %(name)s: %(reason)s") % p
    if event == "battle_report":
        return _("%(by)s wrote a battle report in %(name)s.") % p
    return None


def tell_battle_players(campaign, battle, event: str, users=None, **params) -> None:
    notify_competition(
        users=users or [battle.player_a.user, battle.player_b.user],
        event=event,
        name=campaign.name,
        url=reverse("campaigns:battle", args=[campaign.pk, battle.pk]),
        **params,
    )
