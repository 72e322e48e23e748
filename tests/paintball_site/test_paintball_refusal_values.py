"""A refusal written with a value (games/engine/protocol.IllegalMove) reaches the player in
their language, the number in it (a hand-made or stale setup POSTed as a page would)."""

from __future__ import annotations

import pytest

from games.engine import registry
from tests.fixtures import refusal_shown

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize(
    ("language", "sentence"),
    [
        ("fr", "Désignez exactement {n} expert(s) différent(s)."),
        ("en", "Name exactly {n} different expert(s)."),
    ],
)
def test_a_setup_naming_too_few_experts_is_refused_with_their_number(
    new_match, players, language, sentence
):
    match = new_match(experts=True, grenades=True)
    system = registry.get_system("paintball")
    setup = system.legal_moves(system.state_from_json(match.snapshot), 0)[0]
    experts = setup["experts"]  # as many as the dice gave
    short = {**setup, "experts": experts[:-1]}
    assert refusal_shown(match, players[0], short, language) == sentence.format(n=len(experts))
