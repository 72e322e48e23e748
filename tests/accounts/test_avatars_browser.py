"""In Chromium, on a 360 px phone, in French: a player sends a photo from Settings (a file that
is no picture first, refused), sees it there and on her page; her opponent sees it beside her
name on the match page, and his own initials beside his; nothing scrolls sideways."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from games.accounts.models import Profile
from tests.accounts.avatar_support import photo_with_exif
from tests.browser_support import make_verified_user, signed_in_page
from tests.fixtures import start_match

pytestmark = pytest.mark.browser
PASSWORD = "hexsite-browser-1"
PHONE = {"width": 360, "height": 740}
FITS = "document.documentElement.scrollWidth <= window.innerWidth"
LOADED = "img => img.complete && img.naturalWidth"


def loaded_width(img) -> int:
    """The picture's width once the browser has it (waits for the load, no sleep)."""
    img.wait_for(state="attached")
    img.element_handle().wait_for_element_state("stable")
    img.page.wait_for_function(LOADED, arg=img.element_handle())
    return img.evaluate(LOADED)


def test_a_player_sends_a_photo_and_her_opponent_sees_it_on_a_phone(daphne_server, new_context):
    nina = make_verified_user("nina", PASSWORD)
    otto = make_verified_user("otto", PASSWORD)
    page = signed_in_page(new_context, daphne_server, "nina", PASSWORD, viewport=PHONE)
    page.goto(f"{daphne_server.url}/me/settings/")
    section = page.locator("#avatar")
    expect(section.get_by_role("heading", name="Photo de profil")).to_be_visible()
    expect(section.locator(".avatar-initials")).to_have_text("N")
    assert page.evaluate(FITS)

    chooser = section.get_by_label("Votre photo")
    chooser.set_input_files(
        {"name": "notes.jpg", "mimeType": "image/jpeg", "buffer": b"pas une image"}
    )
    section.get_by_role("button", name="Envoyer la photo").click()
    expect(page.get_by_test_id("avatar-error")).to_contain_text("n’est pas une image")
    assert Profile.objects.get(user=nina).avatar_digest == ""

    chooser = page.locator("#avatar").get_by_label("Votre photo")
    chooser.set_input_files(
        {"name": "moi.jpg", "mimeType": "image/jpeg", "buffer": photo_with_exif()}
    )
    page.locator("#avatar").get_by_role("button", name="Envoyer la photo").click()
    expect(page.get_by_text("Votre photo de profil est enregistrée.")).to_be_visible()
    digest = Profile.objects.get(user=nina).avatar_digest
    mine = page.locator("#avatar img.avatar")
    expect(mine).to_have_attribute("alt", "nina")  # alone there: it names her
    assert loaded_width(mine) == 192
    expect(page.get_by_role("button", name="Retirer ma photo")).to_be_visible()
    for button in page.locator("#avatar button").all():
        assert button.bounding_box()["height"] >= 44
    assert page.evaluate(FITS)

    page.goto(f"{daphne_server.url}/me/u/nina/")
    big = page.get_by_test_id("profile-head").locator("img.avatar")
    expect(big).to_have_attribute("src", f"/me/u/nina/avatar/{digest}.webp")
    assert loaded_width(big) == 192
    assert big.bounding_box()["width"] == 96
    assert page.evaluate(FITS)

    match = start_match(nina, otto)
    opponent = signed_in_page(new_context, daphne_server, "otto", PASSWORD, viewport=PHONE)
    opponent.goto(f"{daphne_server.url}/m/{match.pk}/")
    nina_line = opponent.locator(".seats li", has_text="nina")
    small = nina_line.locator("img.avatar")
    expect(small).to_have_attribute("alt", "")  # her name is right beside it
    assert loaded_width(small) == 192
    assert small.bounding_box()["width"] == 28
    otto_line = opponent.locator(".seats li", has_text="otto")
    expect(otto_line.locator(".avatar-initials")).to_have_text("O")
    assert opponent.evaluate(FITS)
