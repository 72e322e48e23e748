"""A whole Hexpanse game in the browser: the test plays one seat through the UI only (choosing a
faction, placing units by picking a kind then a hex then confirming, ending actions and turns,
answering decisions), the computer plays the other from a real procrastinate worker, to the
end."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from games.matches import services
from games.matches.models import Match
from tests.browser_support import (
    artifact,
    humans_turn_or_over,
    make_verified_user,
    sign_in,
    visible,
)

PASSWORD = "hexsite-browser-1"
MAX_ACTIONS = 400

ORDER = (
    ("decide", "#hb-hand .hx-menu [data-testid^=kind-choose_faction-]"),
    ("decide", "#hb-hand [data-testid=kind-resolve-skip]"),
    ("decide", "#hb-hand [data-testid=kind-protect-none]"),
    ("confirm", "[data-testid=confirm-move]"),
    ("hex", "#board .targets a"),
    ("option", "#hb-hand .hb-options a"),
    ("pick", "#hb-hand a[data-testid=kind-place-normal]"),
    ("pick", "#hb-hand a[data-testid=kind-resolve]"),
    ("end", "#hb-hand [data-testid=kind-end_actions]"),
    ("end", "#hb-hand [data-testid=kind-end_turn]"),
    # A refetch told by the websocket can land after a pick and redraw the board without its
    # targets (a race of hexboard's picks): start the pick again, as a player would.
    ("cancel", "#hb-hand [data-testid=cancel-selection]"),
)


def _act(page) -> str:
    board = page.locator("#board").element_handle()
    for name, selector in ORDER:
        if visible(page, selector):
            url = page.url
            page.locator(selector).first.click()
            page.wait_for_function("board => !board.isConnected", arg=board)
            if name in ("pick", "hex", "option", "cancel"):
                page.wait_for_url(lambda now, before=url: now != before)
            # A move also makes the page refetch itself (the websocket's "match changed"):
            # let that answer land before the next pick, or it could replace the board after.
            page.wait_for_load_state("networkidle")
            return name
    page.screenshot(path=str(artifact("hexpanse-stuck.png")), full_page=True)
    artifact("hexpanse-stuck.html").write_text(page.url + "\n" + page.content())
    raise AssertionError("the page offers the player nothing to do")


@pytest.mark.browser
def test_a_whole_game_against_the_computer_in_the_browser(daphne_server, new_context, bot_worker):
    human = make_verified_user("hx_player", PASSWORD)
    match = services.match_create(
        system="hexpanse",
        config={"mode": "marin", "first_player": 0},
        seat_users=[human, None],
        bot_levels={1: 1},
    )
    # A phone 360 px wide: the whole game must be playable there.
    page = new_context(locale="en-US", viewport={"width": 360, "height": 800}).new_page()
    sign_in(page, daphne_server, "hx_player", PASSWORD)
    page.goto(f"{daphne_server.url}/m/{match.pk}/")
    page.evaluate("window.hxSamePage = true")
    status = page.locator("#status")
    # On the phone the planet comes right after what to do, before the long cards, market and
    # motherships.
    top = {
        part: page.locator(selector).bounding_box()["y"]
        for part, selector in (
            ("prompt", "[data-testid=step-prompt]"),
            ("planet", "#board"),
            ("motherships", ".hx-ships"),
        )
    }
    assert top["prompt"] < top["planet"] < top["motherships"], top
    actions: list[str] = []
    for _ in range(MAX_ACTIONS):
        bot_worker.wait_for(humans_turn_or_over(match.pk))
        match.refresh_from_db()
        if match.status != Match.Status.ACTIVE:
            break
        if status.get_attribute("data-version") != str(match.version):
            page.reload()  # the bot moved in the worker: as the websocket refetch would
            expect(status).to_have_attribute("data-version", str(match.version))
            page.evaluate("window.hxSamePage = true")
        if len(actions) == 6:
            page.screenshot(path=str(artifact("hexpanse-mid-game.png")), full_page=True)
        before = match.version
        action = _act(page)
        actions.append(action)
        if action in ("confirm", "end", "decide"):
            expect(status).not_to_have_attribute("data-version", str(before))
            assert page.evaluate("window.hxSamePage === true"), action
    else:
        pytest.fail(f"the game did not end in {MAX_ACTIONS} actions")
    match.refresh_from_db()
    assert match.status == Match.Status.FINISHED and match.outcome
    page.reload()
    expect(status).to_have_attribute("data-match-status", "finished")
    assert actions.count("confirm") >= 3 and "end" in actions and "hex" in actions, actions
    assert services.match_replay_verify(match=match)
    page.screenshot(path=str(artifact("hexpanse-full-game-vs-bot.png")), full_page=True)
