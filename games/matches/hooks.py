"""What other apps do when a match changes. Arrows point from them to matches, never back:
`games.matches` imports none of them; each registers its handlers from its `AppConfig.ready`.

- `on_match_changed`: after every accepted change (a start, move, takeback, forfeit or draw, and
  also a join, a draw offer or a chat message). Registered by the clock (deadlines, vacation),
  the computer seats (games/matches/tasks.py: a job when a bot must act) and notifications
  (a nudge to every open page, deferred to the commit).
- `on_match_finished`: once, when a match ends. Registered by the competitions (campaigns, the
  league) and their ratings.

These two run inside the match service's transaction, with the match row locked: a handler's writes
commit with the change or not at all, and work that must wait for the commit (a websocket
message, a background job) is deferred by the handler itself with `transaction.on_commit`.

- `on_seat_notes`: what another app writes beside a player's name on the match page (the clock:
  "on vacation until ..."). Read when the page is drawn, never in a transaction.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from django.utils.safestring import SafeString

from games.matches.models import Match, Seat


@dataclass(frozen=True)
class MatchChanged:
    """One accepted change of a match (the row is saved, its version bumped when it played)."""

    match: Match
    now: datetime
    # True when the game itself changed (start, move, takeback, forfeit, draw): clocks and
    # computer seats may have to act. False for a join, a draw offer or a chat message, which
    # only the pages need to know.
    played: bool
    # The match's seats and decoded state when the service already has them (a move): spare a
    # handler a query and a decoding. The seats are locked, with their players' profiles
    # (services.common.locked_seats); a handler may write them. None: read them if needed.
    seats: list[Seat] | None = None
    state: Any = None
    # The player whose act it was (their own page has the change in its answer), if any.
    by_user_id: int | None = None


SeatNotes = Callable[[Sequence[Seat]], Mapping[int, SafeString]]  # seat index -> markup
MatchChangedHandler = Callable[[MatchChanged], None]
MatchFinishedHandler = Callable[[Match], None]
_changed_handlers: list[MatchChangedHandler] = []
_finished_handlers: list[MatchFinishedHandler] = []
_seat_notes: list[SeatNotes] = []


def on_match_changed(handler: MatchChangedHandler) -> MatchChangedHandler:
    if handler not in _changed_handlers:
        _changed_handlers.append(handler)
    return handler


def on_match_finished(handler: MatchFinishedHandler) -> MatchFinishedHandler:
    if handler not in _finished_handlers:
        _finished_handlers.append(handler)
    return handler


def on_seat_notes(provider: SeatNotes) -> SeatNotes:
    if provider not in _seat_notes:
        _seat_notes.append(provider)
    return provider


def seat_notes(seats: Sequence[Seat]) -> dict[int, list[SafeString]]:
    """Every registered note for the seats (their users loaded), by seat index."""
    notes: dict[int, list[SafeString]] = {}
    for provider in list(_seat_notes):
        for index, note in provider(seats).items():
            notes.setdefault(index, []).append(note)
    return notes


def run_match_changed_handlers(change: MatchChanged) -> None:
    for handler in list(_changed_handlers):
        handler(change)


def run_match_finished_handlers(match: Match) -> None:
    for handler in list(_finished_handlers):
        handler(match)


# Systems whose players choose something when they take a seat (an army list): the app that
# asks registers a page; the match's join pages send the player there first. A page gets the
# match and the invite token used ("" for a seat listed in the lobby) and returns its address,
# or None when the match needs nothing chosen.
SeatChoicePage = Callable[[Match, str], "str | None"]
_seat_choice_pages: list[SeatChoicePage] = []


def on_seat_choice(page: SeatChoicePage) -> SeatChoicePage:
    if page not in _seat_choice_pages:
        _seat_choice_pages.append(page)
    return page


def seat_choice_page(match: Match, invite_token: str = "") -> str | None:
    for page in _seat_choice_pages:
        url = page(match, invite_token)
        if url:
            return url
    return None
