"""Playoffs: a single-elimination top cut at the end of a season (or a stand-alone knockout
event: a season of the "knockout" format). Each tie is one hexsite match, or a mirrored pair;
its winner goes on to the next tie (games/league/bracket.py draws and decides)."""

from __future__ import annotations

from django.db import models
from django.utils.translation import gettext_lazy as _

from games.matches.models import Match


class Playoff(models.Model):
    class Scope(models.TextChoices):
        DIVISION = "division", _("Each division")
        OVERALL = "overall", _("Whole season")

    class Status(models.TextChoices):
        RUNNING = "running", _("In progress")
        DONE = "done", _("Finished")

    season = models.ForeignKey("league.Season", on_delete=models.CASCADE, related_name="playoffs")
    division = models.ForeignKey(  # None: the whole season's top cut
        "league.Division", null=True, blank=True, on_delete=models.CASCADE, related_name="+"
    )
    qualifiers = models.PositiveSmallIntegerField()
    size = models.PositiveSmallIntegerField()  # a power of two >= qualifiers
    third_place = models.BooleanField(default=False)
    mirrored = models.BooleanField(default=False)
    tie_days = models.PositiveSmallIntegerField(default=7)
    status = models.CharField(max_length=8, choices=Status.choices, default=Status.RUNNING)
    champion = models.ForeignKey(
        "league.Registration", null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["season", "pk"]


class PlayoffTie(models.Model):
    """One meeting in the bracket. Seeds are places in the cut (1 = best)."""

    class Status(models.TextChoices):
        WAITING = "waiting", _("Waiting for its players")
        PLAYING = "playing", _("Being played")
        DONE = "done", _("Decided")

    playoff = models.ForeignKey(Playoff, on_delete=models.CASCADE, related_name="ties")
    round_number = models.PositiveSmallIntegerField()
    slot = models.PositiveSmallIntegerField()
    third_place = models.BooleanField(default=False)
    player_a = models.ForeignKey(
        "league.Registration", null=True, blank=True, on_delete=models.PROTECT, related_name="+"
    )
    player_b = models.ForeignKey(
        "league.Registration", null=True, blank=True, on_delete=models.PROTECT, related_name="+"
    )
    seed_a = models.PositiveSmallIntegerField(null=True, blank=True)
    seed_b = models.PositiveSmallIntegerField(null=True, blank=True)
    status = models.CharField(max_length=8, choices=Status.choices, default=Status.WAITING)
    deadline = models.DateTimeField(null=True, blank=True)
    winner = models.ForeignKey(
        "league.Registration", null=True, blank=True, on_delete=models.PROTECT, related_name="+"
    )
    decided_by = models.CharField(max_length=8, blank=True)  # bye, games, score, seed

    class Meta:
        constraints = [
            models.UniqueConstraint(
                fields=["playoff", "round_number", "slot"], name="playoff_tie_place"
            )
        ]
        ordering = ["playoff", "round_number", "slot"]


class PlayoffGame(models.Model):
    tie = models.ForeignKey(PlayoffTie, on_delete=models.CASCADE, related_name="games")
    index = models.PositiveSmallIntegerField(default=0)  # 1 = the mirror game
    match = models.OneToOneField(
        Match, null=True, blank=True, on_delete=models.SET_NULL, related_name="playoff_game"
    )
    seat_order = models.JSONField(default=list)  # registration id per seat
    ranks = models.JSONField(null=True, blank=True)  # per seat; None: not played yet
    scores = models.JSONField(null=True, blank=True)
    forfeited = models.JSONField(default=list)  # registration ids
    reason = models.CharField(max_length=32, blank=True)

    class Meta:
        constraints = [models.UniqueConstraint(fields=["tie", "index"], name="playoff_game_unique")]
        ordering = ["tie", "index"]
