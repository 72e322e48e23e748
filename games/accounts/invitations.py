"""Invitations by name to a place players join (a league, a campaign): the shared model and the
few reads and writes both places do the same way. Each place keeps its own rules (who may
invite, what accepting means) in its services."""

from __future__ import annotations

from django.conf import settings
from django.contrib.auth import get_user_model
from django.db import models
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from games.accounts.selectors import has_blocked
from games.refusals import Refused


class Invitation(models.Model):
    """`invited_by` invited `user`; the subclass adds the place (a foreign key) and a unique
    constraint on (place, user), so re-inviting someone reuses their row."""

    class Status(models.TextChoices):
        PENDING = "pending", gettext_lazy("Invited")
        ACCEPTED = "accepted", gettext_lazy("Accepted")
        DECLINED = "declined", gettext_lazy("Declined")

    user = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.CASCADE,
        related_name="%(app_label)s_invitations",
    )
    invited_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    status = models.CharField(max_length=10, choices=Status.choices, default=Status.PENDING)
    created_at = models.DateTimeField(auto_now_add=True)
    answered_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        abstract = True
        ordering = ["-created_at", "-pk"]


def invitee(username: str):
    """The active player with this user name, or None."""
    return get_user_model().objects.filter(username=username.strip(), is_active=True).first()


def invitation_upsert(model: type[Invitation], *, actor, user, **place) -> Invitation:
    """A pending invitation of `user` to the place (a new one, or a declined one renewed).
    Refused between two players one of whom blocked the other: the blocked one is told only
    that the player does not accept invitations from them."""
    if has_blocked(blocker=actor, blocked=user):
        raise Refused(_("You have blocked %(name)s: unblock them to invite them.") % {"name": user})
    if has_blocked(blocker=user, blocked=actor):
        raise Refused(_("This player does not accept invitations from you."))
    invitation, _created = model.objects.update_or_create(
        user=user,
        **place,
        defaults={"invited_by": actor, "status": Invitation.Status.PENDING, "answered_at": None},
    )
    return invitation


def invitation_answer(model: type[Invitation], *, user, accept: bool, **place) -> int:
    """Answers the user's pending invitation to the place; how many were waiting (0 or 1)."""
    status = Invitation.Status.ACCEPTED if accept else Invitation.Status.DECLINED
    return model.objects.filter(user=user, status=Invitation.Status.PENDING, **place).update(
        status=status, answered_at=timezone.now()
    )


def invitations_waiting(model: type[Invitation], *, user, place: str) -> list:
    """The user's unanswered invitations, newest first, with their place and who invited."""
    if user is None or not user.is_authenticated:
        return []
    return list(
        model.objects.filter(user=user, status=Invitation.Status.PENDING)
        .select_related(place, "invited_by")
        .order_by("-created_at")
    )
