"""An organiser announces from a 360 px phone with the keyboard only; a player who has the
season's page open sees it appear by itself (the season page's live part), and their inbox badge
counts it."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from tests.browser_support import PHONE, fits_the_phone, make_verified_user, signed_in_page
from tests.league.conftest import duel_league_played_with_claim, start_season

pytestmark = pytest.mark.browser
PASSWORD = "hexsite-league-12345"
TEXT = "Finale au club samedi à 14 h : venez nombreux !"


def test_an_announcement_typed_on_a_phone_reaches_an_open_season_page(daphne_server, new_context):
    orga = make_verified_user("orga", PASSWORD)
    players = [make_verified_user(n, PASSWORD) for n in ("alice", "bruno")]
    season = start_season(duel_league_played_with_claim(orga), orga, players)
    season_url = f"{daphne_server.url}/leagues/seasons/{season.pk}/"

    reader = signed_in_page(new_context, daphne_server, "alice", PASSWORD)
    reader.goto(season_url)
    expect(reader.locator("body[data-following]")).to_have_count(1)
    expect(reader.locator("[data-testid=announcement]")).to_have_count(0)
    reader.evaluate("window.notReloaded = true")

    phone = signed_in_page(new_context, daphne_server, "orga", PASSWORD, viewport=PHONE)
    phone.goto(season_url)
    summary = phone.locator("details.announce summary")
    summary.focus()
    phone.keyboard.press("Enter")  # opens the form
    phone.keyboard.press("Tab")
    expect(phone.locator("[data-testid=announce-form] textarea")).to_be_focused()
    phone.keyboard.type(TEXT)
    phone.keyboard.press("Tab")
    expect(phone.locator("[data-testid=announce-form] button[type=submit]")).to_be_focused()
    phone.keyboard.press("Enter")
    expect(phone.locator("[data-testid=announcement]")).to_contain_text(TEXT)
    expect(phone.get_by_text("Annonce publiée : chaque joueur est prévenu.")).to_be_visible()
    fits_the_phone(phone)

    expect(reader.locator("[data-testid=announcement]")).to_contain_text(TEXT)
    assert reader.evaluate("window.notReloaded === true")  # the live part, not a reload
