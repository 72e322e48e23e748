"""Matches of any game system. The engine state lives in `snapshot` (the system's JSON), always
equal to the replay of the append-only `MatchRecord` log from `seed`. The seed and the rng
counter are secrets: no view, template or message may ever show them."""

from __future__ import annotations

import secrets

from django.conf import settings
from django.contrib.postgres.constraints import ExclusionConstraint
from django.db import models
from django.utils.translation import gettext_lazy as _

from hexsite.json_text import JSONTextField, stored_json


def new_seed() -> str:
    return secrets.token_hex(16)


def new_invite_token() -> str:
    return secrets.token_urlsafe(12)


class Match(models.Model):
    class Status(models.TextChoices):
        OPEN = "open", _("Waiting for players")
        ACTIVE = "active", _("In progress")
        FINISHED = "finished", _("Finished")
        ABORTED = "aborted", _("Aborted")

    system = models.CharField(max_length=32)
    config = models.JSONField(default=dict)
    status = models.CharField(max_length=16, choices=Status.choices, default=Status.OPEN)
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, on_delete=models.SET_NULL, related_name="+"
    )
    created_at = models.DateTimeField(auto_now_add=True)
    started_at = models.DateTimeField(null=True, blank=True)
    finished_at = models.DateTimeField(null=True, blank=True)
    is_public = models.BooleanField(default=True)
    chat_hidden_from_spectators = models.BooleanField(default=True)
    invite_token = models.CharField(max_length=32, default=new_invite_token, unique=True)

    # Engine state. seed and rng_counter are hidden information.
    seed = models.CharField(max_length=64, default=new_seed)
    rng_counter = models.PositiveBigIntegerField(default=0)
    # Text, not jsonb, decoded only when read (hexsite/json_text.py: read with every seat row).
    snapshot = JSONTextField(null=True, blank=True)
    version = models.PositiveIntegerField(default=0)  # bumped by every accepted record

    # Time control: days per move, an optional bank that grows by `bank_increment_hours` per
    # move (capped at `bank_max_days`), vacation allowed or not (the competition may forbid it),
    # and whether a player who asked for it has a clock that stops at weekends (games/clock).
    days_per_move = models.PositiveSmallIntegerField(default=3)
    bank_increment_hours = models.PositiveSmallIntegerField(default=0)
    bank_max_days = models.PositiveSmallIntegerField(default=0)
    vacation_allowed = models.BooleanField(default=True)
    weekend_pause_allowed = models.BooleanField(default=True)

    # Competitions (campaigns, league) point at matches; a match only knows a label for display
    # and for routing the "match finished" hooks.
    competition = models.CharField(max_length=64, blank=True, default="")

    outcome = models.JSONField(
        null=True, blank=True
    )  # {"ranks": [...], "scores": [...], "reason": ...}

    class Meta:
        indexes = [models.Index(fields=["status", "-created_at"])]

    def __str__(self) -> str:
        return f"{self.system} #{self.pk}"

    @property
    def has_snapshot(self) -> bool:
        """Whether the game has an engine state yet (it started), without decoding it."""
        return stored_json(self, "snapshot") is not None


