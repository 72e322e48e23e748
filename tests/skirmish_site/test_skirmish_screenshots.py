"""Screenshots of a skirmish match page at 360 px and 1280 px (Playwright + Debian's Chromium,
served by daphne): the board fits the phone's width, a model's card shows on focus."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

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
        page.locator("#board .model[data-card]").first.focus()
        expect(page.locator("#board [data-testid=model-card] .card")).to_be_visible()
        page.locator(".board-stage").screenshot(path=str(artifact(f"skirmish-board-{width}.png")))
        page.screenshot(path=str(artifact(f"skirmish-page-{width}.png")), full_page=True)
        if width == 360:
            zoom_on_a_phone(page, width)


def zoom_on_a_phone(page, width: int) -> None:
    """The skirmish's large board leaves hexes of about 13 px on a phone. Zoomed in twice (a
    click, then the keyboard's "+"), the board doubles and scrolls inside its stage while the page
    never scrolls sideways; the level survives a reload and a redraw; "-" brings it back."""
    layer = page.locator("#board .hb-layer")
    fitted = layer.bounding_box()["width"]
    page.locator("[data-testid=zoom-in]").click()
    page.locator("body").press("+")
    expect(page.locator("[data-testid=zoom-level]")).to_have_text("Zoom 2×")
    assert layer.bounding_box()["width"] == pytest.approx(2 * fitted, abs=2)
    stage = page.locator(".board-stage")
    assert stage.evaluate("s => s.scrollWidth > s.clientWidth + 10")
    assert page.evaluate("document.documentElement.scrollWidth") <= width
    grid, layer_box = page.locator(".board-stage .hb-grid").bounding_box(), layer.bounding_box()
    assert grid == layer_box  # the still grid and the moving layer still lie on one another
    page.reload()
    expect(page.locator("[data-testid=zoom-level]")).to_have_text("Zoom 2×")
    assert layer.bounding_box()["width"] == pytest.approx(2 * fitted, abs=2)
    page.evaluate("htmx.ajax('GET', location.pathname, {target: '#board', swap: 'outerHTML'})")
    expect(page.locator("#board .hb-layer")).to_have_count(1)
    assert layer.bounding_box()["width"] == pytest.approx(2 * fitted, abs=2)
    page.locator("body").press("-")
    page.locator("[data-testid=zoom-out]").click()
    expect(page.locator("[data-testid=zoom-out]")).to_be_disabled()  # at the fitted size
    expect(page.locator("[data-testid=zoom-level]")).to_have_text("")
    assert layer.bounding_box()["width"] == pytest.approx(fitted, abs=1)
