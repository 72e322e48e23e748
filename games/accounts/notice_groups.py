"""Which kinds of notices reach a player, and how: the groups a player chooses for, in a
player's words, and what each choice means. The profile stores only the choices
(`Profile.notice_choices`, {group: choice}; a group missing from it has its default); the
notifications app sorts each of its kinds into one of these groups (games/notifications/
reach.py) and obeys the choice for every channel.

- "all": the inbox (and its badge), and alerts outside the site by the player's other
  settings (email per "turn emails", browser push, Discord);
- "inbox": the inbox and its badge only, nothing outside the site;
- "off": nothing at all, not even the inbox. Refused for the group that holds what a player must
  never miss (their turn, a reminder, a loss on time, a game over): the inbox is the record.
"""

from __future__ import annotations

from dataclasses import dataclass

from django.core.exceptions import ValidationError
from django.db import models
from django.utils.functional import Promise
from django.utils.translation import gettext_lazy as _


class NoticeChoice(models.TextChoices):
    ALL = "all", _("Inbox and alerts")
    INBOX = "inbox", _("Inbox only")
    OFF = "off", _("Nothing")


@dataclass(frozen=True)
class NoticeGroup:
    key: str
    label: Promise
    examples: Promise  # what it holds, in one line under its name
    default: str = NoticeChoice.ALL
    may_be_off: bool = True

    @property
    def choices(self) -> list[tuple[str, Promise]]:
        return [
            (value, label)
            for value, label in NoticeChoice.choices
            if self.may_be_off or value != NoticeChoice.OFF
        ]


TURNS = "turns"
NOTICE_GROUPS = (
    NoticeGroup(
        TURNS,
        _("Your turn and reminders"),
        _("Your turn, a deadline coming, a loss on time, the end of a game."),
        may_be_off=False,
    ),
    NoticeGroup(
        "opponents",
        _("Messages from opponents"),
        _("Chat messages, draw offers and players leaving a table in your matches."),
    ),
    NoticeGroup(
        "challenges",
        _("Challenges"),
        _("A challenge or a rematch offer for you, and the answers to yours."),
    ),
    # Nothing waits for the player: the inbox only unless they ask for more.
    NoticeGroup(
        "followers",
        _("New followers"),
        _("A player starts following you."),
        default=NoticeChoice.INBOX,
    ),
    NoticeGroup(
        "competitions",
        _("Leagues and campaigns"),
        _("Invitations, pairings, rounds, battles to prepare, organisers' news."),
    ),
)
_BY_KEY = {group.key: group for group in NOTICE_GROUPS}


def notice_choice(choices: dict, group: str) -> str:
    """What the player chose for `group` (its default when they never chose)."""
    allowed = {value for value, _label in _BY_KEY[group].choices}
    chosen = choices.get(group) if isinstance(choices, dict) else None
    return chosen if chosen in allowed else _BY_KEY[group].default


def validate_notice_choices(value) -> None:
    """Only known groups, each with a choice it allows ("off" never for your turn)."""
    if not isinstance(value, dict):
        raise ValidationError(_("Choose, for each kind of notice, where it goes."))
    for group, chosen in value.items():
        known = _BY_KEY.get(group)
        if known is None or chosen not in {v for v, _label in known.choices}:
            raise ValidationError(_("Choose, for each kind of notice, where it goes."))
