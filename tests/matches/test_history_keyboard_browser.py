"""The match page's history scrolls inside its own frame (20rem): with a long history and no
folded battle in it, a keyboard could not scroll it, nothing in it taking the focus (axe-core:
« Scrollable region must have keyboard access », met on a phone after a player's two days
away). It is a focus stop of its own, named by its heading, and the arrow keys scroll it."""

from __future__ import annotations

import pytest
from axe_playwright_python.sync_playwright import Axe

from games.matches import services
from tests.browser_support import match_on_a_phone, two_players
from tests.fixtures import MATCH_CONFIGS, play_random

PASSWORD = "hexsite-history-keys-1"


@pytest.mark.browser
def test_a_long_history_is_scrolled_with_the_keyboard(daphne_server, new_context):
    anna, bruno = two_players("hist", PASSWORD)
    match = services.match_create(
        system="neuroshima",
        config=MATCH_CONFIGS["neuroshima"],
        seat_users=[anna, bruno],
        seed="history-keys",
    )
    play_random(match, [anna, bruno], moves=7, seed=1)
    page = match_on_a_phone(
        new_context, daphne_server, match, "hist_anna", PASSWORD, locale="fr-FR"
    )
    log = page.locator("#log-lines")
    assert page.evaluate("e => e.scrollHeight > e.clientHeight", log.element_handle())
    found = Axe().run(page, options={"runOnly": ["scrollable-region-focusable"]})
    assert found.response["violations"] == [], found.response["violations"]
    page.locator("[data-testid=jump-log]").focus()
    page.keyboard.press("Enter")
    page.keyboard.press("Tab")
    assert page.evaluate("() => document.activeElement.id") == "log-lines"
    page.keyboard.press("PageDown")
    page.wait_for_function("() => document.getElementById('log-lines').scrollTop > 0")
