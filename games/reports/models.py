"""Battle reports: after a campaign or league match, each of its players may write one short
report (text and an optional image), shown in the competition's feed beside an automatic
summary of the match and a link to its replay. The image is kept in the database and served
only to readers who may see the competition (a private campaign's pictures stay private)."""

from __future__ import annotations

from django.conf import settings
from django.db import models

from games.matches.models import Match

MAX_TEXT = 2000


class BattleReport(models.Model):
    match = models.ForeignKey(Match, on_delete=models.CASCADE, related_name="reports")
    author = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="battle_reports"
    )
    text = models.TextField(max_length=MAX_TEXT)
    image = models.BinaryField(null=True, blank=True)
    image_type = models.CharField(max_length=32, blank=True)  # image/png, image/jpeg...
    image_width = models.PositiveSmallIntegerField(default=0)
    image_height = models.PositiveSmallIntegerField(default=0)
    created_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["match", "author"], name="one_report_per_player")
        ]
        ordering = ["-created_at", "-pk"]
