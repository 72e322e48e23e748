"""A new player's first Hexpanse steps in Chromium on a phone: the tips box in their panel
changes with the situation (the faction's choice, waiting, the first turn), reads in both
themes without sideways scrolling, is reached with the keyboard, and « Masquer les conseils »
hides it for good (htmx, then a reload)."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from tests.browser_support import (
    artifact,
    coach_on_a_phone,
    fits_the_phone,
    make_verified_user,
    tips_hidden_by_keyboard,
)
from tests.hexpanse_site.conftest import captain_match, setup_choices

PASSWORD = "hexsite-hx-coach-1"


@pytest.mark.browser
def test_the_tips_follow_a_new_players_first_steps_on_a_phone(daphne_server, new_context):
    anna = make_verified_user("hxc_anna", PASSWORD)
    bruno = make_verified_user("hxc_bruno", PASSWORD)
    match = captain_match([anna, bruno])
    page, coach = coach_on_a_phone(new_context, daphne_server, match, "hxc_anna", PASSWORD)

    # The faction's choice: what a faction's warlord does, the rules' section a link away.
    expect(coach.locator("[data-testid=tip-setup-faction]")).to_contain_text("Terran Empire")
    expect(coach.locator("[data-testid=tip-link]").first).to_have_attribute(
        "href", "/hexpanse/rules/#factions"
    )
    fits_the_phone(page)
    page.locator("#hb-hand [data-testid^=kind-choose_faction-]").first.click()

    # Waiting for the opponent's choice: the goal.
    expect(coach.locator("[data-testid=tip-goal]")).to_be_visible()
    expect(coach.locator("[data-testid=tip-setup-faction]")).to_have_count(0)

    # The first turn (the rest of the setup played for both): income, two actions, the
    # warlord still to place.
    setup_choices(match, [anna, bruno])
    page.reload()
    expect(coach.locator("[data-testid=tip-turn]")).to_contain_text("two actions")
    expect(coach.locator("[data-testid=tip-warlord-place]")).to_be_visible()
    fits_the_phone(page)
    page.screenshot(path=str(artifact("hexpanse-coach-phone-dark.png")), full_page=True)

    tips_hidden_by_keyboard(page, coach)


@pytest.mark.browser
def test_the_tips_box_reads_in_french_in_the_light_theme(daphne_server, new_context):
    carla = make_verified_user("hxc_carla", PASSWORD)
    dan = make_verified_user("hxc_dan", PASSWORD)
    match = setup_choices(captain_match([carla, dan]), [carla, dan])
    page, coach = coach_on_a_phone(
        new_context,
        daphne_server,
        match,
        "hxc_carla",
        PASSWORD,
        locale="fr-FR",
        color_scheme="light",
    )
    expect(coach.locator("h2")).to_have_text("Conseils")
    expect(coach.locator("[data-testid=tip-turn]")).to_contain_text("deux actions")
    expect(coach.locator("[data-testid=hide-tips]")).to_have_text("Masquer les conseils")
    fits_the_phone(page)
