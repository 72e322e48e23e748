"""My games lists the latest finished matches only (it is refetched at every change to one of
the player's matches, so it must not grow with every game ever played); every finished match
is on the finished games' pages, the most recently finished first."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.utils import timezone

from games.matches import selectors, services
from games.matches.models import Match
from tests.fixtures import client_for

pytestmark = pytest.mark.django_db


def _finished(n, anna, bruno):
    """n finished matches between anna and bruno, the first finished first (a day apart)."""
    matches = []
    for i in range(n):
        match = services.match_create(system="claim", config={}, seat_users=[anna, bruno])
        services.match_resign(match_id=match.pk, user=bruno)
        when = timezone.now() - timedelta(days=n - i)
        Match.objects.filter(pk=match.pk).update(finished_at=when)
        matches.append(match)
    return matches


def _listed(html: str) -> list[int]:
    import re

    return [int(pk) for pk in re.findall(r'<li[^>]*>\s*<a href="/m/(\d+)/">', html)]


def test_my_games_shows_the_latest_finished_and_leads_to_all_of_them(anna, bruno):
    matches = _finished(selectors.FINISHED_SHOWN + 3, anna, bruno)
    running = services.match_create(system="claim", config={}, seat_users=[anna, bruno])
    html = client_for(anna).get("/games/").content.decode()
    newest_first = [m.pk for m in reversed(matches)]
    assert _listed(html) == [running.pk, *newest_first[: selectors.FINISHED_SHOWN]]
    assert 'href="/games/finished/"' in html and f"({len(matches)})" in html


def test_below_the_limit_every_finished_match_is_there_and_no_link(anna, bruno):
    matches = _finished(2, anna, bruno)
    html = client_for(anna).get("/games/").content.decode()
    assert _listed(html) == [m.pk for m in reversed(matches)]
    assert "/games/finished/" not in html


def test_the_finished_pages_go_from_the_newest_to_the_oldest(anna, bruno, monkeypatch):
    monkeypatch.setattr(selectors, "FINISHED_PER_PAGE", 4)
    matches = _finished(6, anna, bruno)
    newest_first = [m.pk for m in reversed(matches)]
    client = client_for(anna, "fr")
    first = client.get("/games/finished/").content.decode()
    assert _listed(first) == newest_first[:4] and "Page 1 sur 2" in first
    assert 'href="?page=2"' in first and "?page=0" not in first
    second = client.get("/games/finished/?page=2").content.decode()
    assert _listed(second) == newest_first[4:]
    # A page beyond the last, or no number, shows the nearest page.
    assert _listed(client.get("/games/finished/?page=99").content.decode()) == newest_first[4:]
    assert _listed(client.get("/games/finished/?page=x").content.decode()) == newest_first[:4]


def test_nobody_sees_another_player_s_finished_games(anna, bruno, make_user):
    _finished(2, anna, bruno)
    carla = make_user("carla")
    assert _listed(client_for(carla).get("/games/finished/").content.decode()) == []
    assert client_for(None).get("/games/finished/").status_code == 302  # to the sign-in


def test_my_games_reads_no_state_and_its_queries_do_not_grow_with_the_games(anna, bruno):
    def queries():
        with CaptureQueriesContext(connection) as captured:
            client_for(anna).get("/games/")
        return captured.captured_queries

    _finished(2, anna, bruno)
    few = queries()
    _finished(selectors.FINISHED_SHOWN + 5, anna, bruno)
    many = queries()
    assert len(many) <= len(few) + 1  # + the count of all finished matches, for the link
    assert not [q["sql"][:300] for q in many if '"snapshot"' in q["sql"]]


def test_the_lobby_and_a_followers_page_read_no_state(anna, bruno, make_user):
    """Their lists of matches in progress (50 on the lobby) name the players, never read a
    game's state."""
    match = services.match_create(
        system="claim", config={}, seat_users=[anna, bruno], is_public=True
    )
    assert Match.objects.get(pk=match.pk).has_snapshot
    carla = make_user("carla")
    client_for(carla).post("/me/u/anna/follow")
    for url in ("/", "/me/players/following/"):
        with CaptureQueriesContext(connection) as captured:
            html = client_for(carla).get(url).content.decode()
        assert f"/m/{match.pk}/" in html, url
        assert not [q["sql"][:300] for q in captured.captured_queries if '"snapshot"' in q["sql"]]
