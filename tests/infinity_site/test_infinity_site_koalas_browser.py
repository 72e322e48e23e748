"""In Chromium at phone width (360 px), with the keyboard only: a player deploys Akinyi, a
CrazyKoala carrier, and places its two koalas by hand (the carrier's hex, then each koala's
highlighted hex, then Confirm); the page asks in their words where each koala goes, offers to
place them automatically, draws them where they were put, and the engine keeps them there."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from games.matches import services
from tests.browser_support import PHONE, artifact, fits_the_phone, make_verified_user, sign_in
from tests.infinity_site.conftest import acting
from tests.infinity_site.test_infinity_site_koalas import deploying

PASSWORD = "hexsite-koalas-1"


def pick(page, hex_: str) -> None:
    """A highlighted hex of the board, reached and chosen with the keyboard."""
    target = page.locator(f'#board .targets a[data-pick="{hex_}"]')
    target.focus()
    expect(target).to_be_focused()
    page.keyboard.press("Enter")


@pytest.mark.browser
def test_a_player_places_a_carriers_koalas_by_hand_with_the_keyboard_on_a_phone(
    daphne_server, new_context
):
    users = [make_verified_user(name, PASSWORD) for name in ("koala_anna", "koala_bruno")]
    match = deploying(services.match_create(system="infinity", config={}, seat_users=users))
    page = new_context(viewport=PHONE, locale="fr-FR").new_page()
    sign_in(page, daphne_server, users[0].username, PASSWORD)
    page.goto(f"{daphne_server.url}/m/{match.pk}/")
    prompt = page.locator("[data-testid=step-prompt]")
    pick(page, "5,12")  # Akinyi's hex
    expect(prompt).to_contain_text("Où placer le premier CrazyKoala de Moran")
    auto = page.locator("[data-testid=confirm-move]")
    expect(auto).to_have_text("Placer automatiquement")  # the fast way, still one click
    box = auto.bounding_box()
    assert box and box["height"] >= 44
    pick(page, "5,9")
    expect(prompt).to_contain_text("Où placer le second CrazyKoala")
    expect(page.locator("[data-testid=koala-pick1]")).to_have_attribute("data-hex", "5,9")
    expect(page.locator("[data-testid=confirm-move]")).to_have_count(0)
    pick(page, "7,11")
    confirm = page.locator("[data-testid=confirm-move]")
    expect(confirm).to_be_focused()  # the board redrawn, the focus on Confirm
    fits_the_phone(page)
    page.screenshot(path=str(artifact("infinity-koalas-360.png")), full_page=True)
    page.keyboard.press("Enter")
    expect(page.locator('[data-testid="koala-m1.k1"]')).to_have_attribute("data-hex", "5,9")
    expect(page.locator('[data-testid="koala-m1.k2"]')).to_have_attribute("data-hex", "7,11")
    match.refresh_from_db()
    assert [k.hex for k in acting(match)[1].koalas] == [(5, 9), (7, 11)]
