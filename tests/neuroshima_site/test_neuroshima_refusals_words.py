"""Every refusal the Neuroshima engine writes reads in French on a French page
(games/neuroshima_site/engine_sentences.py; tests/refusal_words.py), those written with their
values (a hex, a tile) as templates whose French names the same values."""

from __future__ import annotations

import games.engine.neuroshima
from tests.refusal_words import fixed_refusals, untranslated_in_french


def test_every_refusal_of_the_engine_reads_in_french():
    assert len(fixed_refusals(games.engine.neuroshima)) > 25, "the engine's refusals were found"
    assert untranslated_in_french(games.engine.neuroshima) == []
