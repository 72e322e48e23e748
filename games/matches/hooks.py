"""Competitions (campaigns, league) register here what to do when one of their matches ends.

Arrows point from competitions to matches, never back: the match service calls every handler
inside its own transaction, so a result is applied exactly once or not at all.
"""

from __future__ import annotations

from collections.abc import Callable

from games.matches.models import Match

MatchFinishedHandler = Callable[[Match], None]
_handlers: list[MatchFinishedHandler] = []


def on_match_finished(handler: MatchFinishedHandler) -> MatchFinishedHandler:
    if handler not in _handlers:
        _handlers.append(handler)
    return handler


def run_match_finished_handlers(match: Match) -> None:
    for handler in list(_handlers):
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
