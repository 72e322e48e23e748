"""Two players in two browsers: sign up (confirming their email), create in the lobby, join by
the invite link, play, and the waiting player's page, and his "My games", follow live over the
websocket (no reload), and so does a visitor who is not signed in."""

from __future__ import annotations

import pytest
from playwright.sync_api import Error as PlaywrightError
from playwright.sync_api import expect

from tests.browser_support import artifact, sign_up

PASSWORD = "hexsite-browser-1"


@pytest.mark.browser
def test_two_players_create_join_and_see_each_others_moves_live(daphne_server, new_context):
    anna = new_context(locale="en-US").new_page()
    bruno = new_context(locale="en-US").new_page()
    sign_up(anna, daphne_server, "anna", PASSWORD)
    sign_up(bruno, daphne_server, "bruno", PASSWORD)

    anna.goto(f"{daphne_server.url}/")
    anna.select_option("select[name=system]", "claim")
    anna.select_option("select[name=seat_1]", "invite")
    anna.click("#create-match")
    invite = anna.locator("#invite-link").get_attribute("href")
    expect(anna.locator("#board .waiting")).to_be_visible()

    bruno.goto(invite)
    bruno.click("#join-match")
    expect(bruno.locator("#status")).to_contain_text("anna")
    # A visitor who is not signed in watches the public match, live too (nudges only).
    visitor = new_context(locale="en-US").new_page()
    visitor.goto(bruno.url)
    expect(visitor.locator("body[data-live]")).to_have_count(1)

    # Anna's page learns of the join by itself and shows her moves.
    first_move = anna.locator(".generic-moves button").first
    expect(first_move).to_be_visible()
    first_move.click()
    expect(bruno.locator("#log li")).to_have_count(2)  # setup + anna's claim, no reload

    # Bruno's "My games" follows too: nothing waits for him yet, then his turn comes.
    bruno_games = bruno.context.new_page()
    bruno_games.goto(f"{daphne_server.url}/games/")
    expect(bruno_games.locator(".games-waiting")).to_be_visible()
    anna.locator(".generic-moves button", has_text="type=end").click()
    expect(anna.locator("#log li")).to_have_count(3)  # her answer shows her move at once
    expect(bruno_games.locator(".games-my_turn a")).to_be_visible()
    # Bruno's move buttons appear by themselves (language independent: a player's profile,
    # created on first need, may switch the page to French mid-test).
    expect(bruno.locator(".generic-moves button").first).to_be_visible()
    bruno.locator(".generic-moves button").first.click()
    expect(anna.locator("#log li")).to_have_count(4)
    expect(bruno.locator("#log li")).to_have_count(4)
    expect(visitor.locator("#log li")).to_have_count(4)
    _screenshot(bruno.locator("#board"), artifact("matches-board.png"))


def _screenshot(locator, path) -> None:
    """The board may be swapped again by a late websocket refetch while we shoot: retry."""
    for attempt in range(5):
        try:
            locator.screenshot(path=str(path))
            return
        except PlaywrightError:
            if attempt == 4:
                raise
