"""Reads for notifications: the inbox, who may watch a match, who is watching it."""

from __future__ import annotations

from datetime import datetime

from django.db.models import Q
from django.utils import timezone

from games.matches.models import Match
from games.notifications.models import MatchPresence, Notification


def inbox_for(*, user, limit: int = 100) -> list[Notification]:
    return list(Notification.objects.filter(user=user)[:limit])


def unread_count(*, user) -> int:
    return Notification.objects.filter(user=user, read_at__isnull=True).count()


def match_visible_to(*, user, match_id: int) -> bool:
    """A public match, or one the user plays in: the rule for every websocket subscription."""
    return (
        Match.objects.filter(pk=match_id).filter(Q(is_public=True) | Q(seats__user=user)).exists()
    )


def is_watching(*, user_id: int, match_id: int, now: datetime | None = None) -> bool:
    return MatchPresence.objects.filter(
        user_id=user_id, match_id=match_id, expires_at__gt=now or timezone.now()
    ).exists()


def match_title(match: Match) -> str:
    return title_of(system=match.system, match_id=match.pk)


def title_of(*, system: str, match_id: int) -> str:
    return f"{system.replace('_', ' ').title()} #{match_id}"


def match_link(match_id: int) -> str:
    """Absolute link for emails and Discord."""
    from django.conf import settings

    return settings.SITE_URL.rstrip("/") + match_path(match_id)


def match_path(match_id: int) -> str:
    """The match page; the match app's URL name when it exists."""
    from django.urls import NoReverseMatch, reverse

    for name in ("matches:detail", "matches:match", "matches:play"):
        try:
            path = reverse(name, kwargs={"match_id": match_id})
            break
        except NoReverseMatch:
            continue
    else:
        path = f"/matches/{match_id}/"
    return path
