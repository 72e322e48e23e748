"""In Chromium at phone width, with the keyboard only: the JSA player orders its shown Ninja,
out of every enemy's sight behind a building, picks its own hex, chooses to camouflage again and
confirms; its board notes the Ninja camouflaged, while the Corregidor player's board shows a new
marker m2 where it stood and no Ninja."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from games.matches.models import Match
from tests.browser_support import PHONE, artifact, fits_the_phone, make_verified_user, sign_in
from tests.infinity_site.test_infinity_site_camouflage_browser import confirm_option, pick
from tests.infinity_site.test_infinity_site_recamouflage import shown_ninja_match

PASSWORD = "hexsite-recamo-1"


@pytest.mark.browser
def test_a_player_camouflages_the_ninja_again_with_the_keyboard_on_a_phone(
    daphne_server, new_context
):
    users = [make_verified_user(name, PASSWORD) for name in ("recamo_anna", "recamo_bruno")]
    match = shown_ninja_match(users)
    page = new_context(viewport=PHONE, locale="en-GB").new_page()
    sign_in(page, daphne_server, users[1].username, PASSWORD)
    page.goto(f"{daphne_server.url}/m/{match.pk}/")
    ninja = page.locator('[data-testid="trooper-n1"]')
    expect(ninja).to_have_attribute("data-hex", "6,5")
    pick(page, "6,5")  # the Ninja
    confirm_option(page, "regular order")
    expect(page.locator("[data-testid=step-prompt]")).to_contain_text("Declare the first skill")
    pick(page, "6,5")  # its own hex again: the skills it may declare standing there
    confirm_option(page, "camouflages again, out of every enemy's sight")
    expect(page.locator("body")).to_contain_text("TO camouflage marker m2 to the enemy")
    expect(ninja.locator("title")).to_contain_text("camouflaged")
    fits_the_phone(page)
    page.screenshot(path=str(artifact("infinity-recamouflage-owner-360.png")), full_page=True)
    assert Match.objects.get(pk=match.pk).snapshot["hidden"]["1"]["markers"] == {"m2": "n1"}

    other = new_context(viewport=PHONE, locale="en-GB").new_page()
    sign_in(other, daphne_server, users[0].username, PASSWORD)
    other.goto(f"{daphne_server.url}/m/{match.pk}/")
    marker = other.locator('[data-testid="marker-m2"]')
    expect(marker).to_have_attribute("data-hex", "6,5")
    expect(other.locator('[data-testid="trooper-n1"]')).to_have_count(0)
    expect(other.locator("body")).to_contain_text(
        "A TO camouflage marker m2 appears, out of sight."
    )
    fits_the_phone(other)
    other.screenshot(path=str(artifact("infinity-recamouflage-other-360.png")), full_page=True)
