"""What the clock shows on pages that are not its own, beside a player on the match page and in
the lobby (registered as a seat note: games/matches/hooks.py `on_seat_notes`): "on vacation
until …", and whether their clock stops at weekends ("weekend: clock stopped until Monday
00:00" while it is stopped)."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime

from django.utils import timezone
from django.utils.formats import date_format
from django.utils.html import format_html
from django.utils.safestring import SafeString
from django.utils.translation import gettext as _

from games.accounts.models import Profile
from games.accounts.selectors import profiles_of, vacation_statuses
from games.accounts.templatetags.accounts_tags import vacation_note
from games.clock.selectors import next_turn_weekend_zone
from games.clock.weekdays import weekend_around, zone_named
from games.matches.models import Seat


def clock_seat_notes(seats: Sequence[Seat]) -> dict[int, SafeString]:
    """The clock's note of every seat that has one: its player's vacation, their weekends.
    The players' profiles are read once for both (none when the seats came with them)."""
    now = timezone.now()
    users = [seat.user for seat in seats]
    profiles = profiles_of(users=users)
    away = vacation_statuses(users=users, now=now)
    notes = {}
    for seat in seats:
        parts = []
        if seat.user_id in away:
            parts.append(vacation_note(seat.user, away))
        weekend = weekend_note(seat, profiles.get(seat.user_id), now)
        if weekend:
            parts.append(weekend)
        if parts:
            notes[seat.index] = SafeString(" ".join(parts))
    return notes


def seat_weekend_zone(seat: Seat, profile: Profile | None) -> str:
    """The zone whose weekends stop the seat's clock: its running turn's (fixed when the turn
    started), else what its next turn would take (the player's setting, if the match allows
    it); "" for none."""
    if seat.kind != Seat.Kind.HUMAN or seat.user_id is None:
        return ""
    if seat.deadline is not None:
        return seat.weekend_zone
    return next_turn_weekend_zone(seat.match, profile)


def weekend_note(seat: Seat, profile: Profile | None, now: datetime) -> SafeString | str:
    """ "clock stopped at weekends" when it does; while the seat's running clock is stopped,
    until when (the reader's time)."""
    zone = seat_weekend_zone(seat, profile)
    if not zone:
        return ""
    weekend = weekend_around(now, zone_named(zone)) if seat.deadline is not None else None
    if weekend is None:
        return format_html('<span class="weekend-note">{}</span>', _("clock stopped at weekends"))
    # When it runs again, on the reader's own clock (their time zone: the page's).
    resumes = date_format(timezone.localtime(weekend[1]), "l H:i")
    return format_html(
        '<span class="weekend-note weekend-now">{}</span>',
        _("weekend: clock stopped until %(when)s") % {"when": resumes},
    )
