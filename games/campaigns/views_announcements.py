"""A campaign's announcements: posted and removed by its organiser (services/announcements.py,
games/announcements/views.py)."""

from __future__ import annotations

from django.core.exceptions import PermissionDenied
from django.urls import reverse
from django.views.decorators.http import require_POST

from games.announcements import views as announcements
from games.campaigns import services
from games.campaigns.views import _detail_page, visible_campaign_or_404


def _organised(request, campaign_id: int):
    campaign = visible_campaign_or_404(request, campaign_id)  # a private one: 404 to strangers
    if not request.user.is_authenticated or request.user.pk != campaign.organiser_id:
        raise PermissionDenied
    return campaign


@require_POST
def campaign_announce(request, campaign_id: int):
    campaign = _organised(request, campaign_id)
    return announcements.announce(
        request,
        post=lambda text, token: services.campaign_announce(
            campaign=campaign, user=request.user, text=text, token=token
        ),
        page=lambda: _detail_page(request, campaign),
        back=reverse("campaigns:detail", args=[campaign.pk]),
    )


@require_POST
def campaign_announcement_remove(request, campaign_id: int, announcement_id: int):
    campaign = _organised(request, campaign_id)
    return announcements.remove(
        request,
        remove=lambda: services.campaign_announcement_remove(
            campaign=campaign, user=request.user, announcement_id=announcement_id
        ),
        page=lambda: _detail_page(request, campaign),
        back=reverse("campaigns:detail", args=[campaign.pk]),
    )
