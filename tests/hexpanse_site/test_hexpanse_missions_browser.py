"""The missions on a 360 px phone: each drawing keeps its size beside its caption (name, what it
asks, the progress), where it had shrunk to a few pixels."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from games.matches import services
from tests.browser_support import make_verified_user, signed_in_page
from tests.hexpanse_site.conftest import setup_choices

pytestmark = pytest.mark.browser
PASSWORD = "hexsite-missions-1"
PHONE = {"viewport": {"width": 360, "height": 780}, "locale": "fr-FR"}


def test_the_mission_drawings_keep_their_size_on_a_phone(daphne_server, new_context):
    users = [make_verified_user(f"missions_{n}", PASSWORD) for n in ("anna", "bruno")]
    match = services.match_create(
        system="hexpanse", config={"mode": "amiral", "first_player": 0}, seat_users=users
    )
    match = setup_choices(match, users)
    page = signed_in_page(new_context, daphne_server, "missions_anna", PASSWORD, **PHONE)
    page.goto(f"{daphne_server.url}/m/{match.pk}/")
    drawings = page.locator(".hx-mission svg.mini")
    expect(drawings.first).to_be_visible()
    assert drawings.count() == 2  # the common mission and the reader's secret one
    for i in range(drawings.count()):
        box = drawings.nth(i).bounding_box()
        assert box is not None and box["width"] >= 80, box
