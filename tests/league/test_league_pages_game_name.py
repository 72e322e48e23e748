"""A league's page says which game it plays (a player arriving from a shared link had to
guess)."""

from __future__ import annotations

import re

from games.league import services
from tests.fixtures import client_for


def test_the_league_page_names_its_game(make_user):
    organiser = make_user("ligue_orga")
    league = services.league_create(name="Ligue du jeudi", created_by=organiser, preset="neuroduel")
    page = (
        client_for(organiser)
        .get(f"/leagues/{league.pk}/", HTTP_ACCEPT_LANGUAGE="fr")
        .content.decode()
    )
    game = re.search(r'data-testid="league-game">([^<]+)<', page)
    assert game and game.group(1) == "Neuroshima Hex"
