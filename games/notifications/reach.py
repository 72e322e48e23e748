"""How far a notice reaches its player: each kind of the inbox belongs to one of the groups a
player chooses for in their settings (games/accounts/notice_groups.py), and `notify_user`,
the turn's own telling and the daily digest obey the choice for the inbox, its badge, email,
browser push and Discord alike. A group set to « Rien » takes its unread entries out of the
badge at once (services.py `forget_silenced_notices`, on accounts' `on_notices_silenced`)."""

from __future__ import annotations

from games.accounts.models import Profile
from games.accounts.notice_groups import TURNS, NoticeChoice
from games.notifications.models import Notification

K = Notification.Kind

# Every kind has a group (tests/notifications/test_notice_choices.py checks it).
KIND_GROUP: dict[str, str] = {
    K.TURN: TURNS,
    K.REMINDER: TURNS,
    K.TIMEOUT: TURNS,
    K.DEADLINE_DEFAULT: TURNS,
    K.GAME_OVER: TURNS,
    K.CALLED_OFF: TURNS,
    K.CHAT: "opponents",
    K.DRAW_OFFER: "opponents",
    K.DRAW_DECLINED: "opponents",
    K.LEFT: "opponents",
    K.MATCH_CHALLENGE: "challenges",
    K.REMATCH: "challenges",
    K.DECLINED: "challenges",
    K.WITHDRAWN: "challenges",
    K.FOLLOWED: "followers",
    K.INVITATION: "competitions",
    K.CHALLENGE: "competitions",
    K.DECLARE: "competitions",
    K.TERRITORIES: "competitions",
    K.ROUND: "competitions",
    K.PAIRINGS: "competitions",
    K.COMPETITION: "competitions",
}


def notice_reach(profile: Profile, kind: str) -> str:
    """What the player chose for this kind: NoticeChoice.ALL (the inbox and their channels),
    INBOX (the inbox and its badge only) or OFF (nothing). A kind of no group (none is: a
    test checks it) reaches everywhere, as every kind did before the choice existed."""
    group = KIND_GROUP.get(kind)
    return NoticeChoice.ALL if group is None else profile.notice_choice(group)


def reaches_inbox(profile: Profile, kind: str) -> bool:
    return notice_reach(profile, kind) != NoticeChoice.OFF


def reaches_channels(profile: Profile, kind: str) -> bool:
    """Whether it may leave the site (email by their settings, push, Discord)."""
    return notice_reach(profile, kind) == NoticeChoice.ALL
