"""The experts and grenade carriers chosen by hand on a 360 px phone, with the keyboard alone
(games/paintball_site/setup_by_hand.py): the form opens under the two ready-made setups, each
select is reached with Tab and changed with the arrow keys, Enter posts it; the other team's
page learns nothing until it is ready too, and the log then names the choice."""

from __future__ import annotations

import pytest
from django.utils import translation
from playwright.sync_api import expect

from games.matches import services
from games.paintball_site.words import figures
from tests.browser_support import fits_the_phone, make_verified_user, match_on_a_phone
from tests.fixtures import match_state, submit

PASSWORD = "hexsite-pb-setup-1"
FOCUSED = "() => document.activeElement && document.activeElement.getAttribute('data-testid')"


def _tab_to(page, testid: str, most: int = 60) -> None:
    for _ in range(most):
        page.keyboard.press("Tab")
        if page.evaluate(FOCUSED) == testid:
            return
    raise AssertionError(f"{testid} not reached with Tab")


@pytest.mark.browser
def test_experts_and_grenades_are_chosen_by_hand_with_the_keyboard_on_a_phone(
    daphne_server, new_context
):
    rouge = make_verified_user("pbs_rouge", PASSWORD)
    bleu = make_verified_user("pbs_bleu", PASSWORD)
    match = services.match_create(
        system="paintball",
        config={"scenario": "capture_the_flag", "experts": True, "grenades": True},
        seat_users=[rouge, bleu],
        seed="paintball-setup-by-hand",
    )
    system, state = match_state(match)
    experts, grenades = state.setup_counts[0]
    page = match_on_a_phone(new_context, daphne_server, match, "pbs_rouge", PASSWORD)
    page.wait_for_function("() => document.body.dataset.live === '1'")
    expect(page.locator("[data-testid=setup-team]")).to_have_count(2)  # the quick picks
    summary = page.locator("[data-testid=setup-by-hand] summary")
    summary.focus()
    page.keyboard.press("Enter")
    expect(page.locator("[data-testid=setup-form]")).to_be_visible()
    fits_the_phone(page)
    for target in page.locator(
        "[data-testid=setup-by-hand] summary, [data-testid=setup-form] select, [data-testid=setup-by-hand-submit]"
    ).all():
        box = target.bounding_box()
        assert box and box["height"] >= 44, target.get_attribute("data-testid")
    # Expert 1 is Red 1 by default: one step down makes it Red 2, Expert 2 Red 3...
    for n in range(1, experts + 1):
        _tab_to(page, f"setup-expert-{n}")
        page.keyboard.press("ArrowDown")
    _tab_to(page, "setup-kind-1")
    page.keyboard.press("ArrowDown")  # paint -> smoke
    _tab_to(page, "setup-by-hand-submit")
    page.keyboard.press("Enter")
    expect(page.locator("[data-testid=setup-form]")).to_have_count(0)
    mine = [f"r{n + 1}" for n in range(1, experts + 1)]
    _system, state = match_state(match)
    assert state.submissions[0] is not None and state.phase == "setup"

    other = match_on_a_phone(new_context, daphne_server, match, "pbs_bleu", PASSWORD)
    expect(other.locator("[data-testid=setup-form]")).to_have_count(1)
    assert "grenade fumigène pour Rouge 1" not in other.content()
    system, state = match_state(match)
    submit(match, bleu, system.legal_moves(state, 1)[0])
    other.reload()
    with translation.override("fr"):
        names = figures(mine)
    expect(other.locator("body")).to_contain_text(f"experts {names}")
    expect(other.locator("body")).to_contain_text("grenade fumigène pour Rouge 1")
    _system, state = match_state(match)
    assert sorted(f.id for f in state.figures if f.expert and f.team == "red") == mine
