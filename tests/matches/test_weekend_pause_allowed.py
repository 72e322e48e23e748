"""Whether a match lets a player's clock stop at weekends (games/clock): the lobby's "Weekend
pause allowed" (ticked by default, like vacation), kept by a rematch."""

from __future__ import annotations

import pytest
from django.test import Client
from django.urls import reverse

from games.matches import services
from games.matches.models import Match
from tests.fixtures import new_match_form

pytestmark = pytest.mark.django_db


def _client(user):
    client = Client(HTTP_ACCEPT_LANGUAGE="en")
    client.force_login(user)
    return client


def test_the_lobby_offers_it_ticked(anna):
    html = _client(anna).get("/").content.decode()
    assert 'id="id_weekend_pause_allowed" checked>' in html
    assert 'aria-describedby="id_weekend_pause_allowed_helptext"' in html
    assert 'id="id_weekend_pause_allowed_helptext"' in html
    assert "Weekend pause allowed" in html


@pytest.mark.parametrize(("ticked", "allowed"), [("on", True), (None, False)])
def test_the_creator_decides_for_the_match(anna, ticked, allowed):
    form = new_match_form("claim", seat_1="computer-easy")
    if ticked is None:
        del form["weekend_pause_allowed"]
    response = _client(anna).post(reverse("matches:create"), form)
    assert response.status_code == 302
    assert Match.objects.get().weekend_pause_allowed is allowed


def test_a_rematch_keeps_the_choice(anna):
    first = services.match_create(
        system="claim",
        config={"hexes": 8},
        seat_users=[anna, None],
        bot_levels={1: 1},
        weekend_pause_allowed=False,
    )
    services.match_resign(match_id=first.pk, user=anna)
    rematch = services.match_rematch(match_id=first.pk, user=anna)
    assert rematch.weekend_pause_allowed is False
