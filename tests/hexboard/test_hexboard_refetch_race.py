"""A websocket nudge while the player is midway through a pick (games/hexboard, static/js/site.js).

The nudge makes the page refetch its partials (`match-changed` → GET /m/<id>/live); the server
keeps the picks of the page's address (hexboard.turn.picks_query). The race: a refetch sent
before the player's next pick, whose answer comes back after that pick was drawn, carries the
address of its own time and would redraw the board without the newer pick. The browser holds
the refetch (Playwright's routing) so that the order is the race's every time, not by luck.

Paintball gives both kinds of pick state: a figure selected, and a two-hex path half built."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from games.engine import registry
from games.matches import services
from games.matches.models import Match
from tests.browser_support import make_verified_user, sign_in

PASSWORD = "hexsite-browser-1"

# In the page: counts the answers of its own refetches once htmx has handled them, and holds
# the next refetch's answer until `hbRelease()` (the request leaves at once, with the address of
# its time; only its answer waits), so the race's order is the same every run.
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


def _deployed_match(red, blue) -> tuple[Match, int]:
    """A paintball elimination where both teams have deployed: the team to act is returned."""
    match = services.match_create(
        system="paintball", config={"scenario": "elimination"}, seat_users=[red, blue]
    )
    system = registry.get_system("paintball")
    for user, seat in ((red, 0), (blue, 1)):
        match.refresh_from_db()
        state = system.state_from_json(match.snapshot)
        services.match_submit_move(
            match_id=match.pk,
            user=user,
            move_data=system.legal_moves(state, seat)[0],
            expected_version=match.version,
        )
    match.refresh_from_db()
    return match, system.to_act(system.state_from_json(match.snapshot))[0]


def _pick(page, selector: str) -> str:
    """Clicks a pick link and waits for its board: returns the new address."""
    url = page.url
    board = page.locator("#board").element_handle()
    page.locator(selector).first.click()
    page.wait_for_function("board => !board.isConnected", arg=board)
    page.wait_for_url(lambda now: now != url)
    return page.url


@pytest.mark.browser
def test_a_refetch_answered_after_a_newer_pick_keeps_the_half_built_path(
    daphne_server, new_context
):
    red = make_verified_user("race_red", PASSWORD)
    blue = make_verified_user("race_blue", PASSWORD)
    match, acting = _deployed_match(red, blue)
    page = new_context(locale="en-US").new_page()
    sign_in(page, daphne_server, ("race_red", "race_blue")[acting], PASSWORD)
    page.goto(f"{daphne_server.url}/m/{match.pk}/")
    page.evaluate(RACE_KIT)

    # A figure selected (which one, if several share its hex), and "move" chosen: the board
    # offers the path's first hex.
    _pick(page, "#board .targets a")
    for _ in range(3):
        if page.locator("[data-testid=pick-do-move]").count():
            _pick(page, "[data-testid=pick-do-move]")
        elif page.locator("#hb-hand .hb-options a").count():
            _pick(page, "#hb-hand .hb-options a")
    before_step = page.url
    assert "at=" in before_step and "step=" not in before_step
    expect(page.locator("#board .targets a").first).to_be_visible()

    # The nudge comes: its refetch leaves with this address, and its answer is held.
    page.evaluate("window.hbHoldNext = true; htmx.trigger(document.body, 'match-changed')")
    page.wait_for_function("() => window.hbHeld.length === 1")

    # The player picks the path's first hex meanwhile: the path is half built.
    half_built = _pick(page, "#board .targets a")
    assert "step=" in half_built
    expect(page.locator("[data-testid=confirm-move]")).to_be_visible()

    # The refetch's answer arrives now, drawn for the address it was sent from.
    page.evaluate("window.hbRelease()")
    # It was drawn for an older address: the page asks again, for the address it has now.
    page.wait_for_function("() => window.hbRefetches >= 2")
    page.wait_for_function(SETTLED)

    # The half-built path is still there, on the current position.
    assert page.url == half_built
    expect(page.locator("[data-testid=confirm-move]")).to_be_visible()
    expect(page.locator("[data-testid=step-prompt]")).to_be_visible()
    expect(page.locator("#status")).to_have_attribute("data-version", str(match.version))


@pytest.mark.browser
def test_a_change_keeps_a_still_legal_pick_and_says_so_when_it_clears_one(
    daphne_server, new_context
):
    red = make_verified_user("race_red", PASSWORD)
    blue = make_verified_user("race_blue", PASSWORD)
    users = (red, blue)
    match, acting = _deployed_match(red, blue)
    system = registry.get_system("paintball")
    state = system.state_from_json(match.snapshot)
    moves = [m for m in system.legal_moves(state, acting) if m["type"] == "move"]
    picked = state.figure(moves[0]["figure"]).hex
    other = next(m for m in moves if state.figure(m["figure"]).hex != picked)
    page = new_context(locale="en-US").new_page()
    sign_in(page, daphne_server, ("race_red", "race_blue")[acting], PASSWORD)
    page.goto(f"{daphne_server.url}/m/{match.pk}/?at={picked[0]},{picked[1]}")
    expect(page.locator("[data-testid=cancel-selection]")).to_be_visible()
    status = page.locator("#status")

    # The same player moves another figure (another tab); the nudge makes this page refetch.
    services.match_submit_move(
        match_id=match.pk, user=users[acting], move_data=other, expected_version=match.version
    )
    match.refresh_from_db()
    page.evaluate("htmx.trigger(document.body, 'match-changed')")
    expect(status).to_have_attribute("data-version", str(match.version))
    expect(page.locator("[data-testid=cancel-selection]")).to_be_visible()  # still picked
    expect(page.locator("[data-testid=pick-reset]")).to_have_count(0)
    assert "at=" in page.url

    # The phase ends there: the figure may not act any more, and the page says why it is gone.
    services.match_submit_move(
        match_id=match.pk,
        user=users[acting],
        move_data={"type": "end_phase"},
        expected_version=match.version,
    )
    match.refresh_from_db()
    page.evaluate("htmx.trigger(document.body, 'match-changed')")
    expect(status).to_have_attribute("data-version", str(match.version))
    expect(page.locator("[data-testid=pick-reset]")).to_be_visible()
    expect(page.locator("[data-testid=cancel-selection]")).to_have_count(0)
    page.wait_for_url(lambda now: "?" not in now)  # no later refetch brings the pick back
