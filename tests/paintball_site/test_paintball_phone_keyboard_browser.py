"""The paintball match page on a 360 px phone in the dark theme, played with the keyboard only:
a figure picked with Enter puts the focus on what it may do (« Avancer », « Tirer »…), never on
« Terminer ma phase », which one more Enter would press and end the phase; its move is then
picked and confirmed with Enter alone. The teams' panel reads in the dark, fits the phone, keeps
« 6 en jeu » on one line and says what the command die means for each team."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from games.matches import services
from tests.browser_support import (
    PHONE,
    artifact,
    fits_the_phone,
    make_verified_user,
    signed_in_page,
)
from tests.fixtures import match_state, submit

PASSWORD = "hexsite-pb-keys-1"
FOCUSED = "() => document.activeElement && document.activeElement.getAttribute('data-testid')"
IN_OPTIONS = "() => !!document.activeElement.closest('#hb-hand .hb-options [data-testid]')"
ON_A_TARGET = "() => !!document.activeElement.closest('#board .targets')"
ON_CONFIRM = "() => document.activeElement.getAttribute('data-testid') === 'confirm-move'"


def _enter_and_redraw(page) -> None:
    """Enter on the focused pick, and the hand redrawn: its instruction is the next step's."""
    prompt = page.locator("[data-testid=step-prompt]")
    before = prompt.inner_text()
    page.keyboard.press("Enter")
    expect(prompt).not_to_have_text(before)


def _focused_option(page) -> str:
    """The option the focus settles on after a pick (the hand is redrawn out of band, the focus
    put back on the same option by site.js): its data-testid."""
    page.wait_for_function(IN_OPTIONS)
    return page.evaluate(FOCUSED)


def _tab_to_a_target(page, most: int = 40) -> None:
    for _ in range(most):
        page.keyboard.press("Tab")
        if page.evaluate(ON_A_TARGET):
            return
    raise AssertionError("no legal hex reached with Tab")


@pytest.mark.browser
def test_a_figure_is_moved_with_the_keyboard_alone_on_a_dark_phone(daphne_server, new_context):
    rouge = make_verified_user("pbk_rouge", PASSWORD)
    bleu = make_verified_user("pbk_bleu", PASSWORD)
    match = services.match_create(
        system="paintball",
        config={"scenario": "capture_the_flag"},
        seat_users=[rouge, bleu],
        seed="paintball-keyboard-phone",
    )
    for seat, user in enumerate((rouge, bleu)):
        system, state = match_state(match)
        submit(match, user, system.legal_moves(state, seat)[0])
    system, state = match_state(match)
    if system.to_act(state) == (1,):  # Blue's die gave it the first phase: it ends it
        submit(match, bleu, {"type": "end_phase"})
    page = signed_in_page(
        new_context, daphne_server, "pbk_rouge", PASSWORD, viewport=PHONE, color_scheme="dark"
    )
    page.goto(f"{daphne_server.url}/m/{match.pk}/")
    page.wait_for_function("() => document.body.dataset.live === '1'")
    red = page.locator("[data-testid=seat-status-0]")
    expect(red).to_contain_text(re.compile(r"dé de commandement \d : joue en (premier|second)"))
    expect(red).to_contain_text("premier tour : 6 figurines peuvent encore agir")
    fits_the_phone(page)
    for headline in page.locator(".hb-status .headline").all():
        assert headline.evaluate("e => e.getClientRects().length") == 1, headline.inner_text()

    # A red figure's hex, reached with Tab, picked with Enter: the focus goes to its options
    # (which figure, when several stand there; then what it does), not to End my phase.
    _tab_to_a_target(page)
    page.keyboard.press("Enter")
    option = _focused_option(page)
    if option.startswith("pick-who-"):  # several figures there: the first one acts
        page.keyboard.press("Enter")
        expect(page.locator("[data-testid^=pick-do-]").first).to_be_focused()
        option = _focused_option(page)
    assert option.startswith("pick-do-"), option
    expect(page.locator("[data-testid=step-prompt]")).to_contain_text("de ses 2 points d'action")
    fits_the_phone(page)
    page.screenshot(path=str(artifact("paintball-keyboard-phone-dark.png")), full_page=True)

    # Move, a first hex, then Confirm: Enter each time, the focus following.
    for _ in range(5):
        if _focused_option(page) == "pick-do-move":
            break
        page.keyboard.press("Tab")
    expect(page.locator("[data-testid=pick-do-move]")).to_be_focused()
    _enter_and_redraw(page)
    page.wait_for_function(ON_A_TARGET)  # the first hex of the move
    _enter_and_redraw(page)
    page.wait_for_function(f"() => ({ON_A_TARGET})() || ({ON_CONFIRM})()")
    if page.evaluate(ON_A_TARGET):  # a second hex is offered: walk on
        _enter_and_redraw(page)
    confirm = page.locator("[data-testid=confirm-move]")
    expect(confirm).to_be_focused()
    page.keyboard.press("Enter")
    expect(red).to_contain_text("premier tour : 5 figurines peuvent encore agir")
    fits_the_phone(page)
