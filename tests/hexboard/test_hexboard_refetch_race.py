"""A half-made move on the shared board while the match changes, in Chromium (games/hexboard,
static/hexboard/board.js): the change reaches the page through its websocket (pushed partials,
or the nudge and its refetch); the server checks the picks of the page's address against the
new legal moves. A pick still legal survives; one the position no longer allows is dropped, the
page says so in words, and its address forgets it.

Paintball gives the pick states: a figure selected, and a move half built. Its turns alternate,
so what changes the position under a player's pick is their own move from another device (or
the clock's default for them); the websocket and the redraw are the same as for any change.
The change goes through the test's daphne (another browser context posts it): a move made in
the test's own process would tell no page, its channel layer being another process's."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from games.engine import registry
from games.hexboard.keys import hex_key
from tests.browser_support import post_move, sign_in
from tests.hexboard.conftest import paintball_between

PASSWORD = "hexsite-browser-1"
PHONE = {"width": 360, "height": 780}

# In the page: counts its refetches once htmx has handled them, and holds the answer of the next
# one until `hbRelease()` (the request leaves at once, with the address of its time; only its
# answer waits), so the race's order is the same every run.
RACE_KIT = """
window.hbRefetches = 0;
window.hbHeld = [];
window.hbHoldNext = false;
document.body.addEventListener("htmx:afterRequest", function (ev) {
  var path = ev.detail.pathInfo && ev.detail.pathInfo.requestPath;
  if (path && path.indexOf("/live") >= 0) window.hbRefetches += 1;
});
var open = XMLHttpRequest.prototype.open, send = XMLHttpRequest.prototype.send;
XMLHttpRequest.prototype.open = function (method, url) {
  this.hbUrl = String(url);
  return open.apply(this, arguments);
};
XMLHttpRequest.prototype.send = function () {
  var xhr = this;
  if (window.hbHoldNext && xhr.hbUrl.indexOf("/live") >= 0) {
    window.hbHoldNext = false;
    var onload = xhr.onload;
    xhr.onload = function () { window.hbHeld.push(function () { onload.call(xhr); }); };
  }
  return send.apply(this, arguments);
};
window.hbRelease = function () { window.hbHeld.splice(0).forEach(function (f) { f(); }); };
"""
SETTLED = "() => !document.querySelector('.htmx-request')"


@pytest.fixture
def acting(daphne_server, new_context):
    """A paintball match where a player may pick, and a signed-in page of theirs (a phone by
    default): returns a function (viewport) -> (match, seat, username, page)."""

    def make(viewport=PHONE):
        match, seat, names = paintball_between("race", PASSWORD)
        username = names[seat]
        page = new_context(locale="en-US", viewport=viewport).new_page()
        sign_in(page, daphne_server, username, PASSWORD)
        page.goto(f"{daphne_server.url}/m/{match.pk}/")
        return match, seat, username, page

    return make


def _pick(page, selector: str, *, keyboard: bool = False) -> str:
    """Picks a link (a click, or the keyboard: focus and Enter) and waits for its board: returns
    the new address."""
    url = page.url
    board = page.locator("#board").element_handle()
    link = page.locator(selector).first
    if keyboard:
        link.focus()
        page.keyboard.press("Enter")
    else:
        link.click()
    page.wait_for_function("board => !board.isConnected", arg=board)
    page.wait_for_url(lambda now: now != url)
    return page.url


@pytest.mark.browser
def test_a_change_keeps_a_pick_still_legal_and_drops_with_a_sentence_one_that_is_not(
    acting, daphne_server, new_context
):
    match, seat, username, page = acting()
    system = registry.get_system("paintball")
    state = system.state_from_json(match.snapshot)
    moves = [m for m in system.legal_moves(state, seat) if m["type"] == "move"]
    picked = hex_key(state.figure(moves[0]["figure"]).hex)
    other = next(m for m in moves if hex_key(state.figure(m["figure"]).hex) != picked)

    # A phone, and the keyboard: the player selects a figure.
    expect(page.locator("body")).to_have_attribute("data-live", "1")
    _pick(page, f'#board .targets a[data-pick="{picked}"]', keyboard=True)
    assert f"at={picked}" in page.url
    cancel = page.locator("[data-testid=cancel-selection]")
    expect(cancel).to_be_visible()
    status = page.locator("#status")

    device = new_context(locale="en-US").new_page()
    sign_in(device, daphne_server, username, PASSWORD)

    # Another figure of the team moves (the player's other device): the figure picked here may
    # still act, so the pick survives the redraw, on the new position.
    post_move(device, daphne_server, match, other)
    expect(status).to_have_attribute("data-version", str(match.version))
    expect(page.locator("#board")).to_have_attribute("data-version", str(match.version))
    expect(cancel).to_be_visible()
    expect(page.locator("[data-testid=pick-reset]")).to_have_count(0)
    assert f"at={picked}" in page.url

    # The phase ends there: the figure may not act any more. The pick is dropped, in words.
    post_move(device, daphne_server, match, {"type": "end_phase"})
    expect(status).to_have_attribute("data-version", str(match.version))
    notice = page.locator("[data-testid=pick-reset]")
    expect(notice).to_have_text("Your choice was reset: the position changed.")
    expect(cancel).to_have_count(0)
    page.wait_for_url(lambda now: "?" not in now)  # no later redraw brings the pick back
    fits = "() => document.documentElement.scrollWidth <= window.innerWidth"
    assert page.evaluate(fits), "the page is wider than the phone"


@pytest.mark.browser
def test_a_refetch_answered_after_a_newer_pick_keeps_the_half_built_move(acting):
    _, _, _, page = acting({"width": 1000, "height": 900})
    page.evaluate(RACE_KIT)

    # A figure selected (which one, if several share its hex), and "move" chosen: the board
    # offers the path's first hex.
    _pick(page, "#board .targets a")
    for _ in range(3):
        if page.locator("[data-testid=pick-do-move]").count():
            _pick(page, "[data-testid=pick-do-move]")
        elif page.locator("#hb-hand .hb-options a").count():
            _pick(page, "#hb-hand .hb-options a")
    assert "at=" in page.url and "step=" not in page.url
    expect(page.locator("#board .targets a").first).to_be_visible()

    # A refetch leaves with this address (what a chat message or a heartbeat asks for), and
    # its answer is held.
    page.evaluate("window.hbHoldNext = true; htmx.trigger(document.body, 'match-changed')")
    page.wait_for_function("() => window.hbHeld.length === 1")

    # The player picks the path's first hex meanwhile: the move is half built.
    half_built = _pick(page, "#board .targets a")
    assert "step=" in half_built
    expect(page.locator("[data-testid=confirm-move]")).to_be_visible()

    # The refetch's answer arrives now, drawn for the address it left from: the page drops it
    # and asks again, for the address it has now.
    page.evaluate("window.hbRelease()")
    page.wait_for_function("() => window.hbRefetches >= 2")
    page.wait_for_function(SETTLED)
    assert page.url == half_built
    expect(page.locator("[data-testid=confirm-move]")).to_be_visible()
    expect(page.locator("[data-testid=pick-reset]")).to_have_count(0)
