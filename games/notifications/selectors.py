"""Reads for notifications: the inbox, who is watching a match, a match's address for emails.
(Who may watch a match is the matches app's rule: `games.matches.selectors.match_visible_to`.)"""

from __future__ import annotations

from datetime import datetime

from django.conf import settings
from django.urls import reverse
from django.utils import timezone

from games.notifications.models import MatchPresence, Notification


def notification_inbox(*, user, limit: int = 100) -> list[Notification]:
    return list(Notification.objects.filter(user=user)[:limit])


def notification_unread_count(*, user) -> int:
    return Notification.objects.filter(user=user, read_at__isnull=True).count()


def presence_watching(*, user_id: int, match_id: int, now: datetime | None = None) -> bool:
    """Whether the player has the match's page open (its websocket's presence is fresh)."""
    return MatchPresence.objects.filter(
        user_id=user_id, match_id=match_id, expires_at__gt=now or timezone.now()
    ).exists()


def match_link(*, match_id: int) -> str:
    """The match page's absolute address, for emails and Discord."""
    return settings.SITE_URL.rstrip("/") + reverse("matches:match", args=[match_id])
