"""A player finds another from the header's Players link (the live search, as they type) and
follows them from their page, in Chromium against a real daphne."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from games.accounts.models import Follow
from games.accounts.selectors import profile_for
from tests.browser_support import artifact, make_verified_user, signed_in_page

pytestmark = pytest.mark.browser


def test_a_player_searches_a_player_from_the_header_and_follows_them(daphne_server, new_context):
    ada = make_verified_user("ada", "ada-pass-1234")
    ben = make_verified_user("benoit", "ben-pass-1234")
    profile = profile_for(ben)
    profile.display_name = "Benoît le Hardi"
    profile.save()
    page = signed_in_page(new_context, daphne_server, "ada", "ada-pass-1234")

    page.get_by_test_id("nav-players").click()
    page.get_by_label("Nom d'un joueur").press_sequentially("benoit")  # no accent: still found
    page.locator("#player-results").get_by_role("link", name="Benoît le Hardi").click()
    # Pressed before htmx has read the new page, Enter would post the plain form (a reload,
    # which has nothing to keep the focus on): wait for the page's scripts to have run.
    page.wait_for_load_state("load")
    page.get_by_test_id("follow").focus()
    page.keyboard.press("Enter")
    page.get_by_test_id("unfollow").wait_for()
    # The keyboard stays where it was: on the button that undoes it (htmx focuses it when the
    # swap settles, a moment after the button appears: waited for, not read at once).
    expect(page.get_by_test_id("unfollow")).to_be_focused()
    assert page.get_by_test_id("followers").inner_text() == "1 abonné"
    page.screenshot(path=artifact("players-follow.png"), full_page=True)
    assert Follow.objects.filter(follower=ada, followed=ben).exists()
