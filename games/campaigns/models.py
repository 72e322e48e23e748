"""Territory campaigns: players, territories on a hex map, rounds, battles with secret objectives,
and an append-only ledger of every territory change (the current holders are its replay).

Every write goes through `services.py`, which locks the Campaign row first: one lock orders all
changes to a campaign's territories, so a result is applied once and never half-applied."""

from __future__ import annotations

import secrets

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _
from django.utils.translation import pgettext_lazy

from games.accounts.invitations import Invitation
from games.campaigns import rules

TERRITORIES_PER_PLAYER = 10


def new_invite_token() -> str:
    return secrets.token_urlsafe(12)


def default_house_rules() -> dict:
    return dict(rules.DEFAULT_HOUSE_RULES)


class Campaign(models.Model):
    class Status(models.TextChoices):
        OPEN = "open", _("Open")
        RUNNING = "running", _("Running")
        PAUSED = "paused", _("Paused")
        FINISHED = "finished", _("Finished")

    name = models.CharField(_("name"), max_length=80)
    description = models.TextField(_("description"), blank=True, max_length=4000)
    organiser = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="organised_campaigns"
    )
    systems = models.JSONField(default=list)  # game system keys, the first is the default
    round_length_days = models.PositiveSmallIntegerField(_("round length (days)"), default=14)
    rounds = models.PositiveSmallIntegerField(_("number of rounds"), default=6)
    # Optional end date: the campaign ends after its last round or at the first round end on or
    # after this date, whichever comes first.
    ends_on = models.DateField(_("end date"), null=True, blank=True)
    is_public = models.BooleanField(_("public"), default=True)
    invite_token = models.CharField(max_length=32, default=new_invite_token, unique=True)
    house_rules = models.JSONField(default=default_house_rules)  # see rules.DEFAULT_HOUSE_RULES
    status = models.CharField(max_length=16, choices=Status.choices, default=Status.OPEN)
    current_round = models.PositiveSmallIntegerField(default=0)  # 0 = not started
    winner = models.ForeignKey(
        "CampaignPlayer", null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    created_at = models.DateTimeField(auto_now_add=True)

    def __str__(self) -> str:
        return self.name

    def rule(self, key: str):
        return rules.house_rules(self.house_rules)[key]


class CampaignPlayer(models.Model):
    campaign = models.ForeignKey(Campaign, on_delete=models.CASCADE, related_name="players")
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="campaign_players"
    )
    order = models.PositiveSmallIntegerField()  # join order, gives the map colour
    joined_at = models.DateTimeField(auto_now_add=True)
    removed_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["campaign", "user"], name="campaign_player_once"),
            models.UniqueConstraint(fields=["campaign", "order"], name="campaign_player_order"),
        ]
        ordering = ["order"]

    def __str__(self) -> str:
        return self.user.get_username()


class Territory(models.Model):
    campaign = models.ForeignKey(Campaign, on_delete=models.CASCADE, related_name="territories")
    number = models.PositiveIntegerField()  # the map slot; "lowest-numbered" defaults use it
    name = models.CharField(max_length=40)
    hexes = models.JSONField(default=list)  # [[q, r], ...] axial, centre first
    holder = models.ForeignKey(
        CampaignPlayer, null=True, blank=True, on_delete=models.PROTECT, related_name="held"
    )  # None = unclaimed
    added_by = models.ForeignKey(CampaignPlayer, on_delete=models.PROTECT, related_name="brought")

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["campaign", "number"], name="territory_number")
        ]
        ordering = ["number"]

    def __str__(self) -> str:
        return self.name


class Round(models.Model):
    campaign = models.ForeignKey(Campaign, on_delete=models.CASCADE, related_name="round_set")
    number = models.PositiveSmallIntegerField()
    starts = models.DateTimeField()
    ends = models.DateTimeField()

    class Meta:
        constraints = [models.UniqueConstraint(fields=["campaign", "number"], name="round_number")]
        ordering = ["number"]


