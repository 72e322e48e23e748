"""In Chromium at phone width, with the keyboard only: the Corregidor player orders its
Alguacil, picks the roof of level 2 beside it (drawn ▲2), cycles to the Climb with nothing
more and confirms; the PH roll fails, the log says so and the Alguacil stands at the foot of the
wall again (engine heights.py)."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from games.matches.models import Match
from tests.browser_support import artifact, fits_the_phone, match_on_a_phone, two_players
from tests.infinity_site.test_infinity_site_camouflage_browser import confirm_option, pick
from tests.infinity_site.test_infinity_site_heights import _seed_that_fails, roof_match

PASSWORD = "hexsite-heights-1"


@pytest.mark.browser
def test_a_player_climbs_onto_a_roof_with_the_keyboard_on_a_phone(daphne_server, new_context):
    match = roof_match(two_players("climb", PASSWORD))
    page = match_on_a_phone(
        new_context, daphne_server, match, "climb_anna", PASSWORD, locale="en-GB"
    )
    expect(page.locator('polygon.roof-2[data-hex="5,10"]')).to_have_count(1)
    expect(page.locator("text.cell-label")).to_have_text(["▲2"])
    # Readable on the phone: drawn about as tall as the page's small print, bigger than the
    # troopers' ids (the board's other labels: 22 units to 12), a whole hex's middle for it.
    label = page.locator("text.cell-label").bounding_box()
    tid = page.locator('[data-testid="trooper-a1"] text.tid').bounding_box()
    assert label and tid and label["height"] >= 1.5 * tid["height"] and label["height"] >= 9
    pick(page, "5,11")  # the Alguacil a1
    confirm_option(page, "regular order")
    expect(page.locator("[data-testid=step-prompt]")).to_contain_text("Declare the first skill")
    _seed_that_fails(Match.objects.get(pk=match.pk))
    pick(page, "5,10")  # the roof
    words = "a1 climbs to the roof (level 2) (a PH roll at the end of the order"
    fits_the_phone(page)
    page.locator("#board").screenshot(path=str(artifact("infinity-climb-360.png")))
    confirm_option(page, words + "; on a failure it stays below), then nothing more")
    expect(page.get_by_text("failure: it slips back down").first).to_be_visible()
    expect(page.locator('[data-testid="trooper-a1"]')).to_have_attribute("data-hex", "5,11")
    fits_the_phone(page)
