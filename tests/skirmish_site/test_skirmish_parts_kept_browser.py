"""In Chromium: a move's answer that leaves parts to the page (an empty element of the same id:
tests/skirmish_site/test_skirmish_parts_kept.py) keeps the very coach's box the page showed,
tips and Hide button included, and its links, on a 360 px phone."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from games.engine import registry
from tests.browser_support import kept_through_a_move, match_on_a_phone, two_players
from tests.skirmish_site.test_skirmish_answer_size import _mid_battle

PASSWORD = "hexsite-skirmish-coach-kept-1"


@pytest.mark.browser
def test_the_tips_stay_on_the_page_when_a_move_s_answer_leaves_them(daphne_server, new_context):
    players = two_players("sk_ck", PASSWORD)
    match = _mid_battle(players)
    system = registry.get_system("skirmish")
    state = system.state_from_json(match.snapshot)
    seat = system.to_act(state)[0]
    move = next(m for m in system.legal_moves(state, seat) if m["type"] == "move")
    page = match_on_a_phone(new_context, daphne_server, match, players[seat].username, PASSWORD)
    coach = page.locator("#hand [data-testid=coach]")
    expect(coach.locator("li").first).to_be_visible()
    tips = coach.inner_text()
    kept_through_a_move(page, match, move, ["#hand .hb-coach", "#hand .hb-links"])
    expect(page.locator("#hand .hb-links [data-testid=rules-link]")).to_be_visible()
    assert coach.inner_text() == tips
    expect(coach.get_by_test_id("hide-tips")).to_be_visible()
