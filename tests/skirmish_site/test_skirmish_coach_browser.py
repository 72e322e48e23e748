"""The skirmish coach's box in Chromium on a 360 px phone: at its fullest (an aimed-fire step of
the last turns) it stays short, scrolls nothing sideways, reads in both themes, its link opens
the rules page at the step's own section, and its button is reached with the keyboard."""

from __future__ import annotations

import random

import pytest
from playwright.sync_api import expect

from games.engine import registry
from games.matches import services
from games.skirmish_site.coach import MAX_TIPS
from tests.browser_support import (
    PHONE,
    artifact,
    coach_on_a_phone,
    make_verified_user,
    unreadable_texts,
)

PASSWORD = "hexsite-skirmish-coach-1"


def _late_aimed_fire(red, blue):
    """A battle played to an aimed-fire step of the last turns where red must decide: nobody
    moves and everybody holds fire (so both armies are whole and in range), deployment and
    the other choices at random."""
    system = registry.get_system("skirmish")
    match = services.match_create(
        system="skirmish",
        config={"scenario": "pitched_battle", "board": "small"},
        seat_users=[red, blue],
        seed="skirmish-coach-browser",
    )
    rnd = random.Random(4)
    for _ in range(900):
        match.refresh_from_db()
        state = system.state_from_json(match.snapshot)
        acting = system.to_act(state)
        if state.turn >= 5 and state.phase == "aimed_fire" and 0 in acting:
            return match
        seat = acting[0]
        legal = system.legal_moves(state, seat)
        calm = [m for m in legal if m["type"] == "end_movement" or m.get("orders") == []]
        services.match_submit_move(
            match_id=match.pk,
            user=(red, blue)[seat],
            move_data=rnd.choice(calm or legal),
            expected_version=match.version,
        )
    raise AssertionError("no aimed fire in the last turns")


@pytest.mark.parametrize("scheme", ["dark", "light"])
@pytest.mark.browser
def test_the_tips_box_stays_short_on_a_phone_and_links_to_the_rules(
    daphne_server, new_context, scheme
):
    red = make_verified_user(f"skc_red_{scheme}", PASSWORD)
    blue = make_verified_user(f"skc_blue_{scheme}", PASSWORD)
    match = _late_aimed_fire(red, blue)
    page, coach = coach_on_a_phone(
        new_context, daphne_server, match, f"skc_red_{scheme}", PASSWORD, color_scheme=scheme
    )
    expect(coach.locator("[data-testid=tip-aimed-fire]")).to_contain_text("8 hexes")
    expect(coach.locator("[data-testid=tip-last-turns]")).to_be_visible()
    assert coach.locator("li").count() <= MAX_TIPS
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    box = coach.bounding_box()
    assert box is not None and box["width"] <= PHONE["width"]
    assert box["height"] <= 0.55 * PHONE["height"]  # three short tips at most, never a wall
    assert unreadable_texts(page) == []
    page.screenshot(path=str(artifact(f"skirmish-coach-phone-{scheme}.png")), full_page=True)

    hide = coach.locator("[data-testid=hide-tips]")
    hide.focus()
    expect(hide).to_be_focused()
    link = coach.locator("[data-testid=tip-aimed-fire] [data-testid=tip-link]")
    expect(link).to_have_attribute("href", "/skirmish/rules/#aimed-fire")
    link.click()
    expect(page).to_have_url(f"{daphne_server.url}/skirmish/rules/#aimed-fire")
    expect(page.locator("#aimed-fire")).to_be_in_viewport()
