"""In Chromium at phone width (360 px), with the keyboard only: a player opens a trooper's
standing reaction in the panel (the folded list, then the trooper's line, whose form comes
as a pick), chooses its weapon, its distance and what it does under a
template, saves, and reads the new reaction in words; the engine keeps it; nothing is wider than
the screen."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from tests.browser_support import artifact, make_verified_user, sign_in
from tests.infinity_site.conftest import acting, deployed_match

PASSWORD = "hexsite-browser-1"


@pytest.mark.browser
def test_a_player_sets_a_troopers_reaction_with_the_keyboard_on_a_phone(daphne_server, new_context):
    users = [make_verified_user(name, PASSWORD) for name in ("inf_ora_a", "inf_ora_b")]
    match = deployed_match(users)
    page = new_context(viewport={"width": 360, "height": 800}, locale="fr-FR").new_page()
    sign_in(page, daphne_server, users[0].username, PASSWORD)
    page.goto(f"{daphne_server.url}/m/{match.pk}/")
    row = page.locator('[data-testid="reaction-a1"]')
    words = row.locator('[data-testid="reaction-words-a1"]')
    expect(words).to_contain_text("ouvre le feu avec sa meilleure arme")
    # The list is folded at first: on a phone the board comes soon after the orders.
    troopers = page.locator('[data-testid="reactions-list"]')
    expect(row).to_be_hidden()
    troopers.locator("summary").first.focus()
    page.keyboard.press("Enter")  # unfolds the list
    expect(row).to_be_visible()
    expect(row.locator("form")).to_have_count(0)  # drawn only once its line is opened
    row.locator("summary").focus()
    page.keyboard.press("Enter")  # opens the trooper's line, which fetches its form (a pick)
    expect(row.locator("form")).to_be_visible()
    expect(page).to_have_url(re.compile(r"\?ora=a1$"))
    expect(page.locator("#ora-a1-sight")).to_be_focused()  # "Tirer" stays
    page.keyboard.press("Tab")
    expect(page.locator("#ora-a1-weapon")).to_be_focused()
    page.keyboard.type("Mitr")
    expect(page.locator("#ora-a1-weapon")).to_have_value("hmg")
    page.keyboard.press("Tab")
    page.keyboard.type("12")
    expect(page.locator("#ora-a1-range")).to_have_value("12")
    page.keyboard.press("Tab")
    page.keyboard.type("Rien")
    expect(page.locator("#ora-a1-template")).to_have_value("pass")
    save = page.locator('[data-testid="save-reaction-a1"]').bounding_box()
    assert save and save["height"] >= 44  # a finger's target
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= 360
    page.screenshot(path=str(artifact("infinity-reactions-360.png")), full_page=True)
    page.keyboard.press("Tab")
    expect(page.locator('[data-testid="save-reaction-a1"]')).to_be_focused()
    page.keyboard.press("Enter")
    expect(words).to_have_text(
        "Ennemi en vue : ouvre le feu (Mitrailleuse) jusqu'à 12 hexagones. "
        "Sous un gabarit ou une attaque : ne fait rien."
    )
    # Redrawn, the list and the trooper's line are still open, and the focus is back on the
    # line that now says what was saved.
    expect(row.locator("form")).to_be_visible()
    expect(row.locator("summary")).to_be_focused()
    match.refresh_from_db()
    policy = dict(acting(match)[1].hidden[0].policies)["a1"]
    assert (policy.on_sight, policy.weapon, policy.max_range, policy.on_template) == (
        "shoot",
        "hmg",
        12,
        "pass",
    )
