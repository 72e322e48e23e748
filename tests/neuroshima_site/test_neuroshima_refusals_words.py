"""Every refusal the Neuroshima engine writes as a fixed sentence reads in French on a French
page (games/neuroshima_site/engine_sentences.py; tests/refusal_words.py). Those written with
their values (a hex, a tile number) read in general terms."""

from __future__ import annotations

import games.engine.neuroshima
from tests.refusal_words import fixed_refusals, untranslated_in_french


def test_every_fixed_refusal_of_the_engine_reads_in_french():
    assert len(fixed_refusals(games.engine.neuroshima)) > 15, "the engine's refusals were found"
    assert untranslated_in_french(games.engine.neuroshima) == []
