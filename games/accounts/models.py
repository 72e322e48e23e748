"""A player's profile: how the site speaks to them, when it may bother them, vacation and
weekends, and their picture."""

from __future__ import annotations

import zoneinfo

from django.conf import settings
from django.contrib.sessions.base_session import AbstractBaseSession
from django.core.exceptions import ValidationError
from django.db import models
from django.utils.translation import gettext_lazy as _

from games.accounts.notice_groups import notice_choice, validate_notice_choices


def validate_time_zone(value: str) -> None:
    try:
        zoneinfo.ZoneInfo(value)
    except (zoneinfo.ZoneInfoNotFoundError, ValueError, TypeError):
        raise ValidationError(_("Unknown time zone: %(zone)s"), params={"zone": value}) from None


def validate_webhook_url(value: str) -> None:
    """Webhooks are posted by our worker: only to the webhook hosts we support (Discord), so a
    player cannot aim it at our own network (games/accounts/webhooks.py; the settings form
    also checks where the host resolves to, and the worker checks again when it posts)."""
    from games.accounts.webhooks import WebhookRefused, webhook_target

    try:
        webhook_target(value)
    except WebhookRefused as refusal:
        raise ValidationError(refusal.message) from None


# "Automatic" game tips: a player sees a game's tips (its coach, on the match page) until they
# have finished this many matches of that game.
FIRST_MATCHES_WITH_TIPS = 3


class Profile(models.Model):
    class Language(models.TextChoices):
        FR = "fr", "Français"
        EN = "en", "English"

    class NotifyTurn(models.TextChoices):
        EACH = "each", _("An email at each turn")
        DIGEST = "digest", _("One daily digest")
        NONE = "none", _("No email")

    class Theme(models.TextChoices):
        # "auto": the device's light or dark setting (prefers-color-scheme), as for visitors.
        AUTO = "auto", _("Automatic (like the device)")
        LIGHT = "light", _("Light")
        DARK = "dark", _("Dark")

    class GameTips(models.TextChoices):
        AUTO = "auto", _("Automatic: during my first matches of each game")
        ALWAYS = "always", _("Always")
        NEVER = "never", _("Never")

    user = models.OneToOneField(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="profile"
    )
    display_name = models.CharField(_("display name"), max_length=40, blank=True)
    language = models.CharField(
        _("language"), max_length=2, choices=Language.choices, default=Language.FR
    )
    time_zone = models.CharField(
        _("time zone"), max_length=64, default="Europe/Paris", validators=[validate_time_zone]
    )
    notify_turn = models.CharField(
        _("turn emails"), max_length=8, choices=NotifyTurn.choices, default=NotifyTurn.EACH
    )
    discord_webhook_url = models.URLField(
        _("Discord webhook"), max_length=300, blank=True, validators=[validate_webhook_url]
    )
    deadline_reminders = models.BooleanField(_("deadline reminders"), default=True)
    # Which kinds of notices reach the player, and how: {group: choice}, a group left out has
    # its default (games/accounts/notice_groups.py says what each means).
    notice_choices = models.JSONField(
        _("what reaches you"), default=dict, blank=True, validators=[validate_notice_choices]
    )
    # A short chime on the player's open pages when it becomes their turn (static/js/site.js).
    turn_chime = models.BooleanField(_("sound when it is your turn"), default=True)
    # Rendered on every page's <html data-theme> (templates/base.html), so no wrong-theme flash.
    theme = models.CharField(_("theme"), max_length=5, choices=Theme.choices, default=Theme.AUTO)
    # Saturday 00:00 to Monday 00:00 in `time_zone`, in the matches that allow it; read by the
    # clock when a turn of the player's starts (games/clock/services.py).
    weekend_pause = models.BooleanField(_("My clock stops at weekends"), default=False)
    # « Conseils de jeu »: a game's tips in the player's hand on the match page (a system's
    # coach, games/hexboard/protocol.py `coach`).
    game_tips = models.CharField(
        _("game tips"), max_length=6, choices=GameTips.choices, default=GameTips.AUTO
    )
    # How many matches of each game the player has finished, {system: n}, counted when a match
    # ends (games/matches/services/endings.py): the "automatic" tips read it with the profile
    # every match page loads anyway, so deciding costs no query.
    finished_matches = models.JSONField(default=dict, blank=True, editable=False)

    # Vacation: an allowance of days per calendar year. `vacation_used` counts days charged in
    # `vacation_year`; a new year starts from zero.
    vacation_days_per_year = models.PositiveSmallIntegerField(default=30)
    vacation_used = models.PositiveSmallIntegerField(default=0)
    vacation_year = models.PositiveSmallIntegerField(default=0)
    vacation_started_at = models.DateTimeField(null=True, blank=True)
    on_vacation_until = models.DateTimeField(null=True, blank=True)

    # The digest of the player's picture (`Avatar`), "" for none: it is in the picture's address,
    # and every page that names players already reads their profiles, so drawing a picture
    # costs no query (games/accounts/templatetags/avatars.py).
    avatar_digest = models.CharField(max_length=16, blank=True, default="")

    def __str__(self) -> str:
        return self.display_name or self.user.get_username()

    @property
    def name(self) -> str:
        return self.display_name or self.user.get_username()

    def wants_tips(self, system: str) -> bool:
        """Whether the match page shows this player the tips of `system` (their setting)."""
        if self.game_tips == self.GameTips.NEVER:
            return False
        if self.game_tips == self.GameTips.ALWAYS:
            return True
        finished = (self.finished_matches or {}).get(system, 0)
        return not isinstance(finished, int) or finished < FIRST_MATCHES_WITH_TIPS

    def notice_choice(self, group: str) -> str:
        """The player's choice for that group of notices: "all", "inbox" or "off"."""
        return notice_choice(self.notice_choices, group)


