"""Orders being written when the match changes (skirmish.md §11: both sides give their orders at
once), in Chromium (static/hexboard/board.js, data-keep-choices): the other side sending its
orders redraws this page's orders form, which keeps the targets already chosen instead of the
defaults; when the step ends without them (this player's orders were sent from elsewhere), they
are dropped and the page says so in words."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from games.engine import registry
from games.matches import services
from tests.browser_support import make_verified_user, post_move, sign_in
from tests.fixtures import play_random

PASSWORD = "hexsite-browser-1"

# The first target list of the form offering another enemy than the one selected (not "hold").
OTHER_TARGET = """() => {
  for (const select of document.querySelectorAll("[data-testid=orders-form] select")) {
    const other = [...select.options].find(o => !o.selected && o.value !== "");
    if (other) return [select.id, other.value];
  }
  return null;
}"""


@pytest.mark.browser
def test_targets_chosen_but_not_sent_survive_the_other_side_sending_its_orders(
    daphne_server, new_context
):
    red = make_verified_user("kept_red", PASSWORD)
    blue = make_verified_user("kept_blue", PASSWORD)
    system = registry.get_system("skirmish")
    match = services.match_create(
        system="skirmish",
        config={"scenario": "pitched_battle", "board": "small"},
        seat_users=[red, blue],
        seed="hidden-orders-twin",
    )

    def red_has_a_choice(state) -> bool:
        if state.phase != "aimed_fire" or any(state.submitted):
            return False
        focus = [m for m in system.legal_moves(state, 0) if m["orders"]]
        return len({m["orders"][0]["targets"][0] for m in focus}) >= 2

    match = play_random(match, [red, blue], 400, seed=11, until=red_has_a_choice)
    state = system.state_from_json(match.snapshot)
    assert red_has_a_choice(state)
    page = new_context(locale="en-US", viewport={"width": 360, "height": 780}).new_page()
    sign_in(page, daphne_server, "kept_red", PASSWORD)
    page.goto(f"{daphne_server.url}/m/{match.pk}/")
    expect(page.locator("body")).to_have_attribute("data-live", "1")
    field, target = page.evaluate(OTHER_TARGET)
    page.select_option(f"#{field}", target)

    # Blue sends its orders from its own browser: red's page is told and its form drawn again.
    blue_page = new_context(locale="en-US").new_page()
    sign_in(blue_page, daphne_server, "kept_blue", PASSWORD)
    post_move(blue_page, daphne_server, match, system.choose_default(state, 1))
    expect(page.locator("#status")).to_have_attribute("data-version", str(match.version))
    orders = page.locator("[data-testid=orders-form]")
    expect(orders.locator("[name=expected_version]")).to_have_value(str(match.version))
    expect(page.locator(f"#{field}")).to_have_value(target)  # the choice survived
    expect(page.locator("[data-testid=pick-reset]")).to_have_count(0)

    # Red's orders are sent from red's other device (the defaults): the step ends without the
    # choice written here, which is dropped with a sentence.
    device = new_context(locale="en-US").new_page()
    sign_in(device, daphne_server, "kept_red", PASSWORD)
    state = system.state_from_json(match.snapshot)
    post_move(device, daphne_server, match, system.choose_default(state, 0))
    expect(page.locator("#status")).to_have_attribute("data-version", str(match.version))
    expect(page.locator("[data-testid=pick-reset]")).to_have_text(
        "Your choice was reset: the position changed."
    )
    fits = "() => document.documentElement.scrollWidth <= window.innerWidth"
    assert page.evaluate(fits), "the page is wider than the phone"
