"""A campaign's announcements: posted and removed by its organiser (services/announcements.py).
A refused post draws the campaign's page again with the reason and the text kept."""

from __future__ import annotations

from django.core.exceptions import PermissionDenied
from django.shortcuts import redirect
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from games.announcements.forms import AnnouncementForm
from games.campaigns import services
from games.campaigns.views import _detail_page, visible_campaign_or_404
from games.refusals import attempt, refused_again


def _organised(request, campaign_id: int):
    campaign = visible_campaign_or_404(request, campaign_id)  # a private one: 404 to strangers
    if not request.user.is_authenticated or request.user.pk != campaign.organiser_id:
        raise PermissionDenied
    return campaign


@require_POST
def campaign_announce(request, campaign_id: int):
    campaign = _organised(request, campaign_id)

    def act() -> None:
        form = AnnouncementForm(request.POST)
        form.is_valid()  # every field optional: the service says what is wrong
        services.campaign_announce(
            campaign=campaign,
            user=request.user,
            text=form.cleaned_data.get("text", ""),
            token=form.cleaned_data.get("token", ""),
        )

    if not attempt(request, act, success=_("Announced: every player is told.")).ok:
        return refused_again(_detail_page(request, campaign))
    return redirect("campaigns:detail", campaign_id=campaign.pk)


@require_POST
def campaign_announcement_remove(request, campaign_id: int, announcement_id: int):
    campaign = _organised(request, campaign_id)
    done = attempt(
        request,
        lambda: services.campaign_announcement_remove(
            campaign=campaign, user=request.user, announcement_id=announcement_id
        ),
        success=_("The announcement was removed."),
    )
    if not done.ok:  # gone already, or not this competition's: the page again, 400
        return refused_again(_detail_page(request, campaign))
    return redirect("campaigns:detail", campaign_id=campaign.pk)
