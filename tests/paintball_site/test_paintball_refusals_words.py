"""Every refusal the paintball engine writes, fixed or with its values, reads in French on a
French page (games/paintball_site/engine_sentences.py; tests/refusal_words.py): it said
« Ce coup n'est pas permis maintenant. » for 48 of them."""

from __future__ import annotations

import games.engine.paintball
from tests.refusal_words import fixed_refusals, untranslated_in_french


def test_every_refusal_of_the_engine_reads_in_french():
    assert len(fixed_refusals(games.engine.paintball)) > 50, "the engine's refusals were found"
    assert untranslated_in_french(games.engine.paintball) == []
