"""A refusal naming a hex (games/engine/protocol.IllegalMove with values) reaches the player in
their language, the hex named as the board names it: the tile standing there, not « [-2, 0] »
(a stale or hand-made move, POSTed as a page would)."""

from __future__ import annotations

from tests.fixtures import match_state, submit
from tests.refusal_support import each_language, refused_in


@each_language
def test_a_hq_placed_on_a_taken_hex_is_refused_naming_the_tile_standing_there(
    new_match, players, language
):
    match = new_match()
    system, state = match_state(match)
    first = system.legal_moves(state, 0)[0]
    submit(match, players[0], first)  # Moloch's HQ on that hex
    refused_in(
        language,
        match,
        players[1],
        first,
        fr="Cette case est déjà occupée : QG de Moloch.",
        en="This hex is already taken: Moloch HQ.",
    )


@each_language
def test_a_tile_no_longer_in_the_hand_is_refused_counting_from_one(new_match, players, language):
    match = new_match()
    for seat in (0, 1):
        system, state = match_state(match)
        submit(match, players[seat], system.legal_moves(state, seat)[0])
    stale = {"type": "Discard", "tile_index": 3}
    refused_in(
        language,
        match,
        players[0],
        stale,
        fr="Votre main n'a pas de tuile numéro 4.",
        en="There is no tile number 4 in your hand.",
    )


@each_language
def test_a_place_before_the_hands_first_tile_is_refused_without_a_tile_number_0(
    new_match, players, language
):
    """`tile_index: -1` read « Votre main n'a pas de tuile numéro 0. »: counted from 1 as
    players count, it named a tile nobody has; the refusal says what to do instead."""
    match = new_match()
    for seat in (0, 1):
        system, state = match_state(match)
        submit(match, players[seat], system.legal_moves(state, seat)[0])
    refused_in(
        language,
        match,
        players[0],
        {"type": "Discard", "tile_index": -1},
        fr="Choisissez une des tuiles de votre main.",
        en="Choose one of the tiles in your hand.",
    )
