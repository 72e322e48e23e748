"""Leagues by invitation: who may see and join one. Its organisers invite players by name (the
player accepts or declines) or share the league's invitation link (following it joins at once);
a new link revokes the old one. A member (organiser, accepted invitee, or anyone who ever
registered) sees the league and may sign up for its seasons; nobody else sees anything of it."""

from __future__ import annotations

from django.db import transaction
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import gettext as _

from games.accounts.invitations import invitation_answer, invitation_upsert, invitee
from games.league.models import League, LeagueInvitation, new_invite_token
from games.league.selectors import is_member
from games.league.services.common import _require_organiser
from games.refusals import Refused


def league_invite(*, league: League, actor, username: str) -> LeagueInvitation:
    """An organiser invites a player by user name; the player finds it in their inbox."""
    from games.notifications.services import notify_invitation

    _require_organiser(league, actor)
    user = invitee(username)
    if user is None:
        raise Refused(_("No player has this user name."))
    if is_member(league=league, user=user):
        raise Refused(_("%(name)s is already a member of this league.") % {"name": user})
    with transaction.atomic():
        invitation = invitation_upsert(LeagueInvitation, actor=actor, user=user, league=league)
        notify_invitation(
            user=user,
            by=actor.get_username(),
            name=league.name,
            url=reverse("league:invitation", args=[league.pk]),
        )
    return invitation


def league_invitation_answer(*, league: League, user, accept: bool) -> None:
    """The invited player accepts (becomes a member) or declines."""
    if not invitation_answer(LeagueInvitation, user=user, accept=accept, league=league):
        raise Refused(_("There is no invitation waiting for you in this league."))


def league_join_by_link(*, token: str, user) -> League:
    """Whoever follows the current invitation link joins the league as a member."""
    league = League.objects.filter(invite_token=token).first() if token else None
    if league is None:
        raise Refused(_("This invitation link is not valid (any more)."))
    if not is_member(league=league, user=user):
        LeagueInvitation.objects.update_or_create(
            league=league,
            user=user,
            defaults={"status": LeagueInvitation.Status.ACCEPTED, "answered_at": timezone.now()},
        )
    return league


def league_new_invite_link(*, league: League, actor) -> str:
    """A new invitation link; the old one stops working (members stay members)."""
    _require_organiser(league, actor)
    league.invite_token = new_invite_token()
    league.save(update_fields=["invite_token"])
    return league.invite_token


def league_revoke_invitation(*, league: League, actor, invitation_id: int) -> None:
    """An organiser withdraws an invitation the player has not answered yet."""
    _require_organiser(league, actor)
    deleted, _rows = LeagueInvitation.objects.filter(
        pk=invitation_id, league=league, status=LeagueInvitation.Status.PENDING
    ).delete()
    if not deleted:
        raise Refused(_("This invitation is not waiting any more."))
