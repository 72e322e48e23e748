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
