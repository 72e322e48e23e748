"""Tapping a hex of Infinity's table on a 360 px phone: the 16 × 16 table drew hexes 26 px
across, too small for a finger. On a touch screen, a board whose hexes would be narrower than a
tap target (44 px) starts zoomed in at the first level that makes them so, its stage scrolling inside the page
(board.js, every system's board); a tap on a hex picks it; the level the player chooses with the
buttons or the keyboard is kept instead."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from tests.browser_support import PHONE, match_on_a_phone, two_players
from tests.infinity_site.conftest import deployed_match

PASSWORD = "hexsite-inf-hexes-1"
TAP = 44  # the site's smallest target (site.css)

# The narrowest way across the board's smallest hex, in CSS pixels as drawn.
HEX_ACROSS = """() => Math.min(...[...document.querySelectorAll('.board-stage .hb-grid .cells polygon[data-hex]')]
    .map(p => { const b = p.getBoundingClientRect(); return Math.min(b.width, b.height); }))"""


@pytest.mark.browser
def test_a_phone_starts_with_hexes_a_finger_can_tap_and_a_tap_picks_one(daphne_server, new_context):
    match = deployed_match(two_players("infh", PASSWORD))
    page = match_on_a_phone(
        new_context, daphne_server, match, "infh_anna", PASSWORD, touch=True, locale="fr-FR"
    )
    across = page.evaluate(HEX_ACROSS)
    assert across >= TAP, f"hexes {across:.0f} px across on a 360 px phone"
    expect(page.locator("[data-testid=zoom-level]")).to_have_text("Zoom 2×")
    stage = page.locator(".board-stage")
    assert stage.evaluate("s => s.scrollWidth > s.clientWidth + 10")  # it scrolls, inside
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    # A tap on a hex the player may pick picks it.
    target = page.locator("#board .targets a").first
    target.scroll_into_view_if_needed()
    target.tap()
    expect(page).to_have_url(re.compile(r"/m/\d+/\?"))
    # The player's own level (the keyboard's "-", twice: the fitted board) is kept, reload too.
    page.locator("body").press("-")
    page.locator("body").press("-")
    expect(page.locator("[data-testid=zoom-level]")).to_have_text("")
    page.reload()
    expect(page.locator("[data-testid=zoom-out]")).to_be_disabled()
    assert page.evaluate(HEX_ACROSS) < TAP
