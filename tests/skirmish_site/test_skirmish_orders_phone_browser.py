"""A French newcomer's first fire orders on a 360 px phone: each target's list is a control
tapped with a thumb, 44 px high like every other (they were 40 px: .sk-order select)."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from games.engine import registry
from games.matches import services
from tests.browser_support import PHONE, fits_the_phone, make_verified_user, signed_in_page
from tests.fixtures import play_random

PASSWORD = "hexsite-sk-phone-1"

SHORT_CONTROLS = """() => [...document.querySelectorAll(
        '[data-testid=orders-form] :is(select, button, label.check)')]
    .filter(e => e.offsetParent !== null && e.getBoundingClientRect().height < 44)
    .map(e => e.outerHTML.slice(0, 80))"""


@pytest.mark.browser
def test_the_fire_orders_targets_are_44_px_high_on_a_phone(daphne_server, new_context):
    red = make_verified_user("skp_red", PASSWORD)
    blue = make_verified_user("skp_blue", PASSWORD)
    system = registry.get_system("skirmish")
    match = services.match_create(
        system="skirmish",
        config={"scenario": "radioactive_barrel", "board": "standard"},
        seat_users=[red, blue],
        seed="screenshots",  # the focus card's battle: red has targets in aimed fire
    )

    def both_aim(state) -> bool:
        return state.phase == "aimed_fire" and state.turn >= 2 and not any(state.submitted)

    match = play_random(match, [red, blue], 300, until=both_aim)
    assert both_aim(system.state_from_json(match.snapshot))
    page = signed_in_page(new_context, daphne_server, "skp_red", PASSWORD, viewport=PHONE)
    page.goto(f"{daphne_server.url}/m/{match.pk}/")
    expect(page.locator("[data-testid=orders-form] select").first).to_be_visible()
    assert page.evaluate(SHORT_CONTROLS) == []
    fits_the_phone(page)
