"""A Confirm pressed on a page that has not heard of the latest change (its socket silent, as on
a train going through a tunnel), in Chromium: the server refuses the stale move (409), says so in
words, and draws the board as it stands; the match keeps the one move that was made
(games/matches/services/common.py `check_version`, static/js/site.js)."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from tests.browser_support import post_move, sign_in
from tests.hexboard.conftest import paintball_between

PASSWORD = "hexsite-browser-1"
STALE = "The board changed since you loaded it; here it is as it stands now. Please try again."


def _pick(page, selector: str) -> None:
    board = page.locator("#board").element_handle()
    page.locator(selector).first.click()
    page.wait_for_function("board => !board.isConnected", arg=board)


@pytest.mark.browser
def test_a_confirm_on_a_page_that_missed_a_change_is_refused_in_words_and_changes_nothing(
    daphne_server, new_context
):
    match, seat, names = paintball_between("stale", PASSWORD)
    username = names[seat]
    page = new_context(locale="en-US", viewport={"width": 1000, "height": 900}).new_page()

    # The page's socket works until the tunnel: then what the server says never arrives.
    tunnel = {"in": False}

    def through_the_tunnel(ws):
        server = ws.connect_to_server()
        ws.on_message(server.send)
        server.on_message(lambda message: None if tunnel["in"] else ws.send(message))

    page.route_web_socket("**/ws/notify/**", through_the_tunnel)
    sign_in(page, daphne_server, username, PASSWORD)
    page.goto(f"{daphne_server.url}/m/{match.pk}/")
    expect(page.locator("body")).to_have_attribute("data-live", "1")

    # A figure, "move", the path's first hex: the move is built, Confirm is offered.
    _pick(page, "#board .targets a")
    for _ in range(4):
        if page.locator("[data-testid=confirm-move]").count():
            break
        if page.locator("[data-testid=pick-do-move]").count():
            _pick(page, "[data-testid=pick-do-move]")
        elif page.locator("#hb-hand .hb-options a").count():
            _pick(page, "#hb-hand .hb-options a")
        else:
            _pick(page, "#board .targets a")
    confirm = page.locator("[data-testid=confirm-move]")
    expect(confirm).to_be_visible()
    built_on = match.version

    # In the tunnel, the player's other device ends the phase.
    tunnel["in"] = True
    device = new_context(locale="en-US").new_page()
    sign_in(device, daphne_server, username, PASSWORD)
    post_move(device, daphne_server, match, {"type": "end_phase"})
    assert match.version == built_on + 1
    expect(page.locator("#board")).to_have_attribute("data-version", str(built_on))

    # The old page's Confirm: refused in words, the board redrawn as it stands, nothing played.
    confirm.click()
    expect(page.get_by_text(STALE)).to_be_visible()
    expect(page.locator("#board")).to_have_attribute("data-version", str(match.version))
    expect(page.locator("[data-testid=confirm-move]")).to_have_count(0)
    match.refresh_from_db()
    assert match.version == built_on + 1
