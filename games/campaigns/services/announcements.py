"""A campaign's announcements (games/announcements): its organiser writes to all its players
at once; each player is told through their own channels."""

from __future__ import annotations

from django.urls import reverse
from django.utils.translation import gettext as _

from games.announcements.services import announcement_post, announcement_remove
from games.campaigns.models import Campaign, CampaignPlayer
from games.campaigns.services.common import _require_organiser
from games.notifications.pages import notify_page_changed
from games.refusals import Refused


def campaign_competition(campaign: Campaign) -> str:
    return f"campaign:{campaign.pk}"


def campaign_announce(*, campaign: Campaign, user, text: str, token: str):
    """Posts `text` on the campaign's page and tells its players (those not removed); the same
    form twice posts once."""
    _require_organiser(campaign, user)
    players = CampaignPlayer.objects.filter(campaign=campaign, removed_at__isnull=True)
    announcement, new = announcement_post(
        competition=campaign_competition(campaign),
        author=user,
        text=text,
        token=token,
        readers=[p.user for p in players.select_related("user")],
        name=campaign.name,
        url=reverse("campaigns:detail", args=[campaign.pk]),
    )
    if new:
        notify_page_changed(kind="campaign", ident=campaign.pk)
    return announcement


def campaign_announcement_remove(*, campaign: Campaign, user, announcement_id: int) -> None:
    _require_organiser(campaign, user)
    if not announcement_remove(
        competition=campaign_competition(campaign), announcement_id=announcement_id
    ):
        raise Refused(_("This announcement was already removed."))
    notify_page_changed(kind="campaign", ident=campaign.pk)
