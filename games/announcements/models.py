"""Organisers' announcements: a league season's or a campaign's organisers write to all its
players at once (« la ronde 3 est prolongée d'une semaine », « finale au club samedi »). Each
is shown on the competition's page and told to every player through their own channels (inbox,
email, Discord), as the notifications app decides.

The competition is named as the battle reports name it (`"league:<season id>"`,
`"campaign:<id>"`), so this app knows neither the league nor the campaigns: they decide who
writes and who is told (arrows point from them to here)."""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.utils import timezone

MAX_TEXT = 2000


class Announcement(models.Model):
    competition = models.CharField(max_length=40)
    author = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, on_delete=models.SET_NULL, related_name="+"
    )
    text = models.TextField(max_length=MAX_TEXT)
    # The form's one-time key: the same form sent twice posts (and tells) once.
    token = models.CharField(max_length=64, unique=True)
    created_at = models.DateTimeField(default=timezone.now)

    class Meta:
        ordering = ["-created_at", "-pk"]
        indexes = [
            models.Index(fields=["competition", "-created_at"], name="announcements_newest"),
        ]
