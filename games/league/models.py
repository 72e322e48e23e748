"""League: leagues, seasons, divisions, rounds, pairings, results, ratings, the organiser log.

A pairing is one meeting of 2 players (or a pod of 3–4); it has one game, or two for a mirrored
duel (each player moves first once, armies swapped). Each game points at its match; a `Result`
is unique per game and per match, so a result is counted once however often a hook fires.
"""

from __future__ import annotations

import secrets
from datetime import datetime

from django.conf import settings
from django.db import models
from django.utils import timezone
from django.utils.formats import date_format
from django.utils.translation import gettext_lazy as _
from django.utils.translation import ngettext

from games.accounts.invitations import Invitation
from games.league.standings import signed
from games.matches.models import Match


def new_invite_token() -> str:
    return secrets.token_urlsafe(12)


class League(models.Model):
    class Vacation(models.TextChoices):
        ALLOWED = "allowed", _("Vacation allowed")
        ORGANISER = "organiser", _("Pauses only by an organiser")
        FORBIDDEN = "forbidden", _("No vacation")

    class Withdrawal(models.TextChoices):
        FORFEIT_REMAINING = "forfeit_remaining", _("Remaining games are lost by forfeit")
        VOID_UNPLAYED = "void_unplayed", _("Unplayed games are void")

    name = models.CharField(_("name"), max_length=100)
    system = models.CharField(_("game"), max_length=32)  # a registered system's key
    system_config = models.JSONField(default=dict, blank=True)
    rules_text = models.TextField(_("rules"), blank=True)
    is_public = models.BooleanField(_("public"), default=True)
    # The invitation link of a league by invitation: whoever follows it may join. An organiser
    # replaces it to revoke the old one.
    invite_token = models.CharField(max_length=32, default=new_invite_token, unique=True)
    organisers = models.ManyToManyField(settings.AUTH_USER_MODEL, related_name="organised_leagues")
    vacation_policy = models.CharField(
        max_length=16, choices=Vacation.choices, default=Vacation.ALLOWED
    )
    # Whether the season's matches let a player's clock stop at weekends (their setting).
    weekend_pause_allowed = models.BooleanField(_("weekend pause allowed"), default=True)

    class LateJoin(models.TextChoices):
        APPROVAL = "approval", _("Late joiners wait for an organiser's yes")
        OPEN = "open", _("Late joiners join at once")
        CLOSED = "closed", _("No late joiners")

    class ArmyLists(models.TextChoices):
        NONE = "none", _("No army lists (the system's default armies)")
        REGISTRATION = "registration", _("A list locked at sign-up")
        ROUND = "round", _("A list that may change between rounds")

    # Systems with army lists (games/armies): whether a season requires one per player.
    army_lists = models.CharField(max_length=12, choices=ArmyLists.choices, default=ArmyLists.NONE)
    army_points_limit = models.PositiveSmallIntegerField(null=True, blank=True)
    forfeit_rule_text = models.TextField(_("forfeit rule"), blank=True)
    # Swiss seasons (lichess): a player may join until half the rounds have started, with one
    # half-point bye.
    late_joiners = models.CharField(
        max_length=8, choices=LateJoin.choices, default=LateJoin.APPROVAL
    )
    withdrawal_policy = models.CharField(
        max_length=24, choices=Withdrawal.choices, default=Withdrawal.FORFEIT_REMAINING
    )
    # What a season costs to enter, in the organiser's words (« 5 €, au club »); empty: free. The
    # money changes hands outside the site: the organisers tick who paid (Registration).
    entry_fee = models.CharField(_("entry fee"), max_length=80, blank=True)
    points_win = models.DecimalField(max_digits=4, decimal_places=1, default=1)
    points_draw = models.DecimalField(max_digits=4, decimal_places=1, default=0.5)
    points_loss = models.DecimalField(max_digits=4, decimal_places=1, default=0)
    tiebreakers = models.JSONField(default=list)  # names from standings.ALL_TIEBREAKERS, in order
    division_size = models.PositiveSmallIntegerField(default=8)
    pod_size = models.PositiveSmallIntegerField(default=2)  # 3–4: multi-player pods
    default_format = models.CharField(max_length=8, default="rr1")
    default_swiss_rounds = models.PositiveSmallIntegerField(default=5)
    mirrored_duels = models.BooleanField(default=False)
    promote_count = models.PositiveSmallIntegerField(default=2)
    relegate_count = models.PositiveSmallIntegerField(default=2)
    created_at = models.DateTimeField(auto_now_add=True)

    def __str__(self) -> str:
        return self.name


