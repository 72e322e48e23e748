"""Screenshots of the match page's board at 360 px and 1280 px (Playwright + Debian's Chromium,
served by daphne so the page loads its stylesheet and the tile sprite as a player's would)."""

from __future__ import annotations

import pytest

from games.engine import registry
from games.matches import services
from tests.browser_support import artifact, make_verified_user, sign_in
from tests.fixtures import play_random as play

PASSWORD = "hexsite-browser-1"


@pytest.mark.browser
def test_board_screenshots_at_phone_and_desktop_width(daphne_server, new_context):
    users = [make_verified_user(name, PASSWORD) for name in ("nh_shot_a", "nh_shot_b")]
    # A given seed: the tiles each player draws, hence the position reached, are the same on
    # every run (a random one sometimes filled the board before a tile could be placed).
    match = services.match_create(
        system="neuroshima",
        config={"armies": ["moloch", "hegemonia"], "board": "king_of_the_hill"},
        seat_users=users,
        seed="screenshots",
    )
    system = registry.get_system("neuroshima")

    def placing(state) -> list:
        return [
            m
            for m in system.legal_moves(state, system.to_act(state)[0])
            if m["type"] == "PlaceTile"
        ]

    # A board with tiles on it, where the seat to act can place one: the preview shows.
    match = play(
        match,
        users,
        60,
        prefer=("PlaceTile",),
        until=lambda state: len(state.position.tiles) >= 8 and bool(placing(state)),
    )
    state = system.state_from_json(match.snapshot)
    seat = system.to_act(state)[0]
    place = placing(state)[0]
    query = f"?tile={place['tile_index']}&hex={place['hex'][0]},{place['hex'][1]}"
    for width in (360, 1280):
        page = new_context(viewport={"width": width, "height": 900}).new_page()
        sign_in(page, daphne_server, users[seat].username, PASSWORD)
        page.goto(f"{daphne_server.url}/m/{match.pk}/{query}")
        page.wait_for_load_state("networkidle")  # the sprite: one cached file for every tile
        grid = page.locator(".board-stage .hb-grid").bounding_box()
        layer = page.locator("#board .hb-layer").bounding_box()
        assert grid is not None and grid == layer  # the moving layer lies exactly on the grid
        assert grid["width"] <= width
        assert page.evaluate("document.documentElement.scrollWidth") <= width
        # Every tile's <use> found its symbol in the sprite (an unresolved one has no box).
        sizes = page.evaluate(
            "[...document.querySelectorAll('#board use.tile')].map(u => u.getBBox().width)"
        )
        assert sizes and all(size > 80 for size in sizes), sizes
        assert page.locator("#board use.tile.preview").count() == 1  # the tile being placed
        page.locator(".board-stage").screenshot(path=str(artifact(f"neuroshima-board-{width}.png")))
        page.screenshot(path=str(artifact(f"neuroshima-page-{width}.png")), full_page=True)
