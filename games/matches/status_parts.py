"""The status's parts that a redraw leaves to the page (`{% left_to_page name key %}`,
hexsite/templatetags/left_to_page.py), named by what they are drawn from rather than by their
HTML, so that a part the page shows already is not drawn at all (issue 14: the seats' lines
were the costliest drawing of an answer and a push, and most moves leave them as they were).

A key holds everything its part is drawn from but what names the page's drawing already (the
match, the reader's seat, the page's address and language: shown_parts). What a key leaves out
would leave a page stale: tests/matches/test_status_parts_keyed.py changes each input."""

from __future__ import annotations

from dataclasses import dataclass, fields
from datetime import datetime
from functools import lru_cache

from django.contrib.humanize.templatetags.humanize import naturaltime
from django.utils import timezone, translation
from django.utils.formats import date_format

from games.matches.presenters import SeatRow

# SeatRow's fields the key takes as they are: the seated person is keyed by what their
# picture is drawn from (`{% avatar %}`), the deadline by what the line writes of it (a clock
# moves it by seconds while it still says "in 3 days").
_ROW_FIELDS = tuple(f.name for f in fields(SeatRow) if f.name not in ("player", "deadline"))


@dataclass(frozen=True)
class SeatLine:
    row: SeatRow
    # "in 2 days" and its date in the reader's time zone, worked out once: the key and the
    # drawing say the same whatever the clock says between them.
    deadline_words: str = ""
    deadline_title: str = ""


@dataclass(frozen=True)
class StatusSeats:
    lines: list[SeatLine]
    key: tuple


def _player_key(player) -> tuple:
    """What `{% avatar %}` (games/accounts) draws a seated person from: their name and their
    profile's picture and name (the seats are read with their profiles: no query)."""
    if player is None:
        return ()
    profile = getattr(player, "profile", None)  # (none yet: accounts draws the initials)
    if profile is None:
        return (player.get_username(),)
    return (player.get_username(), profile.avatar_digest, profile.name)


def status_seats(seats: list[SeatRow], *, listed_mine: bool, by_forfeit: bool) -> StatusSeats:
    """The seats' lines of matches/match.html#status and their key. `listed_mine`: the page
    lists the reader's seats (it marks the one shown); `by_forfeit`: the ending hides scores."""
    lines = [_line(row) for row in seats]
    key = (
        tuple(
            (
                *(getattr(line.row, name) for name in _ROW_FIELDS),
                _player_key(line.row.player),
                line.deadline_words,
                line.deadline_title,
            )
            for line in lines
        ),
        listed_mine,
        by_forfeit,
    )
    return StatusSeats(lines=lines, key=key)


def _line(row: SeatRow) -> SeatLine:
    if row.deadline is None:
        return SeatLine(row=row)
    return SeatLine(
        row=row,
        deadline_words=str(naturaltime(row.deadline)),
        deadline_title=_date_written(
            row.deadline, timezone.get_current_timezone_name(), translation.get_language()
        ),
    )


@lru_cache(maxsize=1024)
def _date_written(deadline: datetime, zone: str, language: str | None) -> str:
    """The deadline's date and time as the reader's language writes it in the reader's zone
    (both active: they are the arguments only to name what is remembered): a deadline stays
    the same for a whole turn, which its answers and pushes draw again and again."""
    return date_format(timezone.localtime(deadline), "SHORT_DATETIME_FORMAT")


def status_lasting_key(*, draw_offered_to_me: bool, draw_possible: bool, i_offer_draw: bool):
    """The draw and resign forms' key: which draw form they hold (the rest is the match's
    addresses and the reader's language)."""
    return ("draw", bool(draw_offered_to_me), bool(draw_possible and not i_offer_draw))
