"""The board's targets written short in what htmx swaps in (games/hexboard/targets.py), in
Chromium: board.js gives each its address and its drawing, so a pick works after a push (the
other player's move) and after a pick's answer, by keyboard, each target where the whole page
draws it and named as it names it. Paintball gives the picks (a figure, then where it goes)."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from games.engine import registry
from tests.browser_support import post_move, sign_in
from tests.hexboard.conftest import paintball_between
from tests.hexboard.test_hexboard_refetch_race import _pick

PASSWORD = "hexsite-browser-1"
TARGETS = "#board .targets a"
# Each target as the page has it: its pick, address, name and place.
DRAWN = """() => Array.from(document.querySelectorAll('#board .targets a')).map(a => {
  const use = a.querySelector('use');
  return [a.dataset.pick, a.getAttribute('href'), a.getAttribute('aria-label'),
          use && Number(use.getAttribute('x')), use && Number(use.getAttribute('y'))];
})"""


def _drawn(page) -> dict[str, tuple]:
    return {pick: tuple(rest) for pick, *rest in page.evaluate(DRAWN)}


def _same_targets(short: dict[str, tuple], whole: dict[str, tuple]) -> None:
    assert short.keys() == whole.keys()
    for pick, (href, label, x, y) in short.items():
        w_href, w_label, w_x, w_y = whole[pick]
        assert (href, label) == (w_href, w_label)
        assert x is not None and abs(x - w_x) < 0.2 and abs(y - w_y) < 0.2, pick


@pytest.mark.browser
def test_short_targets_pushed_and_answered_pick_by_keyboard_where_the_page_draws_them(
    daphne_server, new_context
):
    match, seat, names = paintball_between("short", PASSWORD)
    system = registry.get_system("paintball")
    mover, waiter = names[seat], names[1 - seat]
    context = new_context(locale="en-US")
    page = context.new_page()
    pushed_html: list[str] = []
    page.on("websocket", lambda ws: ws.on("framereceived", lambda f: pushed_html.append(f)))
    sign_in(page, daphne_server, waiter, PASSWORD)
    page.goto(f"{daphne_server.url}/m/{match.pk}/")
    expect(page.locator("body")).to_have_attribute("data-live", "1")
    expect(page.locator(TARGETS)).to_have_count(0)  # not this player's turn

    # The other player moves: this page is pushed its turn, its targets written short.
    device = new_context(locale="en-US").new_page()
    sign_in(device, daphne_server, mover, PASSWORD)
    state = system.state_from_json(match.snapshot)
    move = next(m for m in system.legal_moves(state, seat) if m["type"] == "move")
    post_move(device, daphne_server, match, move)
    for _ in range(2):  # the figure's activation ends, and the team's turn with it
        state = system.state_from_json(match.snapshot)
        if system.to_act(state)[0] != seat:
            break
        ending = ("end_activation", "end_phase")
        post_move(
            device,
            daphne_server,
            match,
            next(m for m in system.legal_moves(state, seat) if m["type"] in ending),
        )
    assert system.to_act(system.state_from_json(match.snapshot))[0] == 1 - seat
    expect(page.locator("#board")).to_have_attribute("data-version", str(match.version))
    expect(page.locator(TARGETS).first).to_be_visible()
    assert any('class=\\"targets\\" data-href=' in str(frame) for frame in pushed_html)
    pushed = _drawn(page)

    def picked(response) -> bool:  # a pick's answer: the match page's address with picks
        return response.url.startswith(f"{daphne_server.url}/m/{match.pk}/?")

    # A pick among them, by keyboard; its answer's targets are short too, and focused.
    with page.expect_response(picked) as answer:
        _pick(page, TARGETS, keyboard=True)
    short_answers = ['class="targets" data-href=' in answer.value.text()]
    for _ in range(3):  # the figure's action, if asked, then where it goes
        if page.locator(TARGETS).count():
            break
        with page.expect_response(picked) as answer:
            _pick(page, "#hb-hand .hb-options a", keyboard=True)
        short_answers.append('class="targets" data-href=' in answer.value.text())
    assert short_answers[-1]
    expect(page.locator(TARGETS).first).to_be_focused()
    answered, half_made = _drawn(page), page.url
    _pick(page, TARGETS, keyboard=True)
    expect(page.locator("[data-testid=confirm-move]")).to_be_visible()

    # Whole pages (what a browser without JavaScript gets) draw and name them the same.
    whole = context.new_page()
    whole.goto(f"{daphne_server.url}/m/{match.pk}/")
    _same_targets(pushed, _drawn(whole))
    whole.goto(half_made)
    _same_targets(answered, _drawn(whole))
