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


def test_the_organiser_tools_name_rounds_and_games_in_their_lists(make_user):
    """The rounds' list read "Division 1 · 1" and a game "newbie – rival (1)"."""
    organiser, player = make_user("ligue_orga"), make_user("ligue_joueur")
    league = services.league_create(name="Ligue du jeudi", created_by=organiser, preset="neuroduel")
    season = services.season_open(league=league, actor=organiser)
    for user in (organiser, player):
        services.registration_create(season=season, user=user)
    services.season_start(season=season, actor=organiser)
    page = (
        client_for(organiser)
        .get(f"/leagues/seasons/{season.pk}/manage/", HTTP_ACCEPT_LANGUAGE="fr")
        .content.decode()
    )

    def options(select_id):
        select = re.search(rf'<select name="\w+" id="{select_id}">(.*?)</select>', page, re.S)
        return re.findall(r"<option[^>]*>([^<]*)</option>", select.group(1))

    assert options("dl-round") == ["Division 1 · Manche 1"]
    assert options("adj-game")[0].endswith(" · Partie 1")
    assert (
        "ligue_orga – ligue_joueur" in options("adj-game")[0]
        or "ligue_joueur – ligue_orga" in (options("adj-game")[0])
    )
