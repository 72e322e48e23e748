"""« Supprimer mon compte » on a 360 px phone with the keyboard alone: from Settings to the page
that says it is done, a wrong name refused on the way, the running match resigned."""

from __future__ import annotations

import pytest
from django.contrib.auth import get_user_model
from playwright.sync_api import expect

from games.matches.models import Match
from tests.browser_support import PHONE, fits_the_phone, make_verified_user, signed_in_page
from tests.fixtures import start_match
from tests.matches.demo_system import install

install()  # the "claim" system, registered before the server forks

pytestmark = pytest.mark.browser


def _tall_enough(locator) -> None:
    assert locator.bounding_box()["height"] >= 44


def test_a_player_deletes_their_account_with_the_keyboard_on_a_phone(daphne_server, new_context):
    ada = make_verified_user("ada", "pw-ada-secret")
    ben = make_verified_user("ben", "pw-ben-secret")
    match = start_match(ada, ben)
    page = signed_in_page(new_context, daphne_server, "ada", "pw-ada-secret", viewport=PHONE)
    page.goto(f"{daphne_server.url}/me/settings/")

    delete_link = page.get_by_test_id("account-delete")
    _tall_enough(delete_link)
    _tall_enough(page.get_by_test_id("data-download"))
    fits_the_phone(page)
    delete_link.focus()
    page.keyboard.press("Enter")
    expect(page.get_by_role("heading", name="Supprimer mon compte")).to_be_visible()
    fits_the_phone(page)

    password = page.get_by_label("Votre mot de passe")
    password.focus()
    page.keyboard.type("pw-ada-secret")
    page.keyboard.press("Tab")
    page.keyboard.type("Ada")  # not her name as written
    page.keyboard.press("Tab")
    button = page.get_by_role("button", name="Supprimer définitivement mon compte")
    expect(button).to_be_focused()
    _tall_enough(button)
    page.keyboard.press("Enter")
    expect(page.get_by_test_id("delete-error")).to_contain_text("rien n’a été supprimé")
    fits_the_phone(page)
    assert get_user_model().objects.get(pk=ada.pk).is_active

    page.get_by_label("Votre mot de passe").focus()
    page.keyboard.type("pw-ada-secret")
    page.keyboard.press("Tab")
    page.keyboard.press("Control+A")
    page.keyboard.type("ada")
    page.keyboard.press("Enter")
    expect(page.get_by_test_id("account-deleted")).to_have_text("Votre compte est supprimé")
    fits_the_phone(page)

    match.refresh_from_db()
    assert match.status == Match.Status.FINISHED
    assert match.seats.get(user=ben).rank == 0
    assert get_user_model().objects.get(pk=ada.pk).username == f"joueur supprimé {ada.pk}"
    page.goto(f"{daphne_server.url}/me/settings/")  # signed out: Settings asks to sign in
    expect(page).to_have_url(f"{daphne_server.url}/accounts/login/?next=/me/settings/")
