"""Every refusal the Hexpanse engine writes, fixed or with its values, reads in French on a
French page (games/hexpanse_site/engine_sentences.py; tests/refusal_words.py)."""

from __future__ import annotations

import games.engine.hexpanse
from tests.refusal_words import fixed_refusals, untranslated_in_french


def test_every_refusal_of_the_engine_reads_in_french():
    assert len(fixed_refusals(games.engine.hexpanse)) > 70, "the engine's refusals were found"
    assert untranslated_in_french(games.engine.hexpanse) == []
