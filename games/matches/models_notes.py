"""A player's private notes on a match: a plan, what the opponent still holds, what to check
next week. Read and written by their author only (services/notes.py); no page, partial, push or
export of anyone else carries them."""

from __future__ import annotations

from django.conf import settings
from django.db import models


class MatchNote(models.Model):
    match = models.ForeignKey("matches.Match", on_delete=models.CASCADE, related_name="+")
    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+")
    text = models.TextField()
    # Each save counts one: a form sent from an older copy (another device) is refused.
    version = models.PositiveIntegerField(default=1)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        constraints = [models.UniqueConstraint(fields=["match", "user"], name="match_note_once")]
