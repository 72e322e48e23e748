"""The announcements a player wrote, in their data download (games/accounts/privacy.py). Deleting
their account keeps them: each was written to a competition's players, who may still need it
(« finale au club samedi »), like the season log's lines; its author then reads as the
anonymised name."""

from __future__ import annotations

from games.announcements.models import Announcement


def announcements_data(user) -> list[dict]:
    return [
        {"competition": a.competition, "text": a.text, "created_at": a.created_at}
        for a in Announcement.objects.filter(author=user).order_by("created_at", "pk")
    ]


def register() -> None:
    from games.accounts.privacy import on_data_section

    on_data_section("announcements", announcements_data)
