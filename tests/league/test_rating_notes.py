"""A rated player's note beside their name (league.presenters.rating_seat_notes), remembered
per rating and language (issue 14: every answer and push writes it again): each reader gets
it in their own language."""

from __future__ import annotations

from types import SimpleNamespace

from django.utils import translation

from games.league import ratings
from games.league.presenters import rating_seat_notes

MU, SIGMA = 30.0, 2.5  # an ordinal with a decimal: its separator is the language's


def _notes(language: str) -> str:
    seat = SimpleNamespace(user_id=7, index=1, league_rating_mu=MU, league_rating_sigma=SIGMA)
    with translation.override(language):
        return str(rating_seat_notes([seat])[1])


def test_the_note_is_written_in_each_reader_s_language():
    value = round(ratings.ordinal(MU, SIGMA), 1)
    assert value != int(value)
    english, french = _notes("en"), _notes("fr")
    assert f"rating {value}" in english and "League rating" in english
    assert f"{value}".replace(".", ",") in french and "League rating" not in french
    assert _notes("en") == english  # remembered, still English
