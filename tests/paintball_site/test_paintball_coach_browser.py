"""A new player's first paintball steps in Chromium on a 360 px phone: the tips box follows the
step (the deployment, nothing while the other team deploys, the first turn), fits the phone
without sideways scrolling, reads in the dark theme, its link opens the rules page at its
section, and « Masquer les conseils » is reached and pressed with the keyboard and hides the
tips for good (htmx, then a reload)."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from games.matches import services
from games.paintball_site.coach import MAX_TIPS
from tests.browser_support import (
    PHONE,
    artifact,
    coach_on_a_phone,
    fits_the_phone,
    make_verified_user,
    tips_hidden_by_keyboard,
)
from tests.fixtures import match_state, submit

PASSWORD = "hexsite-pb-coach-1"


@pytest.mark.browser
def test_the_tips_follow_a_new_players_first_paintball_steps_on_a_phone(daphne_server, new_context):
    rouge = make_verified_user("pbc_rouge", PASSWORD)
    bleu = make_verified_user("pbc_bleu", PASSWORD)
    match = services.match_create(
        system="paintball",
        config={"scenario": "capture_the_flag"},
        seat_users=[rouge, bleu],
        seed="paintball-coach-browser",
    )
    page, coach = coach_on_a_phone(new_context, daphne_server, match, "pbc_rouge", PASSWORD)

    # The deployment: where the figures go, and the goal.
    expect(coach.locator("[data-testid=tip-deploy]")).to_contain_text("start zone")
    expect(coach.locator("[data-testid=tip-goal]")).to_contain_text("the blue flag")
    fits_the_phone(page)
    page.locator("[data-testid=deploy]").first.click()

    # Red has deployed; Blue deploys in secret: nothing for Red to choose, no box.
    expect(page.locator("[data-testid=deploy]")).to_have_count(0)
    expect(coach).to_have_count(0)

    # Blue deploys (and, if its die gave it the first phase, ends it): Red's first turn.
    system, state = match_state(match)
    submit(match, bleu, system.legal_moves(state, 1)[0])
    system, state = match_state(match)
    if system.to_act(state) == (1,):
        submit(match, bleu, {"type": "end_phase"})
    page.reload()
    expect(coach.locator("[data-testid=tip-activations]")).to_contain_text("First turn")
    expect(coach.locator("[data-testid=tip-move]")).to_contain_text("2 hexes a turn at most")
    expect(coach.locator("[data-testid=tip-goal]")).to_have_count(0)  # told at the deployment
    assert coach.locator("li").count() <= MAX_TIPS
    fits_the_phone(page)
    box = coach.bounding_box()
    assert box is not None and box["width"] <= PHONE["width"]
    assert box["height"] <= 0.55 * PHONE["height"]  # two short tips, never a wall
    page.screenshot(path=str(artifact("paintball-coach-phone-dark.png")), full_page=True)

    # Its link opens the rules page at its section...
    link = coach.locator("[data-testid=tip-move] [data-testid=tip-link]")
    expect(link).to_have_attribute("href", "/paintball/rules/#move")
    link.click()
    expect(page).to_have_url(f"{daphne_server.url}/paintball/rules/#move")
    expect(page.locator("#move")).to_be_in_viewport()

    # ...and the keyboard hides the tips for good.
    page.go_back()
    expect(coach).to_be_visible()
    tips_hidden_by_keyboard(page, coach)
