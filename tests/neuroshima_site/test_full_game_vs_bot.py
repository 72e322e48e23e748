"""A whole Neuroshima Hex match in the browser: the test plays one seat through the UI only, a
computer plays the other from a real procrastinate worker running in a background thread (as
`manage.py procrastinate worker` would, never inside a web request), to the final battle."""

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
MAX_ACTIONS = 600  # a game takes ~150 UI actions; this only stops a runaway loop


def _act(page, tried: set[str]) -> str:
    """One UI action of the human seat, chosen from what the page offers. Returns its name."""
    board = page.locator("#board").element_handle()
    choice = None
    for name, selector in (
        ("decide", "[data-testid=decision-option-0]"),
        ("confirm", "[data-testid=confirm-move]"),
    ):
        if visible(page, selector):
            choice = name, selector
            break
    if choice is None and visible(page, "[data-testid=cancel-selection]"):
        choice = "hex", "#board .targets a"
    if choice is None:
        for tile in page.locator("#hb-hand a[data-testid^=hand-tile-]").all():
            testid = tile.get_attribute("data-testid")
            if testid not in tried:
                tried.add(testid)
                choice = "pick", f"#hb-hand a[data-testid={testid}]"
                break
    # Discards are offered whenever allowed: only once nothing can be placed (the turn's
    # compulsory discard comes before any placement, so then no tile is pickable).
    if choice is None and visible(page, "[data-testid^=discard-]"):
        choice = "discard", "[data-testid^=discard-]"
    if choice is None and visible(page, "[data-testid=end-turn]"):
        choice = "end", "[data-testid=end-turn]"
    if choice is None and visible(page, "#board .targets a"):
        choice = "hex", "#board .targets a"  # a board-only move, such as placing the HQ
    assert choice is not None, "the page offers the player nothing to do"
    url = page.url
    page.locator(choice[1]).first.click()
    # Every action replaces the board (htmx swap or a new page): wait for the old one to go.
    page.wait_for_function("board => !board.isConnected", arg=board)
    if choice[0] in ("pick", "hex"):
        # ...and a pick is in the address (a live refetch may also have replaced the board).
        page.wait_for_url(lambda now: now != url)
    return choice[0]


@pytest.mark.browser
def test_a_whole_match_against_the_computer_in_the_browser(daphne_server, new_context, bot_worker):
    human = make_verified_user("nh_player", PASSWORD)
    match = services.match_create(
        system="neuroshima",
        config={"armies": ["moloch", "hegemonia"]},
        seat_users=[human, None],
        bot_levels={1: 1},
    )
    page = new_context(locale="en-US").new_page()
    sign_in(page, daphne_server, "nh_player", PASSWORD)
    page.goto(f"{daphne_server.url}/m/{match.pk}/")
    status = page.locator("#status")
    tried: set[str] = set()
    actions = play_to_the_end(
        page,
        match,
        bot_worker,
        lambda page: _act(page, tried),
        moves=("confirm", "discard", "end", "decide"),
        max_actions=MAX_ACTIONS,
        fresh=tried.clear,
    )

    match.refresh_from_db()
    assert match.status == Match.Status.FINISHED and match.outcome
    page.reload()
    expect(status).to_have_attribute("data-match-status", "finished")
    expect(status.locator("[data-testid=ending]")).to_be_visible()
    # Tiles were picked from the hand after htmx swaps too (the hand survives the swap).
    assert actions.count("pick") >= 5 and actions.count("confirm") >= 5, actions
    assert "end" in actions and "discard" in actions
    print(f"{len(actions)} UI actions, {actions.count('confirm')} moves confirmed")
    # The whole game went through the services: replaying the record gives the same position.
    assert services.match_replay_verify(match=match)
    page.screenshot(path=str(artifact("neuroshima-full-game-vs-bot.png")), full_page=True)
