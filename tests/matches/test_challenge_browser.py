"""In a real browser: anna challenges bruno from his profile, on a phone-sized screen; bruno,
who has My games and his inbox open, sees the challenge come in on both without reloading,
accepts it from My games and the board is there."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from tests.browser_support import make_verified_user, signed_in_page

PASSWORD = "hexsite-browser-1"
PHONE = {"width": 360, "height": 740}


@pytest.mark.browser
def test_anna_challenges_bruno_from_his_profile_and_he_accepts_from_my_games(
    daphne_server, new_context
):
    make_verified_user("anna", PASSWORD)
    make_verified_user("bruno", PASSWORD)
    bruno = signed_in_page(new_context, daphne_server, "bruno", PASSWORD, viewport=PHONE)
    bruno.goto(f"{daphne_server.url}/games/")
    bruno.wait_for_selector("body[data-live]", state="attached")  # it hears changes from now on
    expect(bruno.locator(".games-challenges")).to_have_count(0)
    inbox = bruno.context.new_page()
    inbox.goto(f"{daphne_server.url}/notifications/")
    inbox.wait_for_selector("body[data-live]", state="attached")
    expect(inbox.get_by_test_id("inbox-accept")).to_have_count(0)
    anna = signed_in_page(new_context, daphne_server, "anna", PASSWORD, viewport=PHONE)
    anna.goto(f"{daphne_server.url}/me/u/bruno/")
    anna.get_by_role("link", name="Défier bruno").click()
    # The form keeps the second seat for bruno: his name is shown, filled in, on a phone.
    expect(anna.locator("select[name=seat_1]")).to_have_value("named")
    expect(anna.locator("input[name=opponent_1]")).to_be_visible()
    expect(anna.locator("input[name=opponent_1]")).to_have_value("bruno")
    anna.select_option("select[name=seat_1]", "computer")  # no name for a computer seat
    expect(anna.locator("input[name=opponent_1]")).to_be_hidden()
    anna.select_option("select[name=seat_1]", "named")
    anna.select_option("select[name=system]", "claim")
    anna.click("#create-match")
    expect(anna.get_by_test_id("challenge-waiting")).to_contain_text("bruno")

    # Told over the websocket, his open My games redraws its list: no reload.
    expect(bruno.locator(".games-challenges")).to_contain_text("anna vous défie")
    # The open inbox redraws too, with the challenge's Accept and Decline.
    expect(inbox.get_by_test_id("inbox-accept")).to_be_visible()
    expect(inbox.get_by_test_id("inbox-decline")).to_be_visible()
    bruno.get_by_test_id("challenge-accept").click()
    expect(bruno.locator("#board .generic-board")).to_be_visible()
    expect(bruno.locator("#status")).to_contain_text("anna")
