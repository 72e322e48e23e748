"""The vacation page (games/clock/views.py): start a vacation, see it, end it early."""

from __future__ import annotations

import pytest

pytestmark = pytest.mark.django_db

EN = {"HTTP_ACCEPT_LANGUAGE": "en"}


def test_the_vacation_page_starts_and_stops_a_vacation(client, anna):
    client.force_login(anna)
    assert "30 days left" in client.get("/me/vacation/", **EN).content.decode()
    client.post("/me/vacation/change/", {"action": "start", "days": "4"})
    html = client.get("/me/vacation/", **EN).content.decode()
    assert "You are on vacation until" in html
    client.post("/me/vacation/change/", {"action": "stop"})
    assert "29 days left" in client.get("/me/vacation/", **EN).content.decode()
