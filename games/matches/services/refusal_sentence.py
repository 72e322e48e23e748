"""An engine's refusal in the reader's language. Engines give English sentences, some of them
templates naming values (games/engine/protocol.IllegalMove): our catalogues translate the
sentence or the template, and the system's site writes each value in the reader's words (a hex
as its board names it, a tile by its name) from the refusing seat's own view."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from django.utils.translation import get_language
from django.utils.translation import gettext as _

from games.engine.protocol import IllegalMove
from games.hexboard.protocol import BaseSite


def refusal_sentence(
    error: IllegalMove, *, site: BaseSite, view: Callable[[], Mapping[str, Any]]
) -> str:
    """`view` gives the refusing seat's view, asked only for a sentence with values. A sentence
    no catalogue knows is said in general terms rather than in English on a page in another
    language."""
    if error.code == "malformed":
        return _("This move could not be read.")
    sentence = error.template or error.reason
    translated = _(sentence)
    if translated == sentence and not (get_language() or "en").startswith("en"):
        return _("This move is not allowed now.")
    if error.template is None:
        return translated
    seen = view()
    return translated.format_map(
        {name: site.refusal_value(seen, name, value) for name, value in error.values.items()}
    )
