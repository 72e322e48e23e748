"""Orders the engine or the form refuses, in Chromium: the orders view answers 400 as the
platform's move endpoint does (it answered 200), and the page still shows the reason in its
flash (static/js/site.js swaps a 400 and a 409 instead of dropping them)."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from games.matches import services
from tests.browser_support import make_verified_user, sign_in
from tests.fixtures import play_random

PASSWORD = "hexsite-browser-1"


@pytest.mark.browser
def test_refused_orders_answer_400_and_the_page_says_why(daphne_server, new_context):
    red = make_verified_user("refused_red", PASSWORD)
    blue = make_verified_user("refused_blue", PASSWORD)
    match = services.match_create(
        system="skirmish",
        config={"scenario": "pitched_battle", "board": "small"},
        seat_users=[red, blue],
        seed="hidden-orders-twin",
    )

    def red_gives_orders(state) -> bool:
        return state.phase == "aimed_fire" and not any(state.submitted)

    match = play_random(match, [red, blue], 400, seed=11, until=red_gives_orders)
    version = match.version
    page = new_context(locale="en-US", viewport={"width": 360, "height": 780}).new_page()
    sign_in(page, daphne_server, "refused_red", PASSWORD)
    page.goto(f"{daphne_server.url}/m/{match.pk}/")
    expect(page.locator("body")).to_have_attribute("data-live", "1")
    form = page.locator("[data-testid=orders-form]")
    # A form the page never offers (as a forged or outdated one would be).
    form.locator("[name=kind]").evaluate("input => { input.value = 'shoot'; }")
    with page.expect_response(lambda r: "/orders/" in r.url) as answered:
        page.locator("[data-testid=send-orders]").click()
    assert answered.value.status == 400
    expect(page.locator("#flash")).to_contain_text("These orders could not be read.")
    match.refresh_from_db()
    assert match.version == version
