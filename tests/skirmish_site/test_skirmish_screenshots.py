"""Screenshots of a skirmish match page at 360 px and 1280 px (Playwright + Debian's Chromium,
served by daphne): the board fits the phone's width, a model's card shows on focus."""

from __future__ import annotations

import pytest

from games.engine import registry
from games.matches import services
from tests.browser_support import artifact, make_verified_user, sign_in
from tests.fixtures import play_random as play

PASSWORD = "hexsite-browser-1"


@pytest.mark.browser
def test_board_screenshots_at_phone_and_desktop_width(daphne_server, new_context):
    users = [make_verified_user(name, PASSWORD) for name in ("sk_shot_a", "sk_shot_b")]
    # A given seed: the same position on every run, so the shown one is reached every time.
    match = services.match_create(
        system="skirmish",
        config={"scenario": "radioactive_barrel", "board": "standard"},
        seat_users=users,
        seed="screenshots",
    )
    system = registry.get_system("skirmish")
    match = play(match, users, 200, until=lambda s: s.phase == "aimed_fire" and s.turn >= 2)
    state = system.state_from_json(match.snapshot)
    assert state.phase == "aimed_fire", state.phase
    seat = system.to_act(state)[0]
    for width in (360, 1280):
        page = new_context(viewport={"width": width, "height": 900}).new_page()
        sign_in(page, daphne_server, users[seat].username, PASSWORD)
        page.goto(f"{daphne_server.url}/m/{match.pk}/")
        grid = page.locator(".board-stage .hb-grid").bounding_box()
        layer = page.locator("#board .hb-layer").bounding_box()
        assert grid is not None and grid == layer
        wide = page.evaluate(
            "[...document.querySelectorAll('body *')].filter(e => !e.closest('svg') &&"
            " e.getBoundingClientRect().right > document.documentElement.clientWidth + 1)"
            ".map(e => [e.tagName, String(e.className), Math.round(e.getBoundingClientRect().right),"
            " Math.round(e.scrollWidth)])"
        )
        assert page.evaluate("document.documentElement.scrollWidth") <= width, str(wide)
        assert page.locator("[data-testid=orders-form]").is_visible()
        focus = page.locator("#board .model-focus").first
        focus.focus()
        assert focus.locator(".reveal").is_visible()
        page.locator(".board-stage").screenshot(path=str(artifact(f"skirmish-board-{width}.png")))
        page.screenshot(path=str(artifact(f"skirmish-page-{width}.png")), full_page=True)