class Season(models.Model):
    class Status(models.TextChoices):
        DRAFT = "draft", _("In preparation")
        SIGNUP = "signup", _("Sign-up open")
        RUNNING = "running", _("In progress")
        CLOSED = "closed", _("Finished")

    league = models.ForeignKey(League, on_delete=models.CASCADE, related_name="seasons")
    number = models.PositiveSmallIntegerField()
    status = models.CharField(max_length=8, choices=Status.choices, default=Status.DRAFT)
    signup_opens = models.DateTimeField(null=True, blank=True)
    signup_closes = models.DateTimeField(null=True, blank=True)
    round_days = models.PositiveSmallIntegerField(default=7)
    started_at = models.DateTimeField(null=True, blank=True)
    closed_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["league", "number"], name="season_unique_number")
        ]
        ordering = ["league", "-number"]

    def __str__(self) -> str:
        return f"{self.league} – {self.number}"


class Division(models.Model):
    class Format(models.TextChoices):
        RR1 = "rr1", _("Round robin")
        RR2 = "rr2", _("Double round robin")
        SWISS = "swiss", _("Swiss")
        KNOCKOUT = "knockout", _("Knockout (no table rounds)")

    season = models.ForeignKey(Season, on_delete=models.CASCADE, related_name="divisions")
    tier = models.PositiveSmallIntegerField(default=1)  # 1 = top
    name = models.CharField(max_length=60, blank=True)
    format = models.CharField(max_length=8, choices=Format.choices, default=Format.RR1)
    rounds = models.PositiveSmallIntegerField(default=0)  # Swiss rounds; round robins derive it
    mirrored_duels = models.BooleanField(default=False)
    # The league's points per result when the season started, as the format above: the
    # division's table (its tie-breakers are computed when it is read) keeps them whatever the
    # organiser changes for later seasons (« Modifier la ligue »).
    points_win = models.DecimalField(max_digits=4, decimal_places=1, default=1)
    points_draw = models.DecimalField(max_digits=4, decimal_places=1, default=0.5)
    points_loss = models.DecimalField(max_digits=4, decimal_places=1, default=0)
    # Its tie-breakers' order, likewise (empty in divisions made before the order could be
    # edited: the league's, unchanged since; selectors.division_tiebreakers).
    tiebreakers = models.JSONField(default=list, blank=True)

    class Meta:
        ordering = ["season", "tier", "pk"]

    def __str__(self) -> str:
        return self.name or str(_("Division %(tier)s") % {"tier": self.tier})


class Registration(models.Model):
    class Status(models.TextChoices):
        ACTIVE = "active", _("Active")
        WITHDRAWN = "withdrawn", _("Withdrawn")
        DISQUALIFIED = "disqualified", _("Disqualified")
        PENDING = "pending", _("Late, awaiting the organiser")
        REFUSED = "refused", _("Late, refused")

    season = models.ForeignKey(Season, on_delete=models.CASCADE, related_name="registrations")
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="league_registrations"
    )
    division = models.ForeignKey(
        Division, null=True, blank=True, on_delete=models.SET_NULL, related_name="registrations"
    )
    status = models.CharField(max_length=16, choices=Status.choices, default=Status.ACTIVE)
    seed = models.PositiveSmallIntegerField(default=0)  # place in the round-robin schedule
    tier_hint = models.PositiveSmallIntegerField(null=True, blank=True)  # from promotion
    previous_users = models.JSONField(default=list, blank=True)  # usernames before substitutions
    created_at = models.DateTimeField(auto_now_add=True)
    # The division table's additive counters, kept up to date game by game (standings.Row).
    played = models.PositiveSmallIntegerField(default=0)
    wins = models.PositiveSmallIntegerField(default=0)
    draws = models.PositiveSmallIntegerField(default=0)
    losses = models.PositiveSmallIntegerField(default=0)
    forfeit_wins = models.PositiveSmallIntegerField(default=0)
    forfeit_losses = models.PositiveSmallIntegerField(default=0)
    byes = models.PositiveSmallIntegerField(default=0)
    points = models.FloatField(default=0)
    score_for = models.FloatField(default=0)
    score_against = models.FloatField(default=0)
    final_position = models.PositiveSmallIntegerField(null=True, blank=True)
    # A copy of the player's army list (systems with lists): the registration's own from the
    # moment it is chosen, whatever later happens to the list in the builder.
    army = models.JSONField(null=True, blank=True)
    # Club or team, as the player gives it: club-mates are kept apart in round 1 when possible.
    club = models.CharField(max_length=60, blank=True)
    # When an organiser recorded the player's entry fee as received (League.entry_fee); only the
    # organisers and the player see it.
    fee_paid_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        constraints = [models.UniqueConstraint(fields=["season", "user"], name="registration_once")]
        ordering = ["season", "seed", "pk"]

    def __str__(self) -> str:
        return f"{self.user} @ {self.season}"