class Seat(models.Model):
    class Kind(models.TextChoices):
        HUMAN = "human", _("Player")
        BOT = "bot", _("Computer")

    match = models.ForeignKey(Match, on_delete=models.CASCADE, related_name="seats")
    index = models.PositiveSmallIntegerField()
    kind = models.CharField(max_length=8, choices=Kind.choices, default=Kind.HUMAN)
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="seats",
    )
    # The seat's team: its position in the system's `teams(config, seats)`, fixed at creation.
    # One person's seats in a match are all of one team (the constraint below); whether one
    # person may hold several at all is the system's `one_person_may_hold_team_seats`.
    team = models.PositiveSmallIntegerField()
    bot_level = models.PositiveSmallIntegerField(default=0)
    # An open seat kept for whoever has the invite link: not listed in the lobby.
    invite_only = models.BooleanField(default=False)
    # An open seat kept for one named person (a challenge, a rematch): nobody else may take it,
    # the invite link included; they accept (take it) or decline (services/challenges.py).
    # Always invite_only too. None once taken, or for any other seat.
    kept_for = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="kept_seats",
    )
    joined_at = models.DateTimeField(null=True, blank=True)
    # The match's options as they were just before this seat's player chose theirs on taking it
    # (an army list: match_join's `before_start`); None when taking it changed nothing. Should
    # they leave before the start, the site gives the seat its part of them back
    # (services/leaving.py, hexboard `BaseSite.seat_left`).
    options_before = models.JSONField(null=True, blank=True)

    # Clock: when the seat must act by (None when it need not act), and its bank.
    deadline = models.DateTimeField(null=True, blank=True)
    bank_seconds = models.PositiveIntegerField(default=0)
    reminders_sent = models.PositiveSmallIntegerField(default=0)  # how many of the escalation steps
    # The time zone whose weekends stop the running deadline's clock, fixed when the turn
    # started (its player pauses weekends, the match allows it); "": it runs every day. Kept so
    # that the turn's end counts the bank as its start counted the deadline, whatever the
    # player changes in between (games/clock/services.py).
    weekend_zone = models.CharField(max_length=64, blank=True, default="")

    last_seen_version = models.PositiveIntegerField(default=0)  # "changed since I looked"
    offers_draw = models.BooleanField(default=False)
    rank = models.PositiveSmallIntegerField(null=True, blank=True)  # 0 = first, set at the end
    # The army or faction the seat led (`BaseSite.settled_side`: "moloch"), set at the end with
    # the rank, so that a player's results and the army statistics read a column instead of
    # decoding every finished match's options and state. "": the game's options fix none.
    side = models.CharField(max_length=64, blank=True, default="")

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["match", "index"], name="seat_unique_index"),
            # No person holds seats of two teams (seats without teams are teams of one, so
            # there one person holds at most one seat, as before team play).
            ExclusionConstraint(
                name="seat_one_team_per_user",
                expressions=[("match", "="), ("user", "="), ("team", "<>")],
                condition=models.Q(user__isnull=False),
            ),
        ]
        ordering = ["index"]

    def __str__(self) -> str:
        return f"{self.match} seat {self.index}"

    @property
    def is_free(self) -> bool:
        """A player's seat nobody has taken yet (a computer's seat is never free)."""
        return self.user_id is None and self.kind == Seat.Kind.HUMAN

    @property
    def awaits_answer(self) -> bool:
        """Kept for a named person who has not answered yet (a challenge, a rematch offer)."""
        return self.is_free and self.kept_for_id is not None

    def is_free_for(self, user_id: int | None) -> bool:
        """Free, and not kept for somebody other than `user_id`."""
        return self.is_free and self.kept_for_id in (None, user_id)


class MatchRecord(models.Model):
    """One accepted step of a match, append-only (never updated or deleted).

    kind "setup": the engine's setup; "move": a seat's move; "takeback": cancels the seat's
    moves back to `data["to_seq"]` within its turn; "forfeit": resignation or loss on time;
    "draw": agreed draw; "draw_declined": the seat declined the others' draw offer (the game
    goes on); "called_off": the match ended without a result (`data["reason"]`, e.g. its
    season was closed: services/endings.py `match_call_off_unfinished`). Neither of the last two changes
    the game's state (replaying.py). `events` are the engine events with their visibility, as stored JSON.
    """

    class Kind(models.TextChoices):
        SETUP = "setup"
        MOVE = "move"
        TAKEBACK = "takeback"
        FORFEIT = "forfeit"
        DRAW = "draw"
        DRAW_DECLINED = "draw_declined"
        CALLED_OFF = "called_off"

    match = models.ForeignKey(Match, on_delete=models.CASCADE, related_name="records")
    seq = models.PositiveIntegerField()
    kind = models.CharField(max_length=16, choices=Kind.choices)
    seat = models.PositiveSmallIntegerField(null=True, blank=True)
    data = models.JSONField(default=dict)  # the move, or the forfeit reason
    events = models.JSONField(default=list)
    rng_counter_after = models.PositiveBigIntegerField(default=0)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        constraints = [models.UniqueConstraint(fields=["match", "seq"], name="record_unique_seq")]
        ordering = ["seq"]


class ChatMessage(models.Model):
    match = models.ForeignKey(Match, on_delete=models.CASCADE, related_name="chat")
    author = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+")
    text = models.TextField(max_length=2000)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["created_at"]


from games.matches.models_notes import MatchNote  # noqa: E402, F401
