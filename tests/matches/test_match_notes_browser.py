"""« Mes notes » in a real browser, on a phone and with the keyboard: the player opens their notes
beside the match, starts writing, a move made meanwhile (from their other device) redraws the
match without touching what is being written, they save, and the notes are there when they come
back."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from games.engine import registry
from games.matches import services
from tests.browser_support import make_verified_user, post_move, signed_in_page

pytestmark = pytest.mark.browser
PASSWORD = "hexsite-notes-12345"
PLAN = "Garder la grenade pour leur QG."


def test_notes_survive_a_redraw_and_a_return(daphne_server, new_context):
    anna = make_verified_user("notes_anna", PASSWORD)
    bruno = make_verified_user("notes_bruno", PASSWORD)
    match = services.match_create(
        system="neuroshima", config={"armies": ["moloch", "borgo"]}, seat_users=[anna, bruno]
    )
    phone = {"viewport": {"width": 360, "height": 780}}
    page = signed_in_page(new_context, daphne_server, "notes_anna", PASSWORD, **phone)
    page.goto(f"{daphne_server.url}/m/{match.pk}/")
    version = page.locator("#status").get_attribute("data-version")

    summary = page.locator("details.notes summary")
    summary.focus()
    page.keyboard.press("Enter")  # opens it; htmx loads the form
    box = page.get_by_label("Vos notes sur cette partie (vous seul les lisez)")
    expect(box).to_be_visible()
    box.focus()
    page.keyboard.type(PLAN)

    other_device = signed_in_page(new_context, daphne_server, "notes_anna", PASSWORD)
    system = registry.get_system("neuroshima")
    move = system.legal_moves(system.state_from_json(match.snapshot), 0)[0]
    post_move(other_device, daphne_server, match, move)
    expect(page.locator("#status")).not_to_have_attribute("data-version", version)
    expect(box).to_have_value(PLAN)  # the redraw left the notes alone

    page.keyboard.press("Tab")  # to « Enregistrer mes notes »
    page.keyboard.press("Enter")
    expect(page.get_by_test_id("notes-status")).to_have_text("Enregistrées.")
    assert page.evaluate("document.documentElement.scrollWidth") <= 361

    page.reload()
    page.locator("details.notes summary").click()
    expect(page.get_by_test_id("notes-text")).to_have_value(PLAN)
