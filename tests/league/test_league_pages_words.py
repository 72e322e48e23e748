"""A league's pages in a player's words: which game it plays (a player arriving from a shared
link had to guess), the season by its name, not a bare number."""

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


def test_the_organiser_tools_name_the_season_not_a_bare_number(make_user):
    """Their way back read "Ligue du jeudi – 1"."""
    organiser = make_user("ligue_orga")
    league = services.league_create(name="Ligue du jeudi", created_by=organiser, preset="neuroduel")
    season = services.season_open(league=league, actor=organiser)
    client = client_for(organiser)
    manage = client.get(f"/leagues/seasons/{season.pk}/manage/", HTTP_ACCEPT_LANGUAGE="fr")
    crumbs = re.search(r'<p class="crumbs">(.*?)</p>', manage.content.decode()).group(1)
    assert re.sub(r"<[^>]+>", "", crumbs) == "Ligue du jeudi › Saison 1"
    season_page = client.get(f"/leagues/seasons/{season.pk}/", HTTP_ACCEPT_LANGUAGE="fr")
    assert "<title>Ligue du jeudi – Saison 1" in season_page.content.decode()
