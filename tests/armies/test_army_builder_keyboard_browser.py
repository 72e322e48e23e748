"""The builder on a phone (walk polish12): the live price answers before the list has a name,
and the costs box, which sticks to the top of the screen, never hides a control reached
backwards with the keyboard (Shift+Tab)."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from tests.browser_support import make_verified_user, signed_in_page

PASSWORD = "hexsite-armies-1"
UNDER_THE_BOX = """() => {
  const field = document.activeElement.getBoundingClientRect();
  const box = document.getElementById('army-costs').getBoundingClientRect();
  return field.top < box.bottom && field.bottom > box.top;
}"""


def _new_list(daphne_server, new_context):
    make_verified_user("kb_ada", PASSWORD)
    page = signed_in_page(
        new_context, daphne_server, "kb_ada", PASSWORD, viewport={"width": 360, "height": 740}
    )
    page.goto(f"{daphne_server.url}/armies/new/skirmish/")
    return page


@pytest.mark.browser
def test_a_list_without_a_name_yet_is_priced_live(daphne_server, new_context):
    """htmx checks a form's required fields before its request: with the live price on the
    form, the unnamed list kept its first total whatever was changed."""
    page = _new_list(daphne_server, new_context)
    page.fill("#u-0-count", "20")
    expect(page.locator("[data-testid=army-total]")).to_contain_text("360 points")


@pytest.mark.browser
def test_shift_tab_back_up_the_unit_keeps_each_field_clear_of_the_costs_box(
    daphne_server, new_context
):
    page = _new_list(daphne_server, new_context)
    page.fill("#army-name", "Les Corsaires")
    page.fill("#army-limit", "50")  # over it: a problem makes the box taller
    expect(page.locator("[data-testid=army-problems]")).to_be_visible()
    page.focus("[data-testid=army-add-unit]")
    seen = []
    while page.evaluate("document.activeElement.id") != "army-limit":
        page.keyboard.press("Shift+Tab")
        seen.append(page.evaluate("document.activeElement.id || document.activeElement.name"))
        assert not page.evaluate(UNDER_THE_BOX), seen[-1]
    assert {"u-0-move", "u-0-count", "u-0-name"} <= set(seen)
