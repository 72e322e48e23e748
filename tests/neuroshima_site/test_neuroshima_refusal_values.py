"""A refusal naming a hex (games/engine/protocol.IllegalMove with values) reaches the player in
their language, the hex named as the board names it: the tile standing there, not « [-2, 0] »
(a stale or hand-made move, POSTed as a page would)."""

from __future__ import annotations

import pytest

from games.engine import registry
from tests.fixtures import refusal_shown, submit

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize(
    ("language", "sentence"),
    [
        ("fr", "Cette case est déjà occupée : QG de Moloch."),
        ("en", "This hex is already taken: Moloch HQ."),
    ],
)
def test_a_hq_placed_on_a_taken_hex_is_refused_naming_the_tile_standing_there(
    new_match, players, language, sentence
):
    match = new_match()
    system = registry.get_system("neuroshima")
    first = system.legal_moves(system.state_from_json(match.snapshot), 0)[0]
    submit(match, players[0], first)  # Moloch's HQ on that hex
    assert refusal_shown(match, players[1], first, language) == sentence


@pytest.mark.parametrize(
    ("language", "sentence"),
    [
        ("fr", "Votre main n'a pas de tuile numéro 4."),
        ("en", "There is no tile number 4 in your hand."),
    ],
)
def test_a_tile_no_longer_in_the_hand_is_refused_counting_from_one(
    new_match, players, language, sentence
):
    match = new_match()
    system = registry.get_system("neuroshima")
    for seat in (0, 1):
        state = system.state_from_json(match.snapshot)
        submit(match, players[seat], system.legal_moves(state, seat)[0])
        match.refresh_from_db()
    stale = {"type": "Discard", "tile_index": 3}
    assert refusal_shown(match, players[0], stale, language) == sentence
