"""A fire order's targets say whose they are: both armies have a « Soldats 1 », and the row
« Cible de Soldats 1 » offering « Soldats 1 · 7 hexagones » read to a newcomer as shooting
itself."""

from __future__ import annotations

import html
import re

from games.engine import registry
from tests.fixtures import client_for
from tests.fixtures import play_random as play


def test_each_target_offered_names_the_enemys_colour(new_match, players):
    system = registry.get_system("skirmish")

    def both_aim(state) -> bool:
        return state.phase == "aimed_fire" and not any(state.submitted)

    match = play(new_match(), players, 400, until=both_aim)
    state = system.state_from_json(match.snapshot)
    assert both_aim(state)
    seat = system.to_act(state)[0]
    enemy = ("Bleu", "Rouge")[seat]
    page = client_for(players[seat]).get(f"/m/{match.pk}/", HTTP_ACCEPT_LANGUAGE="fr")
    options = [
        html.unescape(o)
        for o in re.findall(r'<option value="[^"]+"[^>]*>([^<]*)</option>', page.content.decode())
    ]
    targets = [o for o in options if " · " in o]
    assert targets, options
    assert all(f"({enemy}) · " in o for o in targets), targets
