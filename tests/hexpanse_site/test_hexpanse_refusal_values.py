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
