"""The links inside « Aide-mémoire » and « Mes notes » on a 360 px phone: the ones a panel shows
until (or unless) its content arrives, and the rules link, are 44 px touch targets, not a 19 px
line of text. The panels' content is held back here (its request fails), as on a slow or broken
connection, so that the fallback links stay on screen."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from games.matches import services
from tests.browser_support import make_verified_user, signed_in_page

pytestmark = pytest.mark.browser
PASSWORD = "hexsite-panel-links-1"


def test_the_panels_fallback_links_are_touch_targets_on_a_phone(daphne_server, new_context):
    anna = make_verified_user("links_anna", PASSWORD)
    bruno = make_verified_user("links_bruno", PASSWORD)
    match = services.match_create(
        system="neuroshima", config={"armies": ["moloch", "borgo"]}, seat_users=[anna, bruno]
    )
    phone = {"viewport": {"width": 360, "height": 780}, "locale": "fr-FR"}
    page = signed_in_page(new_context, daphne_server, "links_anna", PASSWORD, **phone)
    page.goto(f"{daphne_server.url}/m/{match.pk}/")
    # The panels' content never comes: their fallback links stay.
    held_back = page.locator("[data-testid=reference]").get_attribute("hx-get")
    page.route(re.compile(rf"{re.escape(held_back)}|/notes/$"), lambda route: route.abort())
    for panel in ("reference", "notes"):
        summary = page.locator(f"[data-testid={panel}] summary")
        summary.focus()
        page.keyboard.press("Enter")
        links = page.locator(f"[data-testid={panel}] a")
        expect(links.first).to_be_visible()
        # Still the fallback: the panel's own content did not replace it.
        expect(
            page.locator(
                f"[data-testid={panel}] [data-testid=match-notes], "
                f"[data-testid={panel}] [data-testid=match-reference]"
            )
        ).to_have_count(0)
        for i in range(links.count()):
            box = links.nth(i).bounding_box()
            assert box is not None and box["height"] >= 44, (panel, links.nth(i).inner_text(), box)
