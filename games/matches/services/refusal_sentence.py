"""An engine's refusal in the reader's language. Engines give English sentences, some of them
templates naming values (games/engine/protocol.IllegalMove): our catalogues translate the
sentence or the template, and the system's site writes each value in the reader's words (a hex
as its board names it, a tile by its name) from the refusing seat's own view. A template whose
translation agrees with a number (« 1 gabarit », « 3 gabarits ») has plural forms in the
catalogue, its English template as both msgid and msgid_plural (the engine's English has one
form): the first number the template names chooses the form."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from string import Formatter
from typing import Any

from django.utils.translation import get_language, ngettext
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
    count = _first_number(error)
    if count is not None and ngettext(sentence, sentence, 2) != sentence:
        # A catalogue's plural entry: gettext would give its singular form whatever the number.
        translated = ngettext(sentence, sentence, count)
    if translated == sentence and not (get_language() or "en").startswith("en"):
        return _("This move is not allowed now.")
    if error.template is None:
        return translated
    seen = view()
    return translated.format_map(
        {name: site.refusal_value(seen, name, value) for name, value in error.values.items()}
    )


def _first_number(error: IllegalMove) -> int | None:
    """The number that chooses a template's plural form: the first the template names."""
    if error.template is None:
        return None
    for _text, name, _spec, _conversion in Formatter().parse(error.template):
        value = error.values.get(name or "")
        if isinstance(value, int) and not isinstance(value, bool):
            return value
    return None
