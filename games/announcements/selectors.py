from __future__ import annotations

from games.announcements.models import Announcement

SHOWN = 10  # on the competition's page; older ones are still told in each player's inbox


def competition_announcements(*, competition: str, limit: int = SHOWN) -> list[Announcement]:
    """The newest first, with their authors (one query)."""
    return list(
        Announcement.objects.filter(competition=competition).select_related("author")[:limit]
    )
