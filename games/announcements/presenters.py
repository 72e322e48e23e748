"""What a competition's page draws of its announcements (templates/announcements/_section.html)."""

from __future__ import annotations

from collections.abc import Callable

from games.announcements.forms import AnnouncementForm
from games.announcements.selectors import competition_announcements


def announcements_section(
    request, *, competition: str, may_write: bool, post_url: str, remove_url: Callable[[int], str]
) -> dict:
    """The newest announcements, and for the organisers the form and each one's Remove. A
    refused post drawn again (same request) keeps what was typed and its one-time key."""
    form = None
    if may_write and not request.htmx:  # a live refetch does not draw the form
        if request.method == "POST" and "text" in request.POST:
            form = AnnouncementForm(
                initial={"text": request.POST.get("text", ""), "token": request.POST.get("token")}
            )
        else:
            form = AnnouncementForm.blank()
    return {
        "items": [
            {"announcement": a, "remove_url": remove_url(a.pk) if may_write else ""}
            for a in competition_announcements(competition=competition)
        ],
        "form": form,
        "post_url": post_url,
    }
