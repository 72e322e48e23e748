"""Screenshots of the board at 360 px and 1280 px (Playwright + Debian's Chromium).

The page is rendered by Django's test client and loaded with its stylesheet; no server needed.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from games.engine import registry
from tests.browser_support import CHROMIUM_ARGS
from tests.neuroshima_site.conftest import play

ARTIFACTS = Path(__file__).resolve().parents[2] / "test-artifacts"
CSS = Path(__file__).resolve().parents[2] / "static" / "neuroshima" / "neuroshima.css"


@pytest.mark.browser
@pytest.mark.django_db
def test_board_screenshots_at_phone_and_desktop_width(client, players, new_match):
    from playwright.sync_api import sync_playwright

    match = play(new_match(board="king_of_the_hill"), players, 30, prefer=("PlaceTile",))
    system = registry.get_system("neuroshima")
    place = None
    for _ in range(12):  # stop where the seat to act can place a tile: the preview shows
        state = system.state_from_json(match.snapshot)
        seat = system.to_act(state)[0]
        legal = system.legal_moves(state, seat)
        place = next((m for m in legal if m["type"] == "PlaceTile"), None)
        if place:
            break
        match = play(match, players, 1)
    query = ""
    if place:
        query = f"?tile={place['tile_index']}&hex={place['hex'][0]},{place['hex'][1]}"
    client.force_login(players[seat])
    html = client.get(f"/neuroshima/m/{match.pk}/board/{query}").content.decode()
    ARTIFACTS.mkdir(exist_ok=True)
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path="/usr/bin/chromium", args=CHROMIUM_ARGS)
        try:
            for width in (360, 1280):
                page = browser.new_page(viewport={"width": width, "height": 900})
                page.set_content(f"<!doctype html><html><body>{html}</body></html>")
                page.add_style_tag(path=str(CSS))
                page.locator('[data-testid="nh-board"] svg').wait_for()
                out = ARTIFACTS / f"neuroshima-board-{width}.png"
                page.screenshot(path=str(out), full_page=True)
                box = page.locator('[data-testid="nh-board"] svg').bounding_box()
                assert box is not None and box["width"] <= width
                assert out.stat().st_size > 5000
                page.close()
        finally:
            browser.close()
