"""What the clock shows on pages that are not its own: "on vacation until …" beside a player on
the match page (registered as a seat note: games/matches/hooks.py `on_seat_notes`)."""

from __future__ import annotations

from collections.abc import Sequence

from django.utils.safestring import SafeString

from games.accounts.selectors import vacation_statuses
from games.accounts.templatetags.accounts_tags import vacation_note
from games.matches.models import Seat


def vacation_seat_notes(seats: Sequence[Seat]) -> dict[int, SafeString]:
    """The vacation note of every seat whose player is away (one query for all of them)."""
    away = vacation_statuses(users=[seat.user for seat in seats])
    return {seat.index: vacation_note(seat.user, away) for seat in seats if seat.user_id in away}
