"""Screenshots of the paintball board at 360 px and 1280 px (Playwright + Debian's Chromium,
served by daphne so the page loads its stylesheet as a player's would), with a shooter picked:
its lines of sight and chances drawn, its moves shaded."""

from __future__ import annotations

import pytest

from games.engine import registry
from games.matches import services
from games.paintball_site.picking import pick_form
from tests.browser_support import artifact, make_verified_user, sign_in
from tests.fixtures import play_random as play

PASSWORD = "hexsite-browser-1"


def _shooter_picked(state) -> bool:
    system = registry.get_system("paintball")
    acting = system.to_act(state)
    if state.phase != "activation" or state.pending is not None or not acting:
        return False
    return any(m["type"] == "shoot" for m in system.legal_moves(state, acting[0]))


@pytest.mark.browser
def test_board_screenshots_at_phone_and_desktop_width(daphne_server, new_context):
    users = [make_verified_user(name, PASSWORD) for name in ("pb_shot_a", "pb_shot_b")]
    # A given seed: the same position on every run, so the shown one is reached every time.
    match = services.match_create(
        system="paintball",
        config={"scenario": "centre_flag", "experts": True, "grenades": True},
        seat_users=users,
        seed="screenshots",
    )
    match = play(match, users, 80, prefer=("move",), until=_shooter_picked)
    system = registry.get_system("paintball")
    state = system.state_from_json(match.snapshot)
    assert _shooter_picked(state), "no position with a shot to show"
    seat = system.to_act(state)[0]
    view = system.view(state, seat)
    shot = next(m for m in system.legal_moves(state, seat) if m["type"] == "shoot")
    form = pick_form(shot, view)
    query = f"?at={form['at'][0]},{form['at'][1]}&who={form['who']}"
    for width in (360, 1280):
        page = new_context(viewport={"width": width, "height": 900}).new_page()
        sign_in(page, daphne_server, users[seat].username, PASSWORD)
        page.goto(f"{daphne_server.url}/m/{match.pk}/{query}")
        grid = page.locator(".board-stage .hb-grid").bounding_box()
        layer = page.locator("#board .hb-layer").bounding_box()
        assert grid is not None and grid == layer  # the moving layer lies exactly on the grid
        assert grid["width"] <= width
        assert page.evaluate("document.documentElement.scrollWidth") <= width
        # The picked shooter's lines of sight, each with its roll and chance.
        assert page.locator("#board line.los").count() >= 1
        assert "%" in page.locator("#board .badge-text").first.text_content()
        page.locator(".board-stage").screenshot(path=str(artifact(f"paintball-board-{width}.png")))
        page.screenshot(path=str(artifact(f"paintball-page-{width}.png")), full_page=True)
    # The shot is fired: the step viewer shows that activation action by action.
    services.match_submit_move(
        match_id=match.pk, user=users[seat], move_data=shot, expected_version=match.version
    )
    for width in (360, 1280):
        page = new_context(viewport={"width": width, "height": 900}).new_page()
        sign_in(page, daphne_server, users[seat].username, PASSWORD)
        page.goto(f"{daphne_server.url}/m/{match.pk}/steps/?step=1")
        assert page.locator("[data-testid=battle-step] .hb-grid").count() == 1
        assert page.locator("[data-testid=battle-step] line.los.shot").count() == 1
        assert page.evaluate("document.documentElement.scrollWidth") <= width
        page.screenshot(path=str(artifact(f"paintball-steps-{width}.png")), full_page=True)
        # The rules page: its boards are drawn by the same renderer.
        page.goto(f"{daphne_server.url}/paintball/rules/")
        assert page.locator(".pb-diagram .hb-grid").count() == 5
        assert page.evaluate("document.documentElement.scrollWidth") <= width
        page.screenshot(path=str(artifact(f"paintball-rules-{width}.png")), full_page=True)
