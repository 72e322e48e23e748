"""In Chromium: a move's answer that leaves parts to the page (an empty element of the same id:
tests/skirmish_site/test_skirmish_parts_kept.py) keeps the very coach's box the page showed,
tips and Hide button included, and its links, on a 360 px phone."""

from __future__ import annotations

import json

import pytest
from playwright.sync_api import expect

from games.engine import registry
from tests.browser_support import make_verified_user, signed_in_page
from tests.skirmish_site.test_skirmish_answer_size import _mid_battle

PASSWORD = "hexsite-skirmish-coach-kept-1"
PHONE = {"width": 360, "height": 740}


@pytest.mark.browser
def test_the_tips_stay_on_the_page_when_a_move_s_answer_leaves_them(daphne_server, new_context):
    players = [make_verified_user(name, PASSWORD) for name in ("sk_ck_red", "sk_ck_blue")]
    match = _mid_battle(players)
    system = registry.get_system("skirmish")
    state = system.state_from_json(match.snapshot)
    seat = system.to_act(state)[0]
    move = next(m for m in system.legal_moves(state, seat) if m["type"] == "move")
    page = signed_in_page(
        new_context, daphne_server, players[seat].username, PASSWORD, viewport=PHONE
    )
    page.goto(f"{daphne_server.url}/m/{match.pk}/")
    coach = page.locator("#hand [data-testid=coach]")
    expect(coach.locator("li").first).to_be_visible()
    tips = coach.inner_text()
    page.evaluate("() => document.querySelector('#hand .hb-coach').dataset.mark = 'own'")
    page.evaluate("() => document.querySelector('#hand .hb-links').dataset.mark = 'own'")

    # Posted as the hand's move buttons post it (htmx, no swap of its own: out of band).
    board = page.locator("#board").element_handle()
    page.evaluate(
        "([url, values]) => htmx.ajax('POST', url, {values: values, swap: 'none'})",
        [f"/m/{match.pk}/move", {"move": json.dumps(move), "expected_version": match.version}],
    )
    page.wait_for_function("board => !board.isConnected", arg=board)
    expect(page.locator("#hand .hb-coach[data-mark=own]")).to_have_count(1)
    expect(page.locator("#hand .hb-links[data-mark=own]")).to_have_count(1)
    expect(page.locator("[data-placeholder]")).to_have_count(0)
    expect(page.locator("#hand .hb-links [data-testid=rules-link]")).to_be_visible()
    assert coach.inner_text() == tips
    expect(coach.get_by_test_id("hide-tips")).to_be_visible()
