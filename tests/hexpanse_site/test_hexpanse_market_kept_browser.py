"""The market stays on the page when a redraw leaves its cards out (issue 14,
{% left_to_page %}): after a turn's first action the answer sends the market's row empty and
htmx keeps the page's cards; a page that lost its row fetches itself once and shows the cards.
Before the turn's first action (a Protectors order) the row is left to the page too, as are the
missions, and the market phase's come whole."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from games.engine.registry import get_system
from tests.browser_support import make_verified_user, signed_in_page
from tests.fixtures import play_random
from tests.hexpanse_site.test_hexpanse_answer_size import captain_set_up, with_protectors

PASSWORD = "hexsite-browser-1"


def _turn_begun(names):
    """Seat 0's turn just begun (its two actions to come), after the setup."""
    players = [make_verified_user(name, PASSWORD) for name in names]
    return play_random(
        captain_set_up(players),
        players,
        60,
        until=lambda s: (
            s.turn.seat == 0
            and s.turn.phase == "actions"
            and s.turn.actions_left == 2
            and not s.pending
        ),
    )


def _market_shown(match, daphne_server, new_context, name):
    """`name`'s match page (in English) showing the market's cards; the page, those cards'
    locator and their codes."""
    codes = [c for c in get_system("hexpanse").state_from_json(match.snapshot).market if c]
    page = signed_in_page(new_context, daphne_server, name, PASSWORD, locale="en-US")
    page.goto(f"{daphne_server.url}/m/{match.pk}/")
    cards = page.locator("#hb-hand .hx-market article.hx-card")
    expect(cards).to_have_count(len(codes))
    return page, cards, codes


def _clicked_and_redrawn(page, testid):
    """Clicks the hand's `testid` and waits until the answer has replaced the board."""
    board = page.locator("#board").element_handle()
    page.locator(f"#hb-hand [data-testid={testid}]").click()
    page.wait_for_function("board => !board.isConnected", arg=board)


def _own_row_kept_with(page, codes):
    """The market's row is the page's own (marked before the redraw) and shows every card."""
    expect(page.locator("#hb-hand .hx-market .hx-card-row[data-mark=own]")).to_have_count(1)
    for code in codes:
        expect(page.locator(f"#hb-hand .hx-market [data-testid=card-{code}]")).to_be_visible()


@pytest.mark.browser
def test_the_market_stays_shown_when_redraws_leave_it_to_the_page(daphne_server, new_context):
    match = _turn_begun(("hx_mk_anna", "hx_mk_bruno"))
    page, cards, codes = _market_shown(match, daphne_server, new_context, "hx_mk_anna")

    # The turn's first action: the answer leaves the market's cards to the page, which keeps
    # its own row (the very element: marked here, a fetched one would not carry the mark).
    page.evaluate(
        "() => document.querySelector('#hb-hand .hx-market .hx-card-row').dataset.mark = 'own'"
    )
    _clicked_and_redrawn(page, "kind-gain")
    expect(page.locator("#hb-hand [data-testid=step-prompt]")).to_contain_text("1 action left")
    expect(cards).to_have_count(len(codes))
    _own_row_kept_with(page, codes)

    # A page without the row (as one whose reader hid it): the next redraw (a pick) leaves it
    # an empty row, and the page fetches its cards.
    page.evaluate("() => document.querySelector('#hb-hand .hx-market .hx-card-row').remove()")
    expect(cards).to_have_count(0)
    _clicked_and_redrawn(page, "kind-place-normal")
    expect(cards).to_have_count(len(codes))
    expect(page.locator("#hb-hand .hx-market [data-placeholder]")).to_have_count(0)


@pytest.mark.browser
def test_a_protectors_order_at_a_turn_s_start_keeps_the_page_s_market(daphne_server, new_context):
    match = with_protectors(_turn_begun(("hx_mp_anna", "hx_mp_bruno")), 0)
    page, cards, codes = _market_shown(match, daphne_server, new_context, "hx_mp_anna")
    page.evaluate(
        "() => ['.hx-market .hx-card-row', '.hx-missions'].forEach("
        "s => { document.querySelector('#hb-hand ' + s).dataset.mark = 'own'; })"
    )

    # The order changes nothing of the market nor the missions: the page keeps its own (marked).
    _clicked_and_redrawn(page, "policy-always")
    expect(page.locator("#hb-hand [data-testid=policy-always]")).to_contain_text("✓")
    _own_row_kept_with(page, codes)
    expect(page.locator("#hb-hand .hx-missions[data-mark=own]")).to_have_count(1)
    expect(page.locator("#hb-hand [data-testid=mission-progress]").first).to_be_visible()

    # The market phase: the cards come anew, with their buy buttons.
    _clicked_and_redrawn(page, "kind-end_actions")
    expect(page.locator("#hb-hand .hx-market .hx-card-row[data-mark=own]")).to_have_count(0)
    expect(cards).to_have_count(len(codes))
    expect(page.locator("#hb-hand .hx-market .hx-card-actions").first).to_be_visible()
    expect(page.locator("#hb-hand .hx-market [data-placeholder]")).to_have_count(0)
