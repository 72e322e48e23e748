"""In a real browser, on a phone-sized screen and with the keyboard only: bruno leaves anna's
waiting table from its page; he lands in the lobby, told, with the seat listed again, and anna's
open page of the match shows the seat free without reloading."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from games.matches import services
from tests.browser_support import make_verified_user, signed_in_page

PASSWORD = "hexsite-browser-1"
PHONE = {"width": 360, "height": 740}


@pytest.mark.browser
def test_bruno_leaves_annas_table_with_the_keyboard_and_her_page_follows(
    daphne_server, new_context
):
    anna_user = make_verified_user("anna", PASSWORD)
    bruno_user = make_verified_user("bruno", PASSWORD)
    match = services.match_create(
        system="claim",
        config={"hexes": 8},
        seat_users=[anna_user, None, None],
        created_by=anna_user,
    )
    services.match_join(match_id=match.pk, user=bruno_user)
    anna = signed_in_page(new_context, daphne_server, "anna", PASSWORD, viewport=PHONE)
    anna.goto(f"{daphne_server.url}/m/{match.pk}/")
    anna.wait_for_selector("body[data-live]", state="attached")  # it hears changes from now on
    expect(anna.locator("#status .seats")).to_contain_text("bruno")

    bruno = signed_in_page(new_context, daphne_server, "bruno", PASSWORD, viewport=PHONE)
    bruno.goto(f"{daphne_server.url}/m/{match.pk}/")
    summary = bruno.get_by_test_id("leave-panel").locator("summary")
    expect(summary).to_have_text("Quitter cette table…")
    summary.focus()
    bruno.keyboard.press("Enter")  # the panel opens
    confirm = bruno.get_by_test_id("leave")
    expect(confirm).to_be_visible()
    box = confirm.bounding_box()
    assert box is not None and box["height"] >= 44
    assert bruno.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    bruno.keyboard.press("Tab")
    expect(confirm).to_be_focused()
    bruno.keyboard.press("Enter")

    expect(bruno).to_have_url(f"{daphne_server.url}/")
    expect(bruno.locator(".messages")).to_contain_text("Vous avez quitté la table.")
    expect(bruno.locator(f'form[action="/m/{match.pk}/join"]')).to_have_count(1)
    # anna's open page redraws its seats: bruno is gone, no reload.
    expect(anna.locator("#status .seats")).not_to_contain_text("bruno")
