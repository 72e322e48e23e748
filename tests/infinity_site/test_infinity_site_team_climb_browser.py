"""In Chromium at phone width, with the keyboard only: the Corregidor player orders its linked
Alguaciles, picks the roof in front of a2, cycles to a2's Climb, adds a3 climbing the roof in
front of it and confirms: the two climb, the others do nothing (T 716–724; climb_picks.py). With
a2 carrying a CrazyKoala, Confirm at the koala's step leaves it and asks for the next climber."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from tests.browser_support import artifact, fits_the_phone, match_on_a_phone, two_players
from tests.infinity_site.test_infinity_site_camouflage_browser import (
    _press_and_wait_for_the_prompt,
    confirm_option,
    pick,
)
from tests.infinity_site.test_infinity_site_heights import koala_team_match, team_match

PASSWORD = "hexsite-team-climb-1"


def cycle_to(page, words: str) -> None:
    """Cycle the options at the picked hex (›) to the one the prompt tells in `words`."""
    prompt = page.locator("[data-testid=step-prompt]")
    for _ in range(12):
        if words in (prompt.text_content() or ""):
            break
        _press_and_wait_for_the_prompt(page, page.locator("a.cycle[data-cycle=next]"))
    expect(prompt).to_contain_text(words)


@pytest.mark.browser
def test_two_alguaciles_of_a_fireteam_climb_and_the_others_do_nothing(daphne_server, new_context):
    match = team_match(two_players("team_climb", PASSWORD))
    username = "team_climb_anna"
    page = match_on_a_phone(new_context, daphne_server, match, username, PASSWORD, locale="en-GB")
    pick(page, "6,12")  # the leader a1
    confirm_option(page, "An order for the whole fireteam.")
    expect(page.locator("[data-testid=step-prompt]")).to_contain_text("Declare the first skill")
    pick(page, "7,11")  # the roof in front of a2
    cycle_to(page, "a2 climbs to the roof (level 1) (a PH roll")
    prompt = page.locator("[data-testid=step-prompt]")
    expect(prompt).to_contain_text("Does another trooper of the fireteam climb too?")
    pick(page, "5,12")  # a3
    expect(prompt).to_contain_text("Where does it climb?")
    pick(page, "5,11")
    expect(prompt).to_contain_text("a3 climbs to the roof (level 1)")
    expect(page.locator("#board line.path")).to_have_count(2)  # a2's step up, a3's
    fits_the_phone(page)
    page.locator("#board").screenshot(path=str(artifact("infinity-team-climb-360.png")))
    confirm = page.locator("[data-testid=confirm-move]")
    expect(confirm).to_have_text("The others do nothing")
    confirm.focus()
    page.keyboard.press("Enter")
    expect(page.locator('[data-testid="trooper-a2"]')).to_have_attribute("data-hex", "7,11")
    expect(page.locator('[data-testid="trooper-a3"]')).to_have_attribute("data-hex", "5,11")
    expect(page.locator('[data-testid="trooper-a1"]')).to_have_attribute("data-hex", "6,12")
    fits_the_phone(page)


@pytest.mark.browser
def test_confirm_at_the_koala_step_goes_on_to_the_fireteams_other_climbers(
    daphne_server, new_context
):
    match = koala_team_match(two_players("koala_climb", PASSWORD))
    page = match_on_a_phone(
        new_context, daphne_server, match, "koala_climb_anna", PASSWORD, locale="en-GB"
    )
    pick(page, "6,12")  # the leader a1
    confirm_option(page, "An order for the whole fireteam.")
    prompt = page.locator("[data-testid=step-prompt]")
    expect(prompt).to_contain_text("Declare the first skill")
    pick(page, "7,11")  # the roof in front of a2, the carrier
    cycle_to(page, "Does the first CrazyKoala")
    confirm = page.locator("[data-testid=confirm-move]")
    expect(confirm).to_have_text("They stay where they stand")
    _press_and_wait_for_the_prompt(page, confirm)
    expect(prompt).to_contain_text("Does another trooper of the fireteam climb too?")
    pick(page, "5,12")  # a3
    pick(page, "5,11")
    expect(confirm).to_have_text("The others do nothing")
    # board.js puts the focus on the first hex left once the swap settles: wait for it, or it
    # may take the focus from Confirm after the test gave it (the suite's load lost the Enter)
    expect(page.locator("#board .targets a").first).to_be_focused()
    confirm.focus()
    page.keyboard.press("Enter")
    expect(page.locator('[data-testid="trooper-a2"]')).to_have_attribute("data-hex", "7,11")
    expect(page.locator('[data-testid="trooper-a3"]')).to_have_attribute("data-hex", "5,11")
    expect(page.locator('[data-testid="koala-a2.k1"]')).to_have_attribute("data-hex", "8,12")
