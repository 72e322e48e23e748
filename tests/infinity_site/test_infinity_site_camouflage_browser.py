"""In Chromium at phone width, with the keyboard only: the Corregidor player sees the JSA's
Ninja as a camouflage marker, orders an Alguacil, picks the marker's hex, chooses Discover (with
nothing more after it) and confirms; the marker becomes the Ninja on the board."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from games.matches.models import Match
from tests.browser_support import PHONE, artifact, fits_the_phone, make_verified_user, sign_in
from tests.infinity_site.test_infinity_site_camouflage import (
    DISCOVER,
    ORDER,
    _dice_that_find_it,
    marker_match,
)

PASSWORD = "hexsite-camo-1"


def pick(page, hex_: str) -> None:
    """A highlighted hex of the board, reached and chosen with the keyboard."""
    target = page.locator(f'#board .targets a[data-pick="{hex_}"]')
    _press_and_wait_for_the_prompt(page, target)


def _press_and_wait_for_the_prompt(page, link) -> None:
    """Enter on `link`, then wait for the swap to tell its new prompt: a second key pressed
    before the first swap landed would act on the old options (the clean clone's failure:
    Confirm posted Discover without its "nothing more")."""
    prompt = page.locator("[data-testid=step-prompt]")
    before = prompt.text_content() or ""
    link.focus()
    expect(link).to_be_focused()
    page.keyboard.press("Enter")
    expect(prompt).not_to_have_text(before)


def confirm_option(page, words: str) -> None:
    """Cycle the options at the picked hex (›) to the one the prompt tells in `words`;
    confirm."""
    confirm = page.locator("[data-testid=confirm-move]")
    prompt = page.locator("[data-testid=step-prompt]")
    for _ in range(12):
        expect(confirm).to_be_visible()
        if words in (prompt.text_content() or ""):
            break
        _press_and_wait_for_the_prompt(page, page.locator("a.cycle[data-cycle=next]"))
    expect(prompt).to_contain_text(words)
    confirm.focus()
    page.keyboard.press("Enter")


@pytest.mark.browser
def test_a_player_discovers_a_camouflage_marker_with_the_keyboard_on_a_phone(
    daphne_server, new_context
):
    users = [make_verified_user(name, PASSWORD) for name in ("camo_anna", "camo_bruno")]
    match = marker_match(users)
    _dice_that_find_it(match, [ORDER, DISCOVER])
    page = new_context(viewport=PHONE, locale="en-GB").new_page()
    sign_in(page, daphne_server, users[0].username, PASSWORD)
    page.goto(f"{daphne_server.url}/m/{match.pk}/")
    marker = page.locator('[data-testid="marker-m1"]')
    expect(marker).to_have_attribute("data-hex", "6,5")
    expect(marker.locator("title")).to_have_text("TO camouflage marker m1")
    expect(page.locator('[data-testid="trooper-n1"]')).to_have_count(0)
    page.locator("#board").screenshot(path=str(artifact("infinity-camouflage-marker-360.png")))
    pick(page, "6,10")  # the Alguacil a1
    confirm_option(page, "regular order")
    expect(page.locator("[data-testid=step-prompt]")).to_contain_text("Declare the first skill")
    pick(page, "6,5")  # the marker
    confirm_option(page, "tries to discover TO camouflage marker m1, then nothing more")
    expect(page.locator('[data-testid="trooper-n1"]')).to_have_attribute("data-hex", "6,5")
    expect(marker).to_have_count(0)
    fits_the_phone(page)
    page.screenshot(path=str(artifact("infinity-camouflage-360.png")), full_page=True)
    match = Match.objects.get(pk=match.pk)
    assert match.snapshot["hidden"]["1"]["markers"] == {}
