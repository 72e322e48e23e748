"""A refused move's sentence as the player reads it, in each of the site's languages: the
systems' `test_*_refusal_values.py` run once a language (`each_language`) and say what a page in
it must read (`refused_in`; the move posted as a page posts it: `tests/fixtures.refusal_shown`)."""

from __future__ import annotations

import pytest

from tests.fixtures import refusal_shown

each_language = pytest.mark.parametrize("language", ["fr", "en"])


def refused_in(language: str, match, user, move, *, fr: str, en: str) -> None:
    """`user` posting `move` from a page in `language` is refused in that language's words:
    `fr` or `en`, the whole sentence."""
    assert refusal_shown(match, user, move, language) == {"fr": fr, "en": en}[language]
