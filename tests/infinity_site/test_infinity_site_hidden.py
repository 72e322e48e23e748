"""Hidden information never reaches a browser that may not see it (issue 18; spec Part D.3): the
other side's Lieutenant, its reaction policies and its hidden trooper stay out of its opponent's
and a spectator's HTML, htmx partials and history pages, while its owner sees them."""

from __future__ import annotations

import re

import pytest
from django.test import Client

from games.matches.models import Match
from tests.infinity_site.conftest import HIDDEN, acting, deployed_match

pytestmark = pytest.mark.django_db


def pages(client: Client, match: Match) -> str:
    out = []
    for url, headers in (
        (f"/m/{match.pk}/", {}),
        (f"/m/{match.pk}/", {"HTTP_HX_REQUEST": "true", "HTTP_HX_TARGET": "board"}),
        (f"/m/{match.pk}/since/", {}),
        (f"/m/{match.pk}/steps/", {}),
    ):
        for language in ("fr", "en"):
            response = client.get(url, HTTP_ACCEPT_LANGUAGE=language, **headers)
            assert response.status_code in (200, 404), url
            out.append(response.content.decode())
    return "\n".join(out)


def client_for(user=None) -> Client:
    c = Client()
    if user is not None:
        c.force_login(user)
    return c


def test_the_other_sides_secrets_stay_out_of_every_page(players, make_user):
    match = deployed_match(players)
    _, state, _ = acting(match)
    hex_ = state.trooper(HIDDEN).hex
    owner = pages(client_for(players[1]), match)
    # The owner sees its hidden Domaru, its Lieutenant marked, and could see the strings below.
    assert f'data-testid="trooper-{HIDDEN}"' in owner
    assert "lieutenant" in owner
    for reader in (client_for(players[0]), client_for(make_user("inf_carla")), client_for()):
        html = pages(reader, match)
        assert f'data-testid="trooper-{HIDDEN}"' not in html
        assert not re.search(rf'data-testid="trooper-[^"]+" data-hex="{hex_[0]},{hex_[1]}"', html)
        assert "jsa.keisotsu.lt" not in html
        for tid in ("k1", "k2", "k3", "d1", "d2"):  # the JSA's policies
            assert f"&quot;{tid}&quot;: {{&quot;on_sight" not in html
            assert f'"{tid}": {{"on_sight' not in html and f'"{tid}":{{"on_sight' not in html
        assert 'class="trooper seat-1 state-normal lieutenant' not in html
        assert "trooper seat-1 state-normal linked lieutenant" not in html


def _flash(client: Client, match: Match, move: str) -> str:
    response = client.post(
        f"/m/{match.pk}/move",
        {"move": move, "expected_version": match.version},
        HTTP_HX_REQUEST="true",
    )
    html = response.content.decode()
    return html.split('id="flash"')[1].split("</div>")[0]


def test_a_refused_move_tells_nothing_of_a_hidden_trooper(players):
    """Shooting at the hidden Domaru is refused exactly as shooting at nobody."""
    match = deployed_match(players)
    client = client_for(players[0])
    hidden = _flash(client, match, '{"type": "order", "seat": 0, "trooper": "d2"}')
    nobody = _flash(client, match, '{"type": "order", "seat": 0, "trooper": "zz9"}')
    assert hidden == nobody and "error" in hidden
