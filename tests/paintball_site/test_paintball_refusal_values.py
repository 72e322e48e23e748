"""A refusal written with a value (games/engine/protocol.IllegalMove) reaches the player in
their language, the number in it (a hand-made or stale setup POSTed as a page would)."""

from __future__ import annotations

from tests.fixtures import match_state
from tests.refusal_support import each_language, refused_in


@each_language
def test_a_setup_naming_too_few_experts_is_refused_with_their_number(new_match, players, language):
    match = new_match(experts=True, grenades=True)
    system, state = match_state(match)
    setup = system.legal_moves(state, 0)[0]
    experts = setup["experts"]  # as many as the dice gave
    short = {**setup, "experts": experts[:-1]}
    n = len(experts)
    refused_in(
        language,
        match,
        players[0],
        short,
        fr=f"Désignez exactement {n} expert(s) différent(s).",
        en=f"Name exactly {n} different expert(s).",
    )
