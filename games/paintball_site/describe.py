"""One sentence per event, in the reader's language, naming figures as players do ("Rouge 3
avance vers le nord dans les buissons."). Events arrive flat, as the seat may see them
(protocol.event_for_seat). The sentences live by subject in describe_*.py; this module picks
the one for an event's kind."""

from __future__ import annotations

from collections.abc import Sequence

from django.utils.translation import gettext

from games.paintball_site import (
    describe_charges,
    describe_game,
    describe_grenades,
    describe_moves,
    describe_sentries,
    describe_setup,
    describe_shots,
)
from games.paintball_site.describe_game import outcome_reason
from games.paintball_site.words import Event, Sentence

__all__ = ["KINDS", "describe", "outcome_reason"]

_HANDLERS: dict[str, Sentence] = {
    **describe_game.SENTENCES,
    **describe_setup.SENTENCES,
    **describe_moves.SENTENCES,
    **describe_shots.SENTENCES,
    **describe_sentries.SENTENCES,
    **describe_charges.SENTENCES,
    **describe_grenades.SENTENCES,
}


def describe(e: Event, names: Sequence[str] = ()) -> str:
    handler = _HANDLERS.get(str(e.get("kind")))
    if handler is None:
        return gettext("Something happened.")
    return handler(e, names)


# Every event kind the engine emits that has a sentence (PaintballSite.event_kinds).
KINDS = frozenset(_HANDLERS)
