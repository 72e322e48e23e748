"""Every refusal the Infinity engine writes as a fixed sentence reads in French on a French page
(games/infinity_site/engine_sentences.py; tests/refusal_words.py). Those written with their
values (a weapon, a trooper's name) read in general terms."""

from __future__ import annotations

import json

import pytest

import games.engine.infinity
from tests.fixtures import client_for
from tests.infinity_site.conftest import acting, deployed_match
from tests.refusal_words import fixed_refusals, untranslated_in_french


def test_every_fixed_refusal_of_the_engine_reads_in_french():
    assert len(fixed_refusals(games.engine.infinity)) > 150, "the engine's refusals were found"
    assert untranslated_in_french(games.engine.infinity) == []


@pytest.mark.parametrize(
    ("language", "reason"),
    [("fr", "Choisissez une de vos figurines."), ("en", "Choose one of your troopers.")],
)
def test_an_order_for_an_enemy_trooper_is_refused_in_the_players_language(
    players, language, reason
):
    """A hand-made order for one of the enemy's troopers, posted as the match page posts it: the
    engine's refusal reaches the player in the player's language (not « Ce coup n'est pas permis
    maintenant. », said of a sentence no catalogue knows), and nothing changes."""
    match = deployed_match(players, seed="refusal-words")
    system, state, seat = acting(match)
    enemy = next(t.id for t in state.troopers if t.seat != seat)
    before = (match.version, match.snapshot)
    answer = client_for(players[seat], language).post(
        f"/m/{match.pk}/move",
        {
            "move": json.dumps(
                {"type": "order", "seat": seat, "kind": "regular", "trooper": enemy}
            ),
            "expected_version": match.version,
        },
        HTTP_HX_REQUEST="true",
    )
    assert reason in answer.content.decode()
    match.refresh_from_db()
    assert (match.version, match.snapshot) == before
