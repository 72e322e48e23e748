"""A refusal written with a value (games/engine/protocol.IllegalMove) reaches the player in
their language, the value in the site's words: a setup step by its name, not the engine's key
(a stale move POSTed as a page would)."""

from __future__ import annotations

import pytest

from games.engine import registry
from tests.fixtures import refusal_shown

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize(
    ("language", "sentence"),
    [
        ("fr", "La mise en place en est à une autre étape : le choix des factions."),
        ("en", "Setup now waits for its faction step."),
    ],
)
def test_a_mission_picked_while_factions_are_chosen_is_refused_naming_the_step(
    new_match, players, language, sentence
):
    match = new_match()
    system = registry.get_system("hexpanse")
    seat = system.to_act(system.state_from_json(match.snapshot))[0]
    stale = {"seat": seat, "do": "pick_mission", "mission": "M01"}
    assert refusal_shown(match, players[seat], stale, language) == sentence
