"""Saved, named army lists, per player and game system (each system's spec says how its lists
look). The list itself is the system's JSON; the total and validity are cached from the
engine's pricing at every save, for the lists page and the choosers. A list used in a match is
copied into the match's config: editing it later never changes a running match."""

from __future__ import annotations

from django.conf import settings
from django.db import models

NAME_MAX = 60


class ArmyList(models.Model):
    owner = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="army_lists"
    )
    system = models.CharField(max_length=32)
    name = models.CharField(max_length=NAME_MAX)
    schema = models.PositiveSmallIntegerField(default=1)
    data = models.JSONField()
    total = models.PositiveIntegerField(null=True, blank=True)  # None: a value has no cost
    valid = models.BooleanField(default=False)  # usable (within its own limit, if any)
    figures = models.JSONField(default=dict)  # the system's counts (Heroes used and allowed...)
    created_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["owner", "system", "name"], name="army_list_name")
        ]
        ordering = ["system", "name"]

    def __str__(self) -> str:
        return f"{self.name} ({self.system})"