class Round(models.Model):
    division = models.ForeignKey(Division, on_delete=models.CASCADE, related_name="round_set")
    number = models.PositiveSmallIntegerField()
    deadline = models.DateTimeField()
    published_at = models.DateTimeField(null=True, blank=True)
    closed_at = models.DateTimeField(null=True, blank=True)  # deadline handled

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["division", "number"], name="round_unique_number")
        ]
        ordering = ["division", "number"]


class Pairing(models.Model):
    class Status(models.TextChoices):
        SCHEDULED = "scheduled", _("To play")
        DONE = "done", _("Played")
        BYE = "bye", _("Bye")
        VOID = "void", _("Void")
        # Still unfinished when its season was closed: its games were called off, nothing
        # counted (services/season_end.py).
        CALLED_OFF = "called_off", _("Called off when the season closed")

    round = models.ForeignKey(Round, on_delete=models.CASCADE, related_name="pairings")
    board = models.PositiveSmallIntegerField(default=1)
    players = models.ManyToManyField(Registration, related_name="pairings")
    player_order = models.JSONField(default=list)  # registration ids, first player first
    status = models.CharField(max_length=12, choices=Status.choices, default=Status.SCHEDULED)
    override_reason = models.TextField(blank=True)

    class Meta:
        ordering = ["round", "board"]


class PairingGame(models.Model):
    pairing = models.ForeignKey(Pairing, on_delete=models.CASCADE, related_name="games")
    index = models.PositiveSmallIntegerField(default=0)  # 1 = the mirror game
    match = models.OneToOneField(
        Match, null=True, blank=True, on_delete=models.SET_NULL, related_name="league_game"
    )
    seat_order = models.JSONField(default=list)  # registration id per seat index

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["pairing", "index"], name="pairing_game_unique")
        ]
        ordering = ["pairing", "index"]


class Result(models.Model):
    """A counted game (or a bye). Unique per game and per match: counted once."""

    game = models.OneToOneField(
        PairingGame, null=True, blank=True, on_delete=models.CASCADE, related_name="result"
    )
    pairing = models.ForeignKey(Pairing, on_delete=models.CASCADE, related_name="results")
    match = models.OneToOneField(
        Match, null=True, blank=True, on_delete=models.SET_NULL, related_name="league_result"
    )
    players = models.JSONField(default=list)  # registration ids in seat order
    ranks = models.JSONField(default=list)
    scores = models.JSONField(null=True, blank=True)
    forfeited = models.JSONField(default=list)  # registration ids who lost by forfeit
    bye = models.BooleanField(default=False)
    reason = models.CharField(max_length=32, blank=True)
    overridden = models.BooleanField(default=False)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(
                fields=["pairing"], condition=models.Q(bye=True), name="result_one_bye"
            )
        ]


class Rating(models.Model):
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="league_ratings"
    )
    system = models.CharField(max_length=32)
    mu = models.FloatField()
    sigma = models.FloatField()
    games = models.PositiveIntegerField(default=0)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        constraints = [models.UniqueConstraint(fields=["user", "system"], name="rating_once")]


class RatedGame(models.Model):
    """The ratings' ledger: one row per rated game, in the order they count (`at`, then pk).
    Every Rating and RatingHistory row is a fold over it, so a corrected game is replayed from
    its place on (services/rating_ledger.py) and ends where a replay from scratch would."""

    system = models.CharField(max_length=32)
    match = models.OneToOneField(
        Match, null=True, blank=True, on_delete=models.SET_NULL, related_name="rated_game"
    )
    at = models.DateTimeField()
    users = models.JSONField(default=list)  # user id per seat
    teams = models.JSONField(default=list)  # seat indexes per team
    ranks = models.JSONField(default=list)  # per seat, 0 = first

    class Meta:
        ordering = ["at", "pk"]
        indexes = [models.Index(fields=["system", "at"])]


class RatingHistory(models.Model):
    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+")
    system = models.CharField(max_length=32)
    mu = models.FloatField()
    sigma = models.FloatField()
    match = models.ForeignKey(Match, null=True, on_delete=models.SET_NULL, related_name="+")
    at = models.DateTimeField()

    class Meta:
        ordering = ["at", "pk"]
        constraints = [
            models.UniqueConstraint(
                fields=["user", "match"],
                condition=models.Q(match__isnull=False),
                name="rating_history_once_per_match",
            )
        ]


