"""Where the keyboard is after a new Infinity player acts, in Chromium on a 360 px phone, in
French: after « Prendre l'Initiative : jouer en second » and the opponent's choice to deploy
first, the opponent deploys first and the focus waits on the hand's
sentence saying so (it went to « Partie suivante » at the page's top), then moves on to the
first hex to deploy to when the opponent's deployment arrives; in the step viewer, « Suivante »
keeps the focus on « Suivante » (it went back to the page's top), and on « Précédente » at the
last step."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from games.matches import services
from tests.browser_support import PHONE, make_verified_user, signed_in_page
from tests.infinity_site.conftest import acting, deployed_match, submit

PASSWORD = "hexsite-inf-focus-1"


def _deploy_everything(match, users, seat: int):
    """`seat` deploys its whole army, as the platform plays it (each move through services)."""
    for _ in range(40):
        system, state, acting_seat = acting(match)
        if acting_seat != seat or state.turn.pending.kind != "deploy":
            return match
        deploys = [m for m in system.legal_moves(state, seat) if m["type"] == "deploy"]
        move = deploys[0] if deploys else {"type": "deploy_done", "seat": seat}
        match = submit(match, users, move)
    raise AssertionError("the deployment did not end")


@pytest.mark.browser
def test_after_playing_second_the_focus_waits_in_the_hand_then_goes_to_the_first_hex(
    daphne_server, new_context
):
    users = [make_verified_user(name, PASSWORD) for name in ("inff_anna", "inff_bruno")]
    match = services.match_create(system="infinity", config={"reactions": "auto"}, seat_users=users)
    _, state, seat = acting(match)
    assert state.turn.pending.kind == "initiative"
    page = signed_in_page(
        new_context, daphne_server, users[seat].username, PASSWORD, locale="fr-FR", viewport=PHONE
    )
    page.goto(f"{daphne_server.url}/m/{match.pk}/")
    second = page.get_by_role("button", name="Prendre l'Initiative : jouer en second")
    second.focus()
    page.keyboard.press("Enter")
    waiting = page.locator("#hb-hand [data-testid=decision-prompt]")
    expect(waiting).to_contain_text("On attend")
    expect(waiting).to_be_focused()
    # (No other game waits for this player: « Partie suivante » is not drawn at all.)
    expect(page.locator("[data-testid=next-game]")).to_have_count(0)

    match.refresh_from_db()
    move = {"type": "deployment", "seat": 1 - seat, "choice": "first"}  # B.5: the loser's
    match = submit(match, users, move)
    match = _deploy_everything(match, users, 1 - seat)
    # The opponent's deployment reaches the page as the socket's push does: a refetch.
    page.evaluate("htmx.trigger(document.body, 'match-changed')")
    expect(page.locator("#board .targets a").first).to_be_focused()
    label = page.locator("#board .targets a").first.get_attribute("aria-label") or ""
    assert label.startswith("Rangée "), label


def _one_order(match, users):
    """Corregidor gives one order (its trooper a1, its last legal skill each time): the step
    viewer then holds that order's steps."""
    match = submit(match, users, {"type": "order", "seat": 0, "kind": "regular", "trooper": "a1"})
    for _ in range(12):
        system, state, seat = acting(match)
        if state.turn.current is None:
            return match
        match = submit(match, users, system.legal_moves(state, seat)[-1])
    raise AssertionError("the order did not end")


@pytest.mark.browser
def test_next_in_the_step_viewer_keeps_the_focus_on_next(daphne_server, new_context):
    users = [make_verified_user(name, PASSWORD) for name in ("inff_carla", "inff_dan")]
    match = _one_order(deployed_match(users), users)
    page = signed_in_page(
        new_context, daphne_server, users[0].username, PASSWORD, locale="fr-FR", viewport=PHONE
    )
    page.goto(f"{daphne_server.url}/m/{match.pk}/steps/1/")
    step = page.locator("[data-testid=battle-step]")
    count = int(step.get_attribute("data-count") or "0")
    assert count >= 3, count
    following = page.get_by_role("link", name="Suivante", exact=True)
    following.focus()
    page.keyboard.press("Enter")
    expect(step).to_have_attribute("data-step", "1")
    expect(following).to_be_focused()
    page.keyboard.press("ArrowRight")  # the viewer's key follows Next too
    expect(step).to_have_attribute("data-step", "2")
    expect(following).to_be_focused()
    page.goto(f"{daphne_server.url}/m/{match.pk}/steps/1/?step={count - 2}")
    following.focus()
    page.keyboard.press("Enter")
    expect(step).to_have_attribute("data-step", str(count - 1))
    expect(following).to_have_count(0)  # the last step: Previous keeps the keyboard
    expect(page.get_by_role("link", name="Précédente", exact=True)).to_be_focused()
