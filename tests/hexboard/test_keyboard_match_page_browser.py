"""The match page of every game system with the keyboard, as a player who cannot use a mouse
meets it: the first Tab reaches « Aller au contenu », which leads into the page; a few Tabs
later they are in the status (whose turn, what to do), not after hundreds of hexes; the jump
links reach the board; at 1000 px the board still sits on the left with the status on its right.
Then a whole move with the keyboard (a legal hex, Confirm): after the redraw the focus is on a
control of the match, never lost to the page, and the page's polite announcer (kept through
the redraw) says what the status now says; the other player's too, after the move reached their
page on its socket."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from games.engine import registry
from games.matches import services
from tests.browser_support import make_verified_user, post_move, sign_in
from tests.fixtures import MATCH_CONFIGS

PASSWORD = "hexsite-keyboard-1"
FEW_TABS = 8  # the jump links, then the status's first links

FOCUS_IN = "selector => !!(document.activeElement && document.activeElement.closest(selector))"


def _tab_until(page, selector: str, most: int) -> list[str]:
    """Presses Tab until the focus is inside `selector`; what each Tab reached (the focused
    element's tag and the nearest id, "on the board" for the board's), failing after `most`."""
    reached = []
    for _ in range(most):
        page.keyboard.press("Tab")
        reached.append(
            page.evaluate(
                """() => { const e = document.activeElement;
                    if (e.closest('.board-stage')) return e.tagName + ' on the board';
                    const near = e.closest('[id]');
                    return e.tagName + ' in #' + (near ? near.id : '-'); }"""
            )
        )
        if page.evaluate(FOCUS_IN, selector):
            return reached
    raise AssertionError(f"{selector} not reached in {most} Tabs: {reached}")


@pytest.mark.browser
def test_every_match_page_is_quick_with_the_keyboard(daphne_server, new_context):
    anna = make_verified_user("clavier_anna", PASSWORD)
    bruno = make_verified_user("clavier_bruno", PASSWORD)
    matches = {
        system: services.match_create(
            system=system, config=config, seat_users=[anna, bruno], seed=f"keys-{system}"
        )
        for system, config in MATCH_CONFIGS.items()
    }
    page = new_context(locale="fr-FR").new_page()
    sign_in(page, daphne_server, "clavier_anna", PASSWORD)

    for system, match in matches.items():
        page.goto(f"{daphne_server.url}/m/{match.pk}/")
        page.wait_for_load_state("load")
        # The first Tab: the skip link, seen on the screen; it leads into the page's content.
        page.keyboard.press("Tab")
        skip = page.locator("a.skip")
        expect(skip).to_be_focused()
        expect(skip).to_have_text("Aller au contenu")
        assert skip.bounding_box()["x"] >= 0, system
        page.keyboard.press("Enter")
        expect(page.locator("#main")).to_be_focused()
        # Then the jump links, seen when focused, and the status within a few Tabs: never a hex.
        page.keyboard.press("Tab")
        jump = page.locator("[data-testid=jump-board]")
        expect(jump).to_be_focused()
        expect(jump).to_have_text("Aller au plateau")
        assert jump.bounding_box()["x"] >= 0, system
        reached = _tab_until(page, "#status, #hand", FEW_TABS)
        assert not any("on the board" in step for step in reached), (system, reached)
        # The jump to the board lands on it; the next Tab is on its tools or its legal hexes
        # (a board may have neither, e.g. while a choice is made in the hand).
        jump.focus()
        page.keyboard.press("Enter")
        expect(page.locator("#board-title")).to_be_focused()
        if page.locator(".board-stage :is(a, button:enabled):visible").count():
            _tab_until(page, ".board-stage", 1)
        page.locator("[data-testid=jump-log]").focus()
        page.keyboard.press("Enter")
        expect(page.locator("#log-title")).to_be_focused()
        # At 1000 px the layout is the two columns it was: board left, status right, the hand
        # under the board, the history under the status.
        board = page.locator(".board-stage").bounding_box()
        status = page.locator("#status").bounding_box()
        assert board["x"] + board["width"] <= status["x"], system
        assert page.locator("#log").bounding_box()["y"] > status["y"], system
        if page.locator("#hb-hand").count():
            assert page.locator("#hb-hand").bounding_box()["y"] > board["y"], system

    # A move with the keyboard: Neuroshima's first HQ, anna's to place.
    match = matches["neuroshima"]
    system = registry.get_system("neuroshima")
    assert system.to_act(system.state_from_json(match.snapshot)) == (0,)
    page.goto(f"{daphne_server.url}/m/{match.pk}/")
    page.wait_for_function("() => document.body.dataset.live === '1'")
    news = page.locator("#match-news")
    announcer = news.element_handle()
    expect(news).to_have_text("")  # the page itself is read; nothing is announced on arrival
    page.locator("[data-testid=jump-board]").focus()
    page.keyboard.press("Enter")
    _tab_until(page, "#board .targets", 6)
    page.keyboard.press("Enter")  # the hex: the board is redrawn, the focus goes to Confirm
    expect(page.locator("[data-testid=confirm-move]")).to_be_focused()
    version = page.locator("#status").get_attribute("data-version")
    page.keyboard.press("Enter")
    expect(page.locator("#status")).not_to_have_attribute("data-version", version)
    page.wait_for_function(
        "() => document.activeElement && document.activeElement !== document.body"
        " && !!document.activeElement.closest('#match')"
    )
    # The announcer, the same element as before the redraw, says the new turn line.
    assert announcer.evaluate("e => e.isConnected")
    turn_line = page.locator("[data-testid=turn-line]").inner_text()
    expect(news).to_contain_text(turn_line.split(".")[0])
    expect(news).not_to_contain_text("Plateau")


@pytest.mark.browser
def test_the_other_player_s_announcer_says_a_pushed_move(daphne_server, new_context):
    """Bruno's page hears of Anna's move on its socket (the partials drawn for him, no refetch):
    his announcer, kept through the swap, then says what his status says, once."""
    anna = make_verified_user("annonce_anna", PASSWORD)
    bruno = make_verified_user("annonce_bruno", PASSWORD)
    match = services.match_create(
        system="neuroshima",
        config=MATCH_CONFIGS["neuroshima"],
        seat_users=[anna, bruno],
        seed="annonce",
    )
    system = registry.get_system("neuroshima")
    state = system.state_from_json(match.snapshot)
    assert system.to_act(state) == (0,)
    move = system.legal_moves(state, 0)[0]

    page = new_context(locale="fr-FR").new_page()
    sign_in(page, daphne_server, "annonce_bruno", PASSWORD)
    page.goto(f"{daphne_server.url}/m/{match.pk}/")
    page.wait_for_function("() => document.body.dataset.live === '1'")
    news = page.locator("#match-news")
    announcer = news.element_handle()
    expect(news).to_have_text("")
    refetches = []
    page.on("request", lambda r: refetches.append(r.url) if "/live" in r.url else None)
    version = page.locator("#status").get_attribute("data-version")

    device = new_context(locale="fr-FR").new_page()
    sign_in(device, daphne_server, "annonce_anna", PASSWORD)
    post_move(device, daphne_server, match, move)

    expect(page.locator("#status")).not_to_have_attribute("data-version", version)
    turn_line = page.locator("[data-testid=turn-line]").inner_text()
    assert turn_line
    expect(news).to_contain_text(turn_line.split(".")[0])
    assert announcer.evaluate("e => e.isConnected")  # the same region, never swapped
    assert refetches == []  # pushed, not fetched