class SeasonLog(models.Model):
    """What organisers did and why; public (players see corrections, forfeits, extensions)."""

    season = models.ForeignKey(Season, on_delete=models.CASCADE, related_name="log")
    actor = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, on_delete=models.SET_NULL, related_name="+"
    )
    action = models.CharField(max_length=32)
    reason = models.TextField(blank=True)
    data = models.JSONField(default=dict, blank=True)
    at = models.DateTimeField(auto_now_add=True)

    LABELS = {
        "season_open": _("Sign-up opened"),
        "season_start": _("Season started"),
        "season_close": _("Season closed"),
        "withdraw": _("Player withdrew"),
        "rejoin": _("Player rejoined"),
        "withdrawn_after_forfeit": _("Withdrawn from pairings after a forfeit"),
        "forfeit_deadline": _("Forfeit at the deadline"),
        "called_off": _("Game called off at the close"),
        "substitute": _("Substitution"),
        "disqualify": _("Disqualification"),
        "adjust_result": _("Result corrected"),
        "deadline": _("Deadline changed"),
        "late_join": _("Late joiner accepted"),
        "army_list": _("Army list changed"),
        "late_refused": _("Late joiner refused"),
        "playoff_start": _("Playoffs started"),
        "playoff_tie": _("Playoff tie decided"),
        "playoff_done": _("Playoffs finished"),
        "league_settings": _("League settings changed"),
        "points_adjust": _("Bonus or penalty points"),
        "points_withdraw": _("Bonus or penalty points withdrawn"),
    }

    class Meta:
        ordering = ["-at", "-pk"]

    @property
    def label(self) -> str:
        return str(self.LABELS.get(self.action, self.action))

    @property
    def details(self) -> str:
        """The entry's data in words ("2 divisions", "bruno replaces anna"), never raw keys."""
        d = self.data or {}
        if "settings" in d:
            from games.league.forms import settings_changes_in_words  # the fields' labels

            return settings_changes_in_words(d["settings"])
        if "divisions" in d:
            n = int(d["divisions"])
            return ngettext("%(n)d division", "%(n)d divisions", n) % {"n": n}
        if "points" in d and "player" in d:
            return _("%(player)s: %(points)s") % {
                "player": d["player"],
                "points": signed(int(d["points"])),
            }
        if "old" in d and "new" in d:
            return _("%(new)s replaces %(old)s") % d
        if "player" in d:
            return str(d["player"])
        if self.action == "deadline" and "before" in d and "after" in d:
            # Stored as ISO (the record); said as the reader writes dates (it said nothing).
            return _("round %(round)s: %(before)s → %(after)s") % {
                "round": d.get("round", "?"),
                "before": _log_moment(d["before"]),
                "after": _log_moment(d["after"]),
            }
        if self.action in ("forfeit_deadline", "called_off") and isinstance(d.get("players"), list):
            # A forfeit at the deadline: who lost it, in which round (the line alone, six times
            # over after a round, told an organiser nothing); a game called off: who met whom.
            joiner = ", " if self.action == "forfeit_deadline" else " – "
            players = joiner.join(str(name) for name in d["players"])
            if "round" in d:
                return _("round %(round)s: %(players)s") % {"round": d["round"], "players": players}
            return players
        return ""


def _log_moment(iso: str) -> str:
    try:
        moment = datetime.fromisoformat(iso)
    except (TypeError, ValueError):
        return str(iso)
    return date_format(timezone.localtime(moment), "SHORT_DATETIME_FORMAT")


class Badge(models.Model):
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="league_badges"
    )
    division = models.ForeignKey(Division, on_delete=models.CASCADE, related_name="badges")
    title = models.CharField(max_length=120)
    awarded_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["user", "division"], name="badge_once_per_division")
        ]


class LeagueInvitation(Invitation):
    """An organiser invited `user` by name (or the user followed the invitation link: then it is
    accepted at once). An accepted invitation makes the user a member of a league by invitation:
    they see it and may sign up for its seasons."""

    league = models.ForeignKey(League, on_delete=models.CASCADE, related_name="invitations")

    class Meta(Invitation.Meta):
        constraints = [
            models.UniqueConstraint(fields=["league", "user"], name="league_invitation_once")
        ]

    def __str__(self) -> str:
        return f"{self.user} → {self.league} ({self.status})"


from games.league.models_adjustments import PointsAdjustment  # noqa: E402, F401
from games.league.models_playoffs import Playoff, PlayoffGame, PlayoffTie  # noqa: E402, F401
