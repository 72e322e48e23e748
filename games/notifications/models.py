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
        # The seat's deadline passed and the rules' default was played for it (the match goes
        # on): told to that seat's player alone (turns.py `notify_deadline_default`).
        DEADLINE_DEFAULT = "deadline_default", _("Default played at the deadline")
        INVITATION = "invitation", _("Invitation")  # to a league or a campaign, by name
        GAME_OVER = "game_over", _("Game over")
        DRAW_OFFER = "draw_offer", _("Draw offered")
        DRAW_DECLINED = "draw_declined", _("Draw declined")
        # A match ended without a result (its season was closed: matches' called_off.py).
        CALLED_OFF = "called_off", _("Match called off")
        REMATCH = "rematch", _("Rematch offered")
        # A player challenged the reader to a match (a seat kept for them); the answers.
        MATCH_CHALLENGE = "match_challenge", _("Challenge to a match")
        DECLINED = "declined", _("Challenge declined")
        WITHDRAWN = "withdrawn", _("Challenge withdrawn")
        CHAT = "chat", _("Chat message")
        CHALLENGE = "challenge", _("Campaign challenge")
        DECLARE = "declare", _("Objective to declare")
        TERRITORIES = "territories", _("Territories to pick")
        ROUND = "round", _("Round started")
        PAIRINGS = "pairings", _("League pairings")
        # What an organiser did that concerns a player (a corrected result, a late sign-up
        # answered...): params["event"] says which (notifications/texts.py).
        COMPETITION = "competition", _("League or campaign news")
        FOLLOWED = "followed", _("New follower")
        # A player gave their seat up before the match started (matches' on_seat_left).
        LEFT = "left", _("A player left the table")

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
        indexes = [
            models.Index(fields=["user", "read_at", "-created_at"]),
            # The inbox, a player's newest 100 in this order: read from the index's first rows,
            # where the user's index alone had PostgreSQL read and sort every notification of
            # theirs (thousands after a few years: README "Benchmarks").
            models.Index(fields=["user", "-created_at", "-id"], name="notification_inbox_newest"),
        ]


class PushSubscription(models.Model):
    """A browser that accepted push notifications (Web Push): where to send them and the keys
    the payload is encrypted with. One row per browser; a browser that unsubscribes, or whose
    push service answers 404/410, is forgotten."""

    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="push_subscriptions"
    )
    endpoint = models.URLField(max_length=1000, unique=True)
    p256dh = models.CharField(max_length=200)
    auth = models.CharField(max_length=100)
    created_at = models.DateTimeField(auto_now_add=True)


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


class ToldOnce(models.Model):
    """An event a player is told at most once (`notify_user`'s `once` key: a turn's deadline,
    a draw offer, a result...). The row is claimed in the telling's own transaction, and its
    uniqueness is what makes "once" hold: of two tellings at once (two workers, a request and a
    worker) the second waits for the first to commit, then tells nothing. A row of its own, not
    a mark on the inbox entry: a later notification about the same match replaces an unread
    entry, and its mark with it."""

    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+")
    key = models.TextField()
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        constraints = [models.UniqueConstraint(fields=["user", "key"], name="told_once_per_key")]
