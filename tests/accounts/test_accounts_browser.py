"""Sign in and change settings on a 360 px phone screen, in Chromium against a real daphne."""

from __future__ import annotations

import os

import pytest

from games.accounts.models import Profile
from tests.browser_support import (
    CHROMIUM,
    CHROMIUM_ARGS,
    artifact,
    make_verified_user,
    sign_in,
)

pytestmark = pytest.mark.browser
PHONE = {"width": 360, "height": 740}


def fits_the_screen(page) -> bool:
    return page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")


@pytest.fixture
def phone_page():
    # Our own short-lived Playwright (not the session-wide one): its event loop stops with this
    # test, so later async tests in this process can run their own.
    os.environ.setdefault("DJANGO_ALLOW_ASYNC_UNSAFE", "true")
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        chromium = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        context = chromium.new_context(viewport=PHONE, locale="en-US")
        context.set_default_timeout(15000)
        try:
            yield context.new_page()
        finally:
            chromium.close()


def test_a_player_signs_in_and_saves_settings_on_a_phone(daphne_server, phone_page):
    user = make_verified_user("iris", "iris-pass-1234")
    page = phone_page

    page.goto(f"{daphne_server.url}/accounts/login/")
    assert fits_the_screen(page)
    page.screenshot(path=artifact("accounts-login-360.png"), full_page=True)
    sign_in(page, daphne_server, "iris", "iris-pass-1234")

    page.goto(f"{daphne_server.url}/me/settings/")
    assert fits_the_screen(page)
    form = page.locator("#settings-form")
    form.get_by_label("Display name").fill("Iris of the Hexes")
    form.get_by_label("Language").select_option("en")
    form.get_by_label("One daily digest").check()
    form.get_by_role("button", name="Save").click()
    page.get_by_text("Settings saved.").first.wait_for()
    page.screenshot(path=artifact("accounts-settings-360.png"), full_page=True)
    profile = Profile.objects.get(user=user)
    assert (profile.display_name, profile.notify_turn) == ("Iris of the Hexes", "digest")
