"""In Chromium, on a 360 px phone, with the keyboard: a player turns on "My clock stops at
weekends"; her opponent then reads it beside her name on their match page, in French."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from games.accounts.models import Profile
from tests.browser_support import make_verified_user, signed_in_page
from tests.fixtures import start_match

pytestmark = pytest.mark.browser
PASSWORD = "hexsite-browser-1"
PHONE = {"width": 360, "height": 740}


def test_a_player_turns_the_weekend_pause_on_and_her_opponent_sees_it(daphne_server, new_context):
    nina = make_verified_user("nina", PASSWORD)
    otto = make_verified_user("otto", PASSWORD)
    page = signed_in_page(new_context, daphne_server, "nina", PASSWORD, viewport=PHONE)
    page.goto(f"{daphne_server.url}/me/settings/")
    box = page.get_by_label("Mon horloge s’arrête le week-end")
    expect(box).not_to_be_checked()
    expect(page.get_by_text("Du samedi 00:00 au lundi 00:00")).to_be_visible()
    box.focus()
    page.keyboard.press("Space")
    expect(box).to_be_checked()
    page.get_by_role("button", name="Enregistrer").click()
    expect(page.get_by_text("Paramètres enregistrés.")).to_be_visible()
    assert Profile.objects.get(user=nina).weekend_pause is True
    assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")

    match = start_match(nina, otto)  # her turn starts now, counted in weekday time
    opponent = signed_in_page(new_context, daphne_server, "otto", PASSWORD, viewport=PHONE)
    opponent.goto(f"{daphne_server.url}/m/{match.pk}/")
    nina_line = opponent.locator(".seats li", has_text="nina")
    expect(nina_line.locator(".weekend-note")).to_contain_text("horloge arrêtée")
    expect(opponent.locator(".seats li", has_text="otto").locator(".weekend-note")).to_have_count(0)
    assert opponent.evaluate("document.documentElement.scrollWidth <= window.innerWidth")
