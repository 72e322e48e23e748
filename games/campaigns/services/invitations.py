"""Campaigns by invitation: the organiser invites players by name (each accepts, which joins the
campaign, or declines) or shares the invitation link (following it, a player may join); a new
link revokes the old one. Nobody else sees anything of a private campaign."""

from __future__ import annotations

from django.db import transaction
from django.urls import reverse
from django.utils.translation import gettext as _

from games.accounts.invitations import invitation_answer, invitation_upsert, invitee
from games.campaigns.models import Campaign, CampaignInvitation, CampaignPlayer, new_invite_token
from games.campaigns.services.common import _lock, _require_organiser
from games.refusals import Refused


def campaign_invite_player(*, campaign_id: int, user, username: str) -> CampaignInvitation:
    from games.notifications.services import notify_invitation

    with transaction.atomic():
        campaign = _lock(campaign_id)
        _require_organiser(campaign, user)
        if campaign.status == Campaign.Status.FINISHED:
            raise Refused(_("The campaign is over."))
        invited = invitee(username)
        if invited is None:
            raise Refused(_("No player has this user name."))
        if (
            invited.pk == campaign.organiser_id
            or CampaignPlayer.objects.filter(campaign=campaign, user=invited).exists()
        ):
            raise Refused(_("%(name)s is already in this campaign.") % {"name": invited})
        invitation = invitation_upsert(
            CampaignInvitation, actor=user, user=invited, campaign=campaign
        )
        notify_invitation(
            user=invited,
            by=user.get_username(),
            name=campaign.name,
            url=reverse("campaigns:invitation", args=[campaign.pk]),
        )
    return invitation


def pending_invitation(*, campaign: Campaign, user) -> CampaignInvitation | None:
    if user is None or not user.is_authenticated:
        return None
    return CampaignInvitation.objects.filter(
        campaign=campaign, user=user, status=CampaignInvitation.Status.PENDING
    ).first()


def invitation_accepted(*, campaign: Campaign, user) -> None:
    """Called by campaign_join (in its transaction): the invitation, if any, is answered."""
    invitation_answer(CampaignInvitation, user=user, accept=True, campaign=campaign)


def campaign_decline_invitation(*, campaign_id: int, user) -> None:
    if not invitation_answer(CampaignInvitation, user=user, accept=False, campaign_id=campaign_id):
        raise Refused(_("There is no invitation waiting for you in this campaign."))


def campaign_new_invite_link(*, campaign_id: int, user) -> str:
    """A new invitation link; the old one stops working (players stay players)."""
    with transaction.atomic():
        campaign = _lock(campaign_id)
        _require_organiser(campaign, user)
        campaign.invite_token = new_invite_token()
        campaign.save(update_fields=["invite_token"])
    return campaign.invite_token


def campaign_revoke_invitation(*, campaign_id: int, user, invitation_id: int) -> None:
    with transaction.atomic():
        campaign = _lock(campaign_id)
        _require_organiser(campaign, user)
        deleted, _rows = CampaignInvitation.objects.filter(
            pk=invitation_id, campaign=campaign, status=CampaignInvitation.Status.PENDING
        ).delete()
        if not deleted:
            raise Refused(_("This invitation is not waiting any more."))
