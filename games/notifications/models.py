"""The in-site inbox, and who is looking at which match right now.

A notification stores a kind and parameters, not a sentence: the text is written when it is
shown, in the reader's language (notifications/texts.py).
"""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _


class Notification(models.Model):
    class Kind(models.TextChoices):
        TURN = "turn", _("Your turn")
        REMINDER = "reminder", _("Deadline reminder")
        TIMEOUT = "timeout", _("Lost on time")
        INVITATION = "invitation", _("Invitation")  # to a league or a campaign, by name
        # What an organiser did that concerns a player (a corrected result, a late sign-up
        # answered...): params["event"] says which (notifications/texts.py).
        COMPETITION = "competition", _("League or campaign news")

    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="notifications"
    )
    kind = models.CharField(max_length=16, choices=Kind.choices)
    match_id = models.PositiveBigIntegerField(null=True, blank=True)
    params = models.JSONField(default=dict)
    created_at = models.DateTimeField(auto_now_add=True)
    read_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["-created_at", "-pk"]
        indexes = [models.Index(fields=["user", "read_at", "-created_at"])]


class MatchPresence(models.Model):
    """A websocket of `user` watching `match_id`: while a fresh row exists, the player has the
    match page open and per-turn emails are not sent. Rows are written only by the consumer
    (on watch and on the page's heartbeat, deleted on disconnect) and expire by themselves
    (`expires_at`) if a server dies without saying goodbye. A table, not a per-process cache,
    so every daphne process and every worker sees the same presence."""

    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+")
    match_id = models.PositiveBigIntegerField()
    channel_name = models.CharField(max_length=200)
    expires_at = models.DateTimeField()

    class Meta:
        constraints = [
            models.UniqueConstraint(
                fields=["channel_name", "match_id"], name="presence_one_per_socket"
            )
        ]
        indexes = [models.Index(fields=["user", "match_id", "expires_at"])]
