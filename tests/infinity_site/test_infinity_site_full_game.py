"""A whole Infinity match in the browser: the test plays Corregidor through the UI only (the
initiative, deploying by clicking hexes, an order with its two skills, the end of its turn, any
decision the game asks), the computer plays the Japanese Sectorial Army from a real procrastinate
worker, over one game turn (the lobby's shortest game, to keep the test short)."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from games.matches import services
from games.matches.models import Match
from tests.browser_support import artifact, make_verified_user, sign_in
from tests.neuroshima_site.test_full_game_vs_bot import _humans_turn_or_over, _visible

PASSWORD = "hexsite-browser-1"
MAX_ACTIONS = 200


def _act(page, orders_given: int, retry: bool = True) -> str:
    """One UI action of the human seat, from what the page offers."""
    board = page.locator("#board").element_handle()
    choice = None
    for name, selector in (
        ("decide", "[data-testid=decision-option-0]"),
        ("confirm", "[data-testid=confirm-move]"),
        ("deployed", "[data-testid=deploy-done]"),
        ("pass", "[data-testid=aro-done]"),
    ):
        if _visible(page, selector):
            choice = name, selector
            break
    ending = _visible(page, "[data-testid=end-turn]")
    if choice is None and ending and orders_given >= 1:
        choice = "end", "[data-testid=end-turn]"
    if choice is None and _visible(page, "#board .targets a"):
        choice = "hex", "#board .targets a"
    if choice is None and ending:
        choice = "end", "[data-testid=end-turn]"
    if choice is None and retry:
        page.reload()  # a loaded machine may show a page a step behind: look again once
        return _act(page, orders_given, retry=False)
    if choice is None:
        artifact("infinity-stuck.html").write_text(page.content())
    assert choice is not None, "the page offers the player nothing to do"
    url = page.url
    page.locator(choice[1]).first.click()
    # Generous waits: the browser tests share two loaded cores with their servers.
    page.wait_for_function("board => !board.isConnected", arg=board, timeout=60_000)
    if choice[0] == "hex":
        page.wait_for_url(lambda now: now != url, timeout=60_000)
    return choice[0]


@pytest.mark.browser
def test_a_whole_match_against_the_computer_in_the_browser(daphne_server, new_context, bot_worker):
    human = make_verified_user("inf_player", PASSWORD)
    match = services.match_create(
        system="infinity",
        config={"max_game_turns": 1, "reactions": "auto"},
        seat_users=[human, None],
        bot_levels={1: 1},
    )
    page = new_context(locale="en-US").new_page()
    sign_in(page, daphne_server, "inf_player", PASSWORD)
    page.goto(f"{daphne_server.url}/m/{match.pk}/")
    status = page.locator("#status")

    actions: list[str] = []
    orders_given = 0
    for _ in range(MAX_ACTIONS):
        bot_worker.wait_for(_humans_turn_or_over(match.pk), timeout=120)
        match.refresh_from_db()
        if match.status != Match.Status.ACTIVE:
            break
        if status.get_attribute("data-version") != str(match.version):
            page.reload()
            expect(status).to_have_attribute("data-version", str(match.version))
        expect(
            page.locator("[data-testid=step-prompt], [data-testid=decision-prompt]").first
        ).to_be_visible()
        before = match.version
        action = _act(page, orders_given)
        actions.append(action)
        if action == "end":
            orders_given = 0
        if action not in ("hex",):
            expect(status).not_to_have_attribute("data-version", str(before))
            match.refresh_from_db()
            if match.snapshot["turn"]["current_order"] is not None and action == "confirm":
                orders_given += 1  # an order was given: the next time, end the turn
    else:
        pytest.fail(f"the match did not end in {MAX_ACTIONS} actions: {actions[-20:]}")

    match.refresh_from_db()
    assert match.status == Match.Status.FINISHED and match.outcome
    page.reload()
    expect(status).to_have_attribute("data-match-status", "finished")
    assert actions.count("hex") >= 7 and "deployed" in actions and "end" in actions, actions
    assert services.match_replay_verify(match=match)
    page.screenshot(path=str(artifact("infinity-full-game-vs-bot.png")), full_page=True)
