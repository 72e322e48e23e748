"""The two POSTs of an announcements section, for the competition apps' views: they check who
may act and name the service, the page to draw again and the page to go back to. A refusal
draws the page again (400) with the reason and what was typed; success goes back to it."""

from __future__ import annotations

from collections.abc import Callable

from django.http import HttpResponse
from django.shortcuts import redirect
from django.utils.translation import gettext as _

from games.announcements.forms import AnnouncementForm
from games.refusals import attempt, refused_again


def announce(
    request, *, post: Callable[[str, str], object], page: Callable[[], HttpResponse], back: str
) -> HttpResponse:
    """`post(text, token)`: the competition's service."""
    form = AnnouncementForm(request.POST)
    form.is_valid()  # every field optional: the service says what is wrong
    data = form.cleaned_data
    done = attempt(
        request,
        lambda: post(data.get("text", ""), data.get("token", "")),
        success=_("Announced: every player is told."),
    )
    return redirect(back) if done.ok else refused_again(page())


def remove(
    request, *, remove: Callable[[], object], page: Callable[[], HttpResponse], back: str
) -> HttpResponse:
    """`remove()`: the competition's service; gone already or not this competition's: 400."""
    done = attempt(request, remove, success=_("The announcement was removed."))
    return redirect(back) if done.ok else refused_again(page())
