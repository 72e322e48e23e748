"""In Chromium at phone width, with the keyboard only: the Corregidor player orders its Mobile
Brigada, picks the Ninja's TO marker two hexes ahead, cycles to the Intuitive Attack (its odds
drawn on the board) and confirms; the roll misses, the log says so and the marker stays a
marker, in the light and the dark theme."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from games.matches.models import Match
from tests.browser_support import PHONE, artifact, fits_the_phone, make_verified_user, sign_in
from tests.infinity_site.test_infinity_site_camouflage_browser import confirm_option, pick
from tests.infinity_site.test_infinity_site_intuitive import (
    ATTACK,
    _seed_that_misses,
    marker_match,
)

PASSWORD = "hexsite-intuitive-1"


@pytest.mark.browser
@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_a_player_attacks_a_marker_intuitively_with_the_keyboard_on_a_phone(
    daphne_server, new_context, scheme
):
    users = [make_verified_user(f"intu_{scheme}_{n}", PASSWORD) for n in ("anna", "bruno")]
    match = marker_match(users)
    page = new_context(viewport=PHONE, locale="en-GB", color_scheme=scheme).new_page()
    sign_in(page, daphne_server, users[0].username, PASSWORD)
    page.goto(f"{daphne_server.url}/m/{match.pk}/")
    pick(page, "6,10")  # the Mobile Brigada b2
    confirm_option(page, "regular order")
    expect(page.locator("[data-testid=step-prompt]")).to_contain_text("Declare the first skill")
    _seed_that_misses(Match.objects.get(pk=match.pk), ATTACK)
    pick(page, "6,8")  # the marker
    words = "attacks TO camouflage marker m1 intuitively with the Light Flamethrower"
    prompt = page.locator("[data-testid=step-prompt]")
    for _ in range(12):
        if words in (prompt.text_content() or ""):
            break
        page.locator("a.cycle[data-cycle=next]").focus()
        before = prompt.text_content() or ""
        page.keyboard.press("Enter")
        expect(prompt).not_to_have_text(before)
    expect(prompt).to_contain_text(words)
    expect(page.locator("#board")).to_contain_text("7 · 35%")  # WIP 13, TO −6
    fits_the_phone(page)
    page.locator("#board").screenshot(path=str(artifact(f"infinity-intuitive-{scheme}-360.png")))
    confirm_option(page, words)
    expect(page.get_by_text("missed: no template").first).to_be_visible()
    expect(page.locator('[data-testid="marker-m1"]')).to_have_attribute("data-hex", "6,8")
    expect(page.locator('[data-testid="trooper-n1"]')).to_have_count(0)
    fits_the_phone(page)
    match = Match.objects.get(pk=match.pk)
    assert match.snapshot["hidden"]["1"]["markers"] == {"m1": "n1"}
