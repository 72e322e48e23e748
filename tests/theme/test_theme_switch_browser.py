"""The header's theme switch on a 360 px phone, with the keyboard only: a visitor opens the
Menu, tabs to "Sombre", presses Enter, and the page comes back dark (and stays so on the next
page, from the cookie), with nothing wider than the screen."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from tests.browser_support import artifact

PHONE = {"width": 360, "height": 740}


@pytest.mark.browser
def test_a_visitor_on_a_phone_switches_to_dark_with_the_keyboard(daphne_server, new_context):
    page = new_context(viewport=PHONE, locale="fr-FR").new_page()
    page.goto(f"{daphne_server.url}/rules/")
    expect(page.locator("html")).to_have_attribute("data-theme", "auto")
    page.get_by_test_id("menu-toggle").focus()
    page.keyboard.press("Enter")
    dark = page.get_by_role("button", name="Sombre")
    expect(dark).to_be_visible()
    for _ in range(40):  # Tab from the Menu button until the switch's "Sombre" has the focus
        if dark.evaluate("button => button === document.activeElement"):
            break
        page.keyboard.press("Tab")
    assert dark.evaluate("button => button === document.activeElement")
    box = dark.bounding_box()
    assert box is not None and box["x"] + box["width"] <= PHONE["width"]
    page.screenshot(path=artifact("theme-switch-360-menu.png"))
    page.keyboard.press("Enter")
    page.wait_for_url(f"{daphne_server.url}/rules/")
    expect(page.locator("html")).to_have_attribute("data-theme", "dark")
    assert page.evaluate("getComputedStyle(document.body).colorScheme") == "dark"
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    page.get_by_test_id("menu-toggle").click()
    page.screenshot(path=artifact("theme-switch-360-dark.png"))
    page.goto(f"{daphne_server.url}/")
    expect(page.locator("html")).to_have_attribute("data-theme", "dark")
    folded = page.locator('[data-testid="theme-switch"] button[value="dark"]')  # in the Menu
    expect(folded).to_have_attribute("aria-pressed", "true")
