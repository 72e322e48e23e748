"""The lobby's open matches cost the same number of queries however many are listed: each
seated player's rating note ("rating 22.4") comes with the seats' one query, not one query per
match (README "Benchmarks")."""

from __future__ import annotations

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from games.league.models import Rating
from games.matches import services
from tests.fixtures import client_for, make_player

pytestmark = pytest.mark.django_db


def _open_matches(hosts) -> None:
    for host in hosts:
        services.match_create(system="claim", config={"hexes": 8}, seat_users=[host, None])


def _lobby_queries(client) -> tuple[int, str]:
    with CaptureQueriesContext(connection) as queries:
        page = client.get("/").content.decode()
    return len(queries), page


def test_the_open_matches_rating_notes_cost_no_query_per_match():
    reader = make_player("reader")
    hosts = [make_player(f"host{i}") for i in range(8)]
    Rating.objects.create(user=hosts[0], system="claim", mu=30.0, sigma=2.0, games=12)
    client = client_for(reader, "en")
    _open_matches(hosts[:2])
    before, page = _lobby_queries(client)
    assert page.count('class="rating-note"') == 1 and "rating 24" in page  # 30 − 3 × 2
    _open_matches(hosts[2:])
    after, page = _lobby_queries(client)
    assert page.count('class="rating-note"') == 1 and page.count("host") >= 8
    assert after == before
