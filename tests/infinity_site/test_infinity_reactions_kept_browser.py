"""In Chromium on a 360 px phone: an order's answer that leaves the reactions section and the
status's draw and resign forms to the page (empty elements of their ids:
tests/infinity_site/test_infinity_reactions_kept.py, tests/matches/test_status_seats_kept.py)
keeps the very section and forms the page showed, the list unfolded as the player left it, and
the resign panel still opens with the keyboard."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from tests.browser_support import kept_through_a_move, match_on_a_phone, two_players
from tests.infinity_site.conftest import acting, deployed_match

PASSWORD = "hexsite-inf-kept-1"


@pytest.mark.browser
def test_an_order_s_answer_keeps_the_reactions_and_the_resign_panel_the_page_shows(
    daphne_server, new_context
):
    players = two_players("inf_kept", PASSWORD)
    match = deployed_match(players, seed="reactions-kept")
    system, state, seat = acting(match)
    move = next(m for m in system.legal_moves(state, seat) if m["type"] == "order")
    username = players[seat].username
    page = match_on_a_phone(new_context, daphne_server, match, username, PASSWORD, locale="en-GB")
    page.locator('[data-testid="reactions-list"] > summary').click()  # the list unfolded
    expect(page.locator('[data-testid="reaction-a1"]')).to_be_visible()
    kept_through_a_move(page, match, move, ["#inf-reactions", "#status-lasting"])
    expect(page.locator('[data-testid="reaction-a1"]')).to_be_visible()  # still unfolded
    resign = page.locator("#resign-panel > summary")
    box = resign.bounding_box()
    assert box and box["height"] >= 44
    resign.focus()
    page.keyboard.press("Enter")
    expect(page.get_by_role("button", name="Yes, I resign")).to_be_visible()
    assert page.evaluate("document.documentElement.scrollWidth") <= 360
