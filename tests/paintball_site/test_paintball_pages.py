"""The paintball match page on real Postgres: the board, picks, decisions and sentences."""

from __future__ import annotations

import pytest

from tests.paintball_site.conftest import play

pytestmark = pytest.mark.django_db


def test_smoke(client, players, new_match):
    match = new_match()
    match = play(match, players, 4)
    client.force_login(players[0])
    response = client.get(f"/m/{match.pk}/")
    assert response.status_code == 200
    print(response.content.decode()[:200])
