"""Orders being written when the other side sends theirs (skirmish.md §11: both sides give
their orders at once): the nudge makes the page refetch and redraw the orders form, which keeps
the targets already chosen (static/js/site.js, data-keep-choices) instead of the defaults."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from games.engine import registry
from games.matches import services
from games.matches.models import Match
from tests.browser_support import make_verified_user, sign_in
from tests.skirmish_site.conftest import play

PASSWORD = "hexsite-browser-1"

# The first target list of the form offering another enemy than the one selected (not "hold").
OTHER_TARGET = """() => {
  for (const select of document.querySelectorAll("[data-testid=orders-form] select")) {
    const other = [...select.options].find(o => !o.selected && o.value !== "");
    if (other) return [select.id, other.value];
  }
  return null;
}"""


@pytest.mark.browser
def test_targets_chosen_but_not_sent_survive_the_other_side_sending_its_orders(
    daphne_server, new_context
):
    red = make_verified_user("kept_red", PASSWORD)
    blue = make_verified_user("kept_blue", PASSWORD)
    system = registry.get_system("skirmish")
    match = services.match_create(
        system="skirmish",
        config={"scenario": "pitched_battle", "board": "small"},
        seat_users=[red, blue],
        seed="hidden-orders-twin",
    )

    def red_has_a_choice(state) -> bool:
        if state.phase != "aimed_fire" or any(state.submitted):
            return False
        focus = [m for m in system.legal_moves(state, 0) if m["orders"]]
        return len({m["orders"][0]["targets"][0] for m in focus}) >= 2

    match = play(match, [red, blue], 400, seed=11, until=red_has_a_choice)
    state = system.state_from_json(match.snapshot)
    assert red_has_a_choice(state)
    page = new_context(locale="en-US").new_page()
    sign_in(page, daphne_server, "kept_red", PASSWORD)
    page.goto(f"{daphne_server.url}/m/{match.pk}/")
    field, target = page.evaluate(OTHER_TARGET)
    page.select_option(f"#{field}", target)

    # Blue sends its orders; the nudge makes red's page refetch (the form is drawn again).
    services.match_submit_move(
        match_id=match.pk,
        user=blue,
        move_data=system.choose_default(state, 1),
        expected_version=match.version,
    )
    match = Match.objects.get(pk=match.pk)
    page.evaluate("htmx.trigger(document.body, 'match-changed')")
    expect(page.locator("#status")).to_have_attribute("data-version", str(match.version))
    expect(page.locator(f"#{field}")).to_have_value(target)
    # The form is the fresh one: it posts against the new version.
    expect(page.locator("[data-testid=orders-form] [name=expected_version]")).to_have_value(
        str(match.version)
    )
