"""A refusal written with a value (games/engine/protocol.IllegalMove) reaches the player in
their language, the value in the site's words: a setup step by its name, not the engine's key
(a stale move POSTed as a page would)."""

from __future__ import annotations

from tests.fixtures import match_state
from tests.refusal_support import each_language, refused_in


@each_language
def test_a_mission_picked_while_factions_are_chosen_is_refused_naming_the_step(
    new_match, players, language
):
    match = new_match()
    system, state = match_state(match)
    seat = system.to_act(state)[0]
    stale = {"seat": seat, "do": "pick_mission", "mission": "M01"}
    refused_in(
        language,
        match,
        players[seat],
        stale,
        fr="La mise en place en est à une autre étape : le choix des factions.",
        en="Setup now waits for its faction step.",
    )


@each_language
def test_a_move_whose_field_does_not_read_names_the_field_in_the_readers_words(
    new_match, players, language
):
    """The engine's `invalid_move` of a field of the wrong type (games/engine/move_fields.py):
    its template is translated and the field named as a player says it, not by its JSON key."""
    match = new_match()
    system, state = match_state(match)
    seat = system.to_act(state)[0]
    hand_made = {"seat": seat, "do": "choose_faction", "faction": 3}
    refused_in(
        language,
        match,
        players[seat],
        hand_made,
        fr="Ce coup n'a pas pu être lu : la faction n'est pas un nom.",
        en="This move could not be read: the faction is not a name.",
    )
