"""A player's campaigns in their data download, and what deleting their account does to them
(games/accounts/privacy.py). The organiser of a campaign that is not over is refused: a
campaign cannot change organiser, so they finish it first. A player leaves every campaign not
over (`campaign_leave`: territories unclaimed, open battles cancelled); a finished campaign
keeps them in its history, under the account's new name."""

from __future__ import annotations

from django.utils.translation import gettext as _

from games.campaigns.models import Campaign, CampaignInvitation, CampaignPlayer
from games.campaigns.services import campaign_leave
from games.refusals import Refused


def campaigns_data(user) -> dict:
    return {
        "memberships": [
            {
                "campaign": p.campaign.name,
                "campaign_id": p.campaign_id,
                "status": p.campaign.status,
                "joined_at": p.joined_at,
                "left_at": p.removed_at,
            }
            for p in CampaignPlayer.objects.filter(user=user)
            .select_related("campaign")
            .order_by("joined_at")
        ],
        "organised": [
            {"campaign": c.name, "campaign_id": c.pk, "status": c.status}
            for c in Campaign.objects.filter(organiser=user).order_by("pk")
        ],
    }


def campaigns_check_erasure(user) -> None:
    running = Campaign.objects.filter(organiser=user).exclude(status=Campaign.Status.FINISHED)
    campaign = running.order_by("pk").first()
    if campaign is not None:
        raise Refused(
            _(
                "You organise the campaign “%(name)s”, which is not over: finish it first "
                "(a campaign cannot change organiser), then delete your account."
            )
            % {"name": campaign.name}
        )


def campaigns_leave_all(user) -> None:
    memberships = CampaignPlayer.objects.filter(user=user, removed_at__isnull=True).exclude(
        campaign__status=Campaign.Status.FINISHED
    )
    for campaign_id in sorted(set(memberships.values_list("campaign_id", flat=True))):
        campaign_leave(campaign_id=campaign_id, user=user)


def campaigns_forget(user) -> None:
    CampaignInvitation.objects.filter(user=user).delete()


def register() -> None:
    from games.accounts.privacy import on_data_section, on_erasure_check, on_erasure_step

    on_data_section("campaigns", campaigns_data)
    on_erasure_check(campaigns_check_erasure)
    on_erasure_step(campaigns_leave_all, stage="competitions")
    on_erasure_step(campaigns_forget, stage="belongings")