class Battle(models.Model):
    class Status(models.TextChoices):
        CHALLENGED = "challenged", _("Challenge issued")
        DECLARING = "declaring", _("Declaring objectives")
        PLAYING = "playing", pgettext_lazy("battle status", "Being played")
        CHOOSING = "choosing", _("Winner choosing territories")
        RESOLVED = "resolved", _("Resolved")
        DECLINED = "declined", pgettext_lazy("battle status", "Declined")
        CANCELLED = "cancelled", _("Cancelled")

    ACTIVE = (Status.CHALLENGED, Status.DECLARING, Status.PLAYING, Status.CHOOSING)

    campaign = models.ForeignKey(Campaign, on_delete=models.CASCADE, related_name="battles")
    round = models.ForeignKey(Round, on_delete=models.PROTECT, related_name="battles")
    player_a = models.ForeignKey(CampaignPlayer, on_delete=models.PROTECT, related_name="+")
    player_b = models.ForeignKey(CampaignPlayer, on_delete=models.PROTECT, related_name="+")
    system = models.CharField(max_length=32)
    scenario = models.CharField(max_length=32, blank=True, default="")
    match = models.OneToOneField(
        "matches.Match", null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    status = models.CharField(max_length=16, choices=Status.choices)
    declaration_deadline = models.DateTimeField(null=True, blank=True)
    winner = models.CharField(max_length=1, blank=True, default="")  # "a", "b", "" (draw/none)
    replays = models.PositiveSmallIntegerField(default=0)  # draws replayed (house rule)
    resolved_at = models.DateTimeField(null=True, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["-round__number", "pk"]

    def side_of(self, player: CampaignPlayer | None) -> str | None:
        if player is None:
            return None
        if player.pk == self.player_a_id:
            return "a"
        if player.pk == self.player_b_id:
            return "b"
        return None

    def player(self, side: str) -> CampaignPlayer:
        return self.player_a if side == "a" else self.player_b


class Declaration(models.Model):
    """A secret objective: only its author sees it until both players of the battle declared."""

    battle = models.ForeignKey(Battle, on_delete=models.CASCADE, related_name="declarations")
    player = models.ForeignKey(CampaignPlayer, on_delete=models.PROTECT, related_name="+")
    objective = models.CharField(max_length=16)
    by_default = models.BooleanField(default=False)  # the deadline passed without a choice
    declared_at = models.DateTimeField(auto_now_add=True)
    # Systems with army lists: a copy of the list the player brings (None: the system's default
    # army), secret with the objective, copied into the match when it starts.
    army = models.JSONField(null=True, blank=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["battle", "player"], name="declaration_once")
        ]


class PendingChoice(models.Model):
    """A gainer picking which territories an effect moves, before `deadline` (then the default:
    the lowest-numbered eligible ones)."""

    battle = models.ForeignKey(Battle, on_delete=models.CASCADE, related_name="choices")
    position = models.PositiveSmallIntegerField()  # effects apply in order
    chooser = models.ForeignKey(CampaignPlayer, on_delete=models.PROTECT, related_name="+")
    source = models.ForeignKey(
        CampaignPlayer, null=True, blank=True, on_delete=models.PROTECT, related_name="+"
    )  # whose territories; None = unclaimed ones
    action = models.CharField(max_length=8)  # rules.CLAIM / STEAL / RAZE
    objective = models.CharField(max_length=16)
    count = models.PositiveSmallIntegerField()
    deadline = models.DateTimeField()
    done_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["battle", "position"], name="choice_position")
        ]
        ordering = ["battle", "position"]


class TerritoryChange(models.Model):
    """The ledger: one row per territory change, appended and never updated or deleted.
    Replaying it from the start gives every territory's current holder."""

    class Kind(models.TextChoices):
        JOIN = "join", pgettext_lazy("territory change", "Join")
        BATTLE = "battle", _("Battle")
        CORRECTION = "correction", _("Correction")
        REMOVAL = "removal", _("Removal")

    campaign = models.ForeignKey(Campaign, on_delete=models.CASCADE, related_name="ledger")
    kind = models.CharField(max_length=16, choices=Kind.choices)
    territory = models.ForeignKey(Territory, on_delete=models.PROTECT, related_name="changes")
    battle = models.ForeignKey(
        Battle, null=True, blank=True, on_delete=models.PROTECT, related_name="changes"
    )
    from_holder = models.ForeignKey(
        CampaignPlayer, null=True, blank=True, on_delete=models.PROTECT, related_name="+"
    )
    to_holder = models.ForeignKey(
        CampaignPlayer, null=True, blank=True, on_delete=models.PROTECT, related_name="+"
    )
    reason = models.CharField(max_length=200, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["pk"]


class FeedEntry(models.Model):
    """A line of the campaign's story. `params` hold names and keys, never sentences, so each
    reader sees it in their own language (see presenters.feed_line)."""

    campaign = models.ForeignKey(Campaign, on_delete=models.CASCADE, related_name="feed")
    round_number = models.PositiveSmallIntegerField(default=0)
    kind = models.CharField(max_length=32)
    params = models.JSONField(default=dict)
    battle = models.ForeignKey(
        Battle, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["-pk"]


class CampaignInvitation(Invitation):
    """The organiser invited `user` by name. Accepting joins the campaign (a private one
    accepts no one else but holders of the invitation link, which the organiser may replace)."""

    campaign = models.ForeignKey(Campaign, on_delete=models.CASCADE, related_name="invitations")

    class Meta(Invitation.Meta):
        constraints = [
            models.UniqueConstraint(fields=["campaign", "user"], name="campaign_invitation_once")
        ]

    def __str__(self) -> str:
        return f"{self.user} → {self.campaign} ({self.status})"
