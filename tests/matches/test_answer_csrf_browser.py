"""In a real browser: a form that a push swapped into the match page carries no CSRF field
(tests/matches/test_answer_csrf.py), yet posts without htmx as before: the ending's Rematch,
pushed to bruno when anna resigns, takes him to the new match (site.js adds the page's token)."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from games.matches import services
from games.matches.models import Match
from tests.browser_support import make_verified_user, signed_in_page

PASSWORD = "hexsite-browser-1"
PHONE = {"width": 360, "height": 740}


@pytest.mark.browser
def test_a_pushed_rematch_form_posts_without_htmx(daphne_server, new_context):
    anna = make_verified_user("anna", PASSWORD)
    bruno = make_verified_user("bruno", PASSWORD)
    match = services.match_create(
        system="neuroshima", config={"armies": ["moloch", "borgo"]}, seat_users=[anna, bruno]
    )
    url = f"{daphne_server.url}/m/{match.pk}/"
    b = signed_in_page(new_context, daphne_server, "bruno", PASSWORD, viewport=PHONE)
    b.goto(url)
    b.wait_for_selector("body[data-live]", state="attached")
    a = signed_in_page(new_context, daphne_server, "anna", PASSWORD)
    a.goto(url)
    a.locator("#resign-panel summary").click()
    a.locator("#resign-panel button.danger").click()

    rematch = b.get_by_test_id("rematch")
    expect(rematch).to_be_visible()  # pushed: bruno's page was not reloaded
    assert b.locator("#status [name=csrfmiddlewaretoken]").count() == 0
    rematch.focus()
    b.keyboard.press("Enter")
    b.wait_for_url(lambda address: not address.rstrip("/").endswith(f"/m/{match.pk}"))
    assert Match.objects.exclude(pk=match.pk).get().seats.get(index=0).user == bruno
