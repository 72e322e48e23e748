"""An answer swapped into the match page carries no CSRF field (issue 14: each is 64 random
characters gzip cannot shrink, several per answer): the page's meta tag holds the token, htmx
sends it as a header and site.js adds it to a form submitted without htmx. A whole page keeps
its fields (a browser without JavaScript), and Django still refuses a POST without the token."""

from __future__ import annotations

import json
import re

import pytest
from django.test import Client

from games.engine.registry import get_system
from games.matches import services

HX = {"HTTP_HX_REQUEST": "true"}
FIELD = re.compile(r'name="csrfmiddlewaretoken" value="([^"]+)"')
META = re.compile(r'<meta name="csrf-token" content="([^"]+)"')


@pytest.fixture
def duel(anna, bruno):
    return services.match_create(
        system="neuroshima", config={"armies": ["moloch", "borgo"]}, seat_users=[anna, bruno]
    )


def _guarded(user) -> Client:
    """A browser whose POSTs Django checks for their CSRF token, as it does outside tests."""
    client = Client(enforce_csrf_checks=True, HTTP_ACCEPT_LANGUAGE="en")
    client.force_login(user)
    return client


def _mover(duel, anna, bruno):
    system = get_system("neuroshima")
    state = system.state_from_json(duel.snapshot)
    seat = system.to_act(state)[0]
    return [anna, bruno][seat], system.legal_moves(state, seat)[0]


def _post_move(client, duel, move, **headers):
    return client.post(
        f"/m/{duel.pk}/move",
        {"move": json.dumps(move), "expected_version": duel.version},
        **HX,
        **headers,
    )


def test_the_whole_page_s_forms_carry_the_token_and_a_move_s_answer_none(duel, anna, bruno):
    user, move = _mover(duel, anna, bruno)
    client = _guarded(user)
    page = client.get(f"/m/{duel.pk}/").content.decode()
    token = META.search(page).group(1)
    assert FIELD.findall(page), "a browser without JavaScript posts the page's own fields"
    answer = _post_move(client, duel, move, HTTP_X_CSRFTOKEN=token)
    assert answer.status_code == 200 and 'id="status"' in answer.content.decode()
    assert "csrfmiddlewaretoken" not in answer.content.decode()
    pick = client.get(f"/m/{duel.pk}/?tile=0", **HX, HTTP_HX_TARGET="board").content.decode()
    assert 'id="hand"' in pick and "csrfmiddlewaretoken" not in pick


def test_a_post_without_the_token_is_still_refused_and_changes_nothing(duel, anna, bruno):
    user, move = _mover(duel, anna, bruno)
    client = _guarded(user)
    client.get(f"/m/{duel.pk}/")  # the CSRF cookie, as a forged cross-site form would send it
    version = duel.version
    assert _post_move(client, duel, move).status_code == 403
    assert _post_move(client, duel, move, HTTP_X_CSRFTOKEN="forged" * 8).status_code == 403
    duel.refresh_from_db()
    assert duel.version == version
