"""A new player's first steps against the computer, in Chromium: the tips box beside the prompt
changes with the situation (placing the HQ, the first turn and the tile in hand, then the draw
and discard), is reached with the keyboard, reads on a phone in both themes, and « Masquer les
conseils » hides it for good (htmx, then a reload)."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from games.engine import registry
from games.engine.neuroshima.tiles import tile
from games.matches import services
from games.matches.models import Match
from tests.browser_support import (
    artifact,
    coach_on_a_phone,
    fits_the_phone,
    humans_turn_or_over,
    make_verified_user,
    tips_hidden_by_keyboard,
)

PASSWORD = "hexsite-coach-browser-1"


def _hand_tip(match: Match) -> str:
    """The tip key the human's (seat 0's) first hand tile calls for, read on the server."""
    match.refresh_from_db()
    state = registry.get_system("neuroshima").state_from_json(match.snapshot)
    spec = tile(state.seats[0].hand[0])
    return spec.kind if spec.kind != "instant" else f"instant-{spec.instant}"


def _computer_answers(page, match: Match, bot_worker, posted_from: int) -> None:
    """Our move went through (htmx swapped the page past `posted_from`), then the computer
    answered: the page is reloaded at the match's version (as play_to_the_end does: the test's
    in-memory channel layer does not carry the worker's move to the page's socket)."""
    status = page.locator("#status")
    expect(status).not_to_have_attribute("data-version", str(posted_from))
    bot_worker.wait_for(humans_turn_or_over(match.pk))
    match.refresh_from_db()
    page.reload()
    expect(status).to_have_attribute("data-version", str(match.version))


@pytest.mark.browser
def test_the_tips_follow_the_first_steps_against_the_computer(
    daphne_server, new_context, bot_worker
):
    human = make_verified_user("coach_anna", PASSWORD)
    match = services.match_create(
        system="neuroshima",
        config={"armies": ["moloch", "hegemonia"]},
        seat_users=[human, None],
        bot_levels={1: 1},
        seed="coach-browser",
    )
    page, coach = coach_on_a_phone(new_context, daphne_server, match, "coach_anna", PASSWORD)

    # Placing the HQ: what it does for Moloch, with the rules' section a link away.
    expect(coach.locator("[data-testid=tip-hq]")).to_contain_text("+1 ranged strength")
    expect(coach.locator("[data-testid=tip-link]").first).to_have_attribute(
        "href", "/neuroshima/rules/#starting"
    )
    fits_the_phone(page)
    page.locator("#board .targets a").first.click()
    page.locator("[data-testid=confirm-move]").click()

    # The computer places its HQ; the first turn: one tile, no discard, and what that tile is.
    _computer_answers(page, match, bot_worker, posted_from=1)
    expect(coach.locator("[data-testid=tip-first-turn]")).to_contain_text("only 1 tile")
    expect(coach.locator("[data-testid=tip-hq]")).to_have_count(0)
    expect(coach.locator(f"[data-testid=tip-{_hand_tip(match)}]")).to_be_visible()
    shown = match.version
    page.locator("[data-testid=end-turn]").click()

    # The computer's first turn, then three tiles: discard one first.
    _computer_answers(page, match, bot_worker, posted_from=shown)
    expect(coach.locator("[data-testid=tip-discard]")).to_be_visible()
    expect(coach.locator("[data-testid=tip-first-turn]")).to_have_count(0)
    page.screenshot(path=str(artifact("neuroshima-coach-phone-dark.png")), full_page=True)

    tips_hidden_by_keyboard(page, coach)


@pytest.mark.browser
def test_the_tips_box_reads_in_the_light_theme_too(daphne_server, new_context):
    human = make_verified_user("coach_bruno", PASSWORD)
    other = make_verified_user("coach_carla", PASSWORD)
    match = services.match_create(
        system="neuroshima", config={"armies": ["borgo", "posterunek"]}, seat_users=[human, other]
    )
    page, coach = coach_on_a_phone(
        new_context,
        daphne_server,
        match,
        "coach_bruno",
        PASSWORD,
        locale="fr-FR",
        color_scheme="light",
    )
    expect(coach.locator("h2")).to_have_text("Conseil")
    expect(coach.locator("[data-testid=hide-tips]")).to_have_text("Masquer les conseils")
    fits_the_phone(page)  # no sideways scroll, every text readable
