"""A whole Infinity match in the browser: the test plays Corregidor through the UI only (the
initiative, deploying by clicking hexes, an order with its two skills, the end of its turn, any
decision the game asks), the computer plays the Japanese Sectorial Army from a real procrastinate
worker, over one game turn (the lobby's shortest game, to keep the test short)."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from games.matches import services
from games.matches.models import Match
from tests.browser_support import (
    artifact,
    make_verified_user,
    play_to_the_end,
    sign_in,
    visible,
)

PASSWORD = "hexsite-browser-1"
MAX_ACTIONS = 200


def _act(page, played: dict[str, int]) -> str:
    """One UI action of the human seat, from what the page offers: any decision, a move being
    built, the end of deployment, letting reactions pass; one order a turn, then its end."""
    board = page.locator("#board").element_handle()
    choice = None
    for name, selector in (
        ("decide", "[data-testid=decision-option-0]"),
        ("confirm", "[data-testid=confirm-move]"),
        ("deployed", "[data-testid=deploy-done]"),
        ("pass", "[data-testid=aro-done]"),
    ):
        if visible(page, selector):
            choice = name, selector
            break
    ending = visible(page, "[data-testid=end-turn]")
    if choice is None and ending and played["orders"] >= 1:
        choice = "end", "[data-testid=end-turn]"
    if choice is None and visible(page, "#board .targets a"):
        choice = "hex", "#board .targets a"
    if choice is None and ending:
        choice = "end", "[data-testid=end-turn]"
    if choice is None:
        artifact("infinity-stuck.html").write_text(page.content())
    assert choice is not None, "the page offers the player nothing to do"
    url = page.url
    page.locator(choice[1]).first.click()
    # Generous waits: the browser tests share two loaded cores with their servers.
    page.wait_for_function("board => !board.isConnected", arg=board, timeout=60_000)
    if choice[0] == "hex":
        page.wait_for_url(lambda now: now != url, timeout=60_000)
    if choice[0] == "end":
        played["orders"] = 0
    if choice[0] == "confirm" and ending is None and visible(page, "[data-testid=end-turn]"):
        played["orders"] += 1  # an order resolved: back to choosing the next one
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
    played = {"orders": 0}
    actions = play_to_the_end(
        page,
        match,
        bot_worker,
        lambda p: _act(p, played),
        moves={"decide", "confirm", "deployed", "pass", "end"},
        max_actions=MAX_ACTIONS,
    )
    match.refresh_from_db()
    assert match.status == Match.Status.FINISHED and match.outcome
    page.reload()
    expect(page.locator("#status")).to_have_attribute("data-match-status", "finished")
    assert actions.count("hex") >= 7 and "deployed" in actions and "end" in actions, actions
    assert services.match_replay_verify(match=match)
    page.screenshot(path=str(artifact("infinity-full-game-vs-bot.png")), full_page=True)
