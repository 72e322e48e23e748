"""The words of a match that ended without a result, and of a declined draw offer: the log's
lines (platform events the story tells: presenters.py), the finished page's banner and the
players' notices (games/notifications/texts.py) all read them from here."""

from __future__ import annotations

from collections.abc import Sequence

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

# Why a match was called off (services/endings.py `match_call_off_unfinished`), as the end of
# « Partie annulée : … ». A competition passes the key; an unknown key reads as no reason.
CALLED_OFF_REASONS = {
    "season_closed": gettext_lazy("the season was closed"),
}


def called_off_reason(reason: str) -> str:
    return str(CALLED_OFF_REASONS.get(reason, ""))


def called_off_line(reason: str) -> str:
    """« Partie annulée : la saison a été clôturée. »"""
    why = called_off_reason(reason)
    if not why:
        return _("Game called off.")
    return _("Game called off: %(why)s.") % {"why": why}


def _called_off_event(event: dict, names: Sequence[str]) -> str:
    return called_off_line(str(event.get("reason") or ""))


def _draw_declined_event(event: dict, names: Sequence[str]) -> str:
    seat = event.get("seat")
    if isinstance(seat, int) and 0 <= seat < len(names) and names[seat]:
        return _("%(name)s declined the draw.") % {"name": names[seat]}
    return _("Seat %(seat)d declined the draw.") % {"seat": int(seat or 0) + 1}


# The platform's own events (kind -> sentence), beside the takeback's (presenters.py).
PLATFORM_EVENTS = {"MatchCalledOff": _called_off_event, "DrawDeclined": _draw_declined_event}
