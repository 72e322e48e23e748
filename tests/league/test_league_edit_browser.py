"""« Modifier la ligue » on a 360 px phone and with the keyboard alone: the organiser reaches
the editor from the league page, sees the locked settings read-only, renames the league with a
reason, and a player reads the change in the season log."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from games.league import services
from tests.browser_support import make_verified_user, signed_in_page
from tests.league.conftest import duel_league_played_with_claim

pytestmark = pytest.mark.browser
PASSWORD = "hexsite-orga-12345"
PHONE = {"width": 360, "height": 780}


def test_the_organiser_renames_the_league_on_a_phone_with_the_keyboard(daphne_server, new_context):
    orga = make_verified_user("orga", PASSWORD)
    league = duel_league_played_with_claim(orga, name="Ligue du mardi")
    season = services.season_open(league=league, actor=orga)
    for name in ("alice", "bruno"):
        services.registration_create(season=season, user=make_verified_user(name, PASSWORD))
    services.season_start(season=season, actor=orga)

    page = signed_in_page(new_context, daphne_server, "orga", PASSWORD, viewport=PHONE)
    page.goto(f"{daphne_server.url}/leagues/{league.pk}/")
    page.get_by_role("link", name="Modifier la ligue").focus()
    page.keyboard.press("Enter")
    expect(page.get_by_role("heading", name="Modifier la ligue")).to_be_visible()
    expect(page.locator(".settings-locked")).to_contain_text("Points par victoire")
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]

    name = page.get_by_label("Nom")
    name.focus()
    name.fill("Ligue du mercredi")
    page.get_by_label("Motif (affiché dans le journal de la saison)").fill("Faute de frappe")
    name.press("Enter")  # submits the form, as a keyboard user would
    expect(page.get_by_role("heading", name="Ligue du mercredi")).to_be_visible()
    expect(page.get_by_text("Les réglages de la ligue sont enregistrés.")).to_be_visible()

    player = signed_in_page(new_context, daphne_server, "alice", PASSWORD, viewport=PHONE)
    player.goto(f"{daphne_server.url}/leagues/seasons/{season.pk}/")
    log = player.locator(".season-log")
    expect(log).to_contain_text("Réglages de la ligue modifiés")
    expect(log).to_contain_text("Nom : Ligue du mardi → Ligue du mercredi")
    expect(log).to_contain_text("Faute de frappe")
    expect(player.get_by_role("link", name="Modifier la ligue")).to_have_count(0)