class Avatar(models.Model):
    """A player's picture as the site serves it: a square WebP re-encoded by us
    (games/accounts/avatars.py), never the bytes they sent. A table of its own, so the profile
    that every request reads with its session carries only the digest. The profile's
    `avatar_digest` says which one is current; both are written together
    (services.avatar_set, avatar_remove)."""

    user = models.OneToOneField(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, primary_key=True, related_name="+"
    )
    image = models.BinaryField()
    updated_at = models.DateTimeField(auto_now=True)

    def __str__(self) -> str:
        return str(self.user)


class PlayerSession(AbstractBaseSession):
    """A session, with its signed-in player's id in a column (Django's own keeps it only inside
    the signed data): a request reads its session, its player and their profile in one query
    (games/accounts/sessions.py). Deleting a player ends their sessions."""

    user = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        null=True,
        blank=True,
        on_delete=models.CASCADE,
        related_name="+",
    )

    @classmethod
    def get_session_store_class(cls):
        from games.accounts.sessions import SessionStore

        return SessionStore


class Follow(models.Model):
    """`follower` follows `followed`: their matches in progress and results come to the
    follower's "Players I follow" page. Who follows whom is private (only the follower's own
    page lists it); a player's profile shows only how many follow them."""

    follower = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="follows"
    )
    followed = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="followers"
    )
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["follower", "followed"], name="follow_once"),
            models.CheckConstraint(
                condition=~models.Q(follower=models.F("followed")), name="follow_not_oneself"
            ),
        ]


class Block(models.Model):
    """`blocker` blocked `blocked`: the blocked player may not follow nor invite the blocker, and
    their chat lines are hidden from the blocker. Nobody but the blocker ever learns of it."""

    blocker = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="blocks"
    )
    blocked = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+"
    )
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["blocker", "blocked"], name="block_once"),
            models.CheckConstraint(
                condition=~models.Q(blocker=models.F("blocked")), name="block_not_oneself"
            ),
        ]


class PlayerReport(models.Model):
    """A player reported another's behaviour; only the staff read it (Django admin)."""

    reporter = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+"
    )
    reported = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+"
    )
    reason = models.TextField(_("reason"), max_length=2000)
    created_at = models.DateTimeField(auto_now_add=True)
    handled = models.BooleanField(_("handled"), default=False)

    class Meta:
        ordering = ["handled", "-created_at"]
        indexes = [models.Index(fields=["reporter", "created_at"])]

    def __str__(self) -> str:
        return f"{self.reporter} → {self.reported}"


class RetiredName(models.Model):
    """A user name that belonged to a deleted account, which nobody may take again (else a
    newcomer would inherit, in readers' eyes, what older texts say under it). Only a keyed
    digest of the name is kept, never the name: games/accounts/retired_names.py."""

    digest = models.CharField(max_length=64, primary_key=True)
