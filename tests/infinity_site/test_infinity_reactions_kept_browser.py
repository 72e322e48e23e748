"""In Chromium on a 360 px phone: an order's answer that leaves the reactions section and the
status's draw and resign forms to the page (empty elements of their ids:
tests/infinity_site/test_infinity_reactions_kept.py, tests/matches/test_status_seats_kept.py)
keeps the very section and forms the page showed, the list unfolded as the player left it, and
the resign panel still opens with the keyboard."""

from __future__ import annotations

import json

import pytest
from playwright.sync_api import expect

from tests.browser_support import make_verified_user, signed_in_page
from tests.infinity_site.conftest import acting, deployed_match

PASSWORD = "hexsite-inf-kept-1"
PHONE = {"width": 360, "height": 740}


@pytest.mark.browser
def test_an_order_s_answer_keeps_the_reactions_and_the_resign_panel_the_page_shows(
    daphne_server, new_context
):
    players = [make_verified_user(name, PASSWORD) for name in ("inf_kept_a", "inf_kept_b")]
    match = deployed_match(players, seed="reactions-kept")
    system, state, seat = acting(match)
    move = next(m for m in system.legal_moves(state, seat) if m["type"] == "order")
    page = signed_in_page(
        new_context, daphne_server, players[seat].username, PASSWORD, viewport=PHONE, locale="en-GB"
    )
    page.goto(f"{daphne_server.url}/m/{match.pk}/")
    page.locator('[data-testid="reactions-list"] > summary').click()  # the list unfolded
    expect(page.locator('[data-testid="reaction-a1"]')).to_be_visible()
    page.evaluate("() => document.querySelector('#inf-reactions').dataset.mark = 'own'")
    page.evaluate("() => document.querySelector('#status-lasting').dataset.mark = 'own'")

    # Posted as the hand's move buttons post it (htmx, no swap of its own: out of band).
    board = page.locator("#board").element_handle()
    page.evaluate(
        "([url, values]) => htmx.ajax('POST', url, {values: values, swap: 'none'})",
        [f"/m/{match.pk}/move", {"move": json.dumps(move), "expected_version": match.version}],
    )
    page.wait_for_function("board => !board.isConnected", arg=board)
    expect(page.locator("#inf-reactions[data-mark=own]")).to_have_count(1)
    expect(page.locator("#status-lasting[data-mark=own]")).to_have_count(1)
    expect(page.locator("[data-placeholder]")).to_have_count(0)
    expect(page.locator('[data-testid="reaction-a1"]')).to_be_visible()  # still unfolded
    resign = page.locator("#resign-panel > summary")
    box = resign.bounding_box()
    assert box and box["height"] >= 44
    resign.focus()
    page.keyboard.press("Enter")
    expect(page.get_by_role("button", name="Yes, I resign")).to_be_visible()
    assert page.evaluate("document.documentElement.scrollWidth") <= 360
