""" "Since my last turn" names the step viewer in the game's words, as the match page does: a
paintball game said "Voir la bataille pas à pas" (Neuroshima's words) for its activations."""

from __future__ import annotations

from tests.fixtures import client_for
from tests.fixtures import play_random as play


def test_the_since_page_offers_each_activation_step_by_step(new_match, players):
    match = play(new_match(), players, 40, seed=4)
    html = (
        client_for(players[0])
        .get(f"/m/{match.pk}/since/", HTTP_ACCEPT_LANGUAGE="fr")
        .content.decode()
    )
    assert 'data-testid="battle-link"' in html
    assert "Chaque activation pas à pas" in html
    assert "bataille" not in html.lower()
