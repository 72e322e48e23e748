"""Screenshots of an Infinity match at 360 px and 1280 px (Playwright + Debian's Chromium, served
by daphne so the page loads its stylesheet as a player's would): a trooper picked for an order
with its movement range, a reacting trooper picked with its lines of fire and their odds, the
order-by-order step viewer, the rules page and the army builder; nothing wider than the
screen."""

from __future__ import annotations

import pytest

from games.hexboard.keys import hex_key
from games.matches import services
from tests.browser_support import artifact, make_verified_user, sign_in
from tests.fixtures import play_random as play
from tests.infinity_site.conftest import acting, reaction_window

PASSWORD = "hexsite-browser-1"


def _fits(page, width: int) -> None:
    wide = page.evaluate(
        "[...document.querySelectorAll('body *')].filter(e => !e.closest('svg') &&"
        " e.getBoundingClientRect().right > document.documentElement.clientWidth + 1)"
        ".map(e => [e.tagName, String(e.className)])"
    )
    assert page.evaluate("document.documentElement.scrollWidth") <= width, str(wide)


@pytest.mark.browser
def test_match_screenshots_at_phone_and_desktop_width(daphne_server, new_context):
    users = [make_verified_user(name, PASSWORD) for name in ("inf_shot_a", "inf_shot_b")]
    # A given seed: the same position on every run, so the shown one is reached every time.
    ordering = services.match_create(
        system="infinity", config={}, seat_users=users, seed="screenshots"
    )
    ordering = play(
        ordering,
        users,
        80,
        until=lambda s: s.turn.pending is not None and s.turn.pending.kind == "order",
    )
    _, state, seat = acting(ordering)
    assert state.turn.pending.kind == "order"
    trooper = next(t for t in state.army(seat) if t.normal)
    reacting = reaction_window(
        services.match_create(system="infinity", config={}, seat_users=users)
    )
    for width in (360, 1280):
        page = new_context(viewport={"width": width, "height": 900}).new_page()
        sign_in(page, daphne_server, users[seat].username, PASSWORD)
        page.goto(f"{daphne_server.url}/m/{ordering.pk}/?spot={hex_key(trooper.hex)}")
        grid = page.locator(".board-stage .hb-grid").bounding_box()
        layer = page.locator("#board .hb-layer").bounding_box()
        assert grid is not None and grid == layer and grid["width"] <= width
        assert page.locator("#board .reach").count() >= 1  # the picked trooper's range
        assert page.locator("[data-testid=confirm-move]").is_visible()
        _fits(page, width)
        page.locator(".board-stage").screenshot(path=str(artifact(f"infinity-board-{width}.png")))
        page.screenshot(path=str(artifact(f"infinity-order-{width}.png")), full_page=True)

        page = new_context(viewport={"width": width, "height": 900}).new_page()
        sign_in(page, daphne_server, users[1].username, PASSWORD)
        page.goto(f"{daphne_server.url}/m/{reacting.pk}/?spot=5,4")  # the Keisotsu k1
        assert page.locator("[data-testid=aro-done]").is_visible()
        assert "%" in page.locator("#board text.odds").first.text_content()
        _fits(page, width)
        page.screenshot(path=str(artifact(f"infinity-reaction-{width}.png")), full_page=True)

        page.goto(f"{daphne_server.url}/infinity/rules/")
        assert page.locator("[data-testid=infinity-rules]").is_visible()
        _fits(page, width)
        page.screenshot(path=str(artifact(f"infinity-rules-{width}.png")), full_page=True)
        page.goto(f"{daphne_server.url}/armies/new/infinity/")
        assert page.locator("[data-testid=unit-0-profile]").is_visible()
        assert "145" in page.locator("[data-testid=army-total]").text_content()
        _fits(page, width)
        page.screenshot(path=str(artifact(f"infinity-army-{width}.png")), full_page=True)
    # A few orders later: the step viewer shows each order skill by skill.
    before = ordering.version
    ordering = play(ordering, users, 12, seed=5)
    assert ordering.version > before
    for width in (360, 1280):
        page = new_context(viewport={"width": width, "height": 900}).new_page()
        sign_in(page, daphne_server, users[0].username, PASSWORD)
        page.goto(f"{daphne_server.url}/m/{ordering.pk}/steps/")
        assert page.locator("[data-testid=battle-step] .hb-grid").count() == 1
        _fits(page, width)
        page.screenshot(path=str(artifact(f"infinity-steps-{width}.png")), full_page=True)
