"""Small words every page writes the same way, with French typography: places ("1re place",
"2e place"), points (whole numbers when they are whole, a plural that agrees), and a name after
"de" ("le défi d'anna", "de bruno", "au tour d'anna"). Every app above the board layer uses
these, so a player never reads "1e place", "4,0 points" or "de anna" anywhere."""

from __future__ import annotations

from decimal import Decimal
from typing import Any

from django.utils.formats import number_format
from django.utils.translation import get_language, gettext, ngettext, pgettext

_VOWELS = frozenset("aeiouyhàâäéèêëîïôöûüœæAEIOUYHÀÂÄÉÈÊËÎÏÔÖÛÜŒÆ")


def place_label(place: int) -> str:
    """An ordinal place, 1-based: "1st place" / "1re place", "2nd place" / "2e place"."""
    if place == 1:
        return gettext("1st place")
    if place == 2:
        return gettext("2nd place")
    if place == 3:
        return gettext("3rd place")
    return gettext("%(n)dth place") % {"n": place}


def number(value: Any) -> str:
    """A number as people write it: whole numbers without decimals ("4", not "4,0"), others
    with the reader's decimal separator ("0,5" in French)."""
    try:
        exact = Decimal(str(value))
    except (ArithmeticError, ValueError):
        return str(value)
    if exact == exact.to_integral_value():
        return str(int(exact))
    return number_format(exact.normalize(), use_l10n=True)


def points(value: Any) -> str:
    """ "1 point", "4 points", "0,5 point" (French agrees with the number below 2)."""
    try:
        count = float(value)
    except (TypeError, ValueError):
        count = 2.0
    # The catalogue's plural rule picks the form from an integer: French uses the singular
    # below 2 ("1,5 point"), English only for exactly 1 ("1.5 points").
    whole = count == int(count)
    english = reads_english()
    plural_of = int(abs(count)) if whole or not english else 2
    return ngettext("%(n)s point", "%(n)s points", plural_of) % {"n": number(value)}


def reads_english() -> bool:
    """Whether the page is being written in English (else in French, the site's first language):
    for the few texts that come in both languages as data (tile and faction names, rules pages)
    rather than through the translation catalogue."""
    return (get_language() or "fr").startswith("en")


def of_name(name: str) -> str:
    """ "of anna" / "d'anna", "of bruno" / "de bruno": a name after "of", elided in French."""
    if not reads_english() and name[:1] in _VOWELS:
        return pgettext("before a vowel", "of %(name)s") % {"name": name}
    return gettext("of %(name)s") % {"name": name}


def possessive(name: str) -> str:
    """ "anna's" / "d'anna", "bruno's" / "de bruno": whose a thing is. English names the owner
    before the thing, French after it with "de", elided: a msgid reads "%(whose)s turn." and its
    French "Au tour %(whose)s.", so English keeps "anna's turn" and French never "de anna"."""
    if reads_english():
        return f"{name}'s"
    return of_name(name)
