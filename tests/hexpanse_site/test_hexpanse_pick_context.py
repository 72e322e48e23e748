"""A pick's answer (board and hand only) draws Hexpanse's panels for the player as the page
does: they read the reader's seat and the seats' names from the page's context."""

from __future__ import annotations

import re

from django.test import Client

from games.matches import services


def _prompt(html: str) -> str:
    found = re.search(r'data-testid="step-prompt">([^<]*)<', html)
    return found.group(1) if found else ""


def test_a_pick_answer_speaks_to_the_player_as_the_page_does(make_user):
    anna = make_user("hx_pick_anna")
    match = services.match_create(
        system="hexpanse",
        config={"mode": "marin", "first_player": 0},
        seat_users=[anna, None],
        bot_levels={1: 1},
    )
    client = Client()
    client.force_login(anna)
    page = client.get(f"/m/{match.pk}/", HTTP_ACCEPT_LANGUAGE="en").content.decode()
    pick = client.get(
        f"/m/{match.pk}/?k=place:normal",
        HTTP_ACCEPT_LANGUAGE="en",
        HTTP_HX_REQUEST="true",
        HTTP_HX_TARGET="board",
    ).content.decode()
    assert _prompt(page) and _prompt(pick) == _prompt(page)
    assert "Waiting for" not in _prompt(pick)
