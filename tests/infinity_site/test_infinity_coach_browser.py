"""The Infinity coach's box in Chromium on a 360 px phone: a new player giving their first orders
reads the order pool's tip beside the prompt, nothing scrolls sideways, the box reads in the dark
theme, its link opens the rules page at the orders, and « Hide the tips », reached and pressed
with the keyboard, hides the box for good (htmx, then a reload)."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from games.infinity_site.coach import MAX_TIPS
from tests.browser_support import (
    PHONE,
    artifact,
    coach_on_a_phone,
    tips_hidden_by_keyboard,
    two_players,
    unreadable_texts,
)
from tests.infinity_site.conftest import deployed_match

PASSWORD = "hexsite-inf-coach-1"


@pytest.mark.browser
def test_the_first_orders_tips_on_a_phone_and_hidden_with_the_keyboard(daphne_server, new_context):
    # Everybody deployed; the Corregidor gives its orders.
    match = deployed_match(two_players("infc", PASSWORD))
    page, coach = coach_on_a_phone(new_context, daphne_server, match, "infc_anna", PASSWORD)
    expect(coach.locator("[data-testid=tip-orders]")).to_contain_text("regular orders")
    assert coach.locator("li").count() <= MAX_TIPS
    link = coach.locator("[data-testid=tip-orders] [data-testid=tip-link]")
    expect(link).to_have_attribute("href", "/infinity/rules/#orders")
    expect(link).to_have_text("Rules: Orders")
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    box = coach.bounding_box()
    assert box is not None and box["width"] <= PHONE["width"]
    assert unreadable_texts(page) == []
    page.screenshot(path=str(artifact("infinity-coach-phone-dark.png")), full_page=True)

    tips_hidden_by_keyboard(page, coach)

    page.goto(f"{daphne_server.url}/infinity/rules/#orders")
    expect(page.locator("#orders")).to_be_in_viewport()
