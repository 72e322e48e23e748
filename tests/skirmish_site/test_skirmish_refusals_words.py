"""Every refusal the skirmish engine writes reads in French on a French page
(games/skirmish_site/engine_sentences.py; tests/refusal_words.py), those its checks return as
(code, sentence) pairs included."""

from __future__ import annotations

import games.engine.skirmish
from tests.refusal_words import fixed_refusals, untranslated_in_french


def test_every_refusal_of_the_engine_reads_in_french():
    assert len(fixed_refusals(games.engine.skirmish)) > 40, "the engine's refusals were found"
    assert untranslated_in_french(games.engine.skirmish) == []
