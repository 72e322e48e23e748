"""Bonus and penalty points: an organiser adds to (or takes from) a player's points in their
division's table, with a public reason; an organiser may withdraw it, with a reason too. The
game counters of the registration stay the games' own (standings.Row.adjustment)."""

from __future__ import annotations

from django.conf import settings
from django.db import models

# Whole points, never zero, at most this many either way: a league's points per win is at most
# 99 (forms._points_field), so ±100 covers a whole game's worth and a typo stays small.
POINTS_LIMIT = 100


class PointsAdjustment(models.Model):
    registration = models.ForeignKey(
        "league.Registration", on_delete=models.CASCADE, related_name="adjustments"
    )
    points = models.SmallIntegerField()
    reason = models.TextField()
    by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, on_delete=models.SET_NULL, related_name="+"
    )
    at = models.DateTimeField(auto_now_add=True)
    # The form's one-time key (drawn when the form is shown): a second submit of the same form
    # finds the first adjustment instead of giving the points twice.
    token = models.CharField(max_length=64, unique=True)
    withdrawn_at = models.DateTimeField(null=True, blank=True)
    withdrawn_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    withdraw_reason = models.TextField(blank=True)

    class Meta:
        ordering = ["at", "pk"]
        constraints = [
            models.CheckConstraint(
                condition=~models.Q(points=0)
                & models.Q(points__gte=-POINTS_LIMIT, points__lte=POINTS_LIMIT),
                name="points_adjustment_in_range",
            )
        ]

    def __str__(self) -> str:
        return f"{self.registration}: {self.points}"
