"""A move the deadline played is told as such (README, the clock: never a silent default): the
log, the recent list, « since my last turn » and the replay say the deadline played the rules'
default for the player, before the move's own events, for every system (the platform reads the
record's flag). Every reader sees that it happened; none sees more of the move than its events
show them."""

from __future__ import annotations

import re

import pytest

from games.engine import registry
from games.matches.models import Match, MatchRecord
from tests.fixtures import last_record, match_state, submit, time_out
from tests.matches.demo_system import ClaimWithDefault

pytestmark = pytest.mark.django_db

TOLD_FR = "Délai dépassé pour anna : le choix par défaut des règles est joué à sa place."
TOLD_EN = "Deadline passed for anna: the rules&#x27; default is played for them."


registry.register(ClaimWithDefault())


@pytest.fixture
def defaulted(anna, bruno):
    """anna placed a tile and let her deadline pass: the deadline ended her turn (she drew)."""
    from games.matches import services

    match = services.match_create(
        system="claimdefault", config={"hexes": 8}, seat_users=[anna, bruno]
    )
    system, state = match_state(match)
    submit(match, anna, next(m for m in system.legal_moves(state, 0) if m["type"] == "claim"))
    assert time_out(match, 0) == [(match.pk, 0)]
    record = last_record(match)
    assert record.kind == MatchRecord.Kind.MOVE and record.data["by_deadline"] is True
    match.refresh_from_db()
    return match


def _page(client, user, url: str, language: str = "fr") -> str:
    if user is not None:
        client.force_login(user)
    return client.get(url, HTTP_ACCEPT_LANGUAGE=language).content.decode()


def _drawn_tiles(match) -> list[str]:
    events = last_record(match).events
    return next(e["data"]["tiles"] for e in events if e["kind"] == "TilesDrawn")


def test_the_log_tells_every_reader_the_deadline_played_and_hides_the_drawn_tiles(
    client, defaulted, anna, bruno
):
    for reader in (anna, bruno, None):
        page = _page(client, reader, f"/m/{defaulted.pk}/")
        assert TOLD_FR in page, reader
        if reader is not anna:  # the tiles she drew are hers alone
            assert not [t for t in _drawn_tiles(defaulted) if re.search(rf"\b{t}\b", page)]
        client.logout()
    assert TOLD_EN in _page(client, bruno, f"/m/{defaulted.pk}/", "en")


def test_since_my_last_turn_shows_the_player_what_the_deadline_played_for_them(
    client, defaulted, anna, bruno
):
    """Her last own move was before it: the default is the news, not « nothing yet »."""
    assert TOLD_FR in _page(client, anna, f"/m/{defaulted.pk}/since/")
    assert TOLD_FR in _page(client, bruno, f"/m/{defaulted.pk}/since/")


def test_the_replay_of_the_finished_match_says_which_move_the_deadline_played(
    client, defaulted, anna, bruno
):
    from games.matches import services

    services.match_resign(match_id=defaulted.pk, user=bruno)
    defaulted.refresh_from_db()
    assert defaulted.status == Match.Status.FINISHED
    replay = _page(client, None, f"/m/{defaulted.pk}/replay/?ply=2")
    assert TOLD_FR in replay
    assert TOLD_FR not in _page(client, None, f"/m/{defaulted.pk}/replay/?ply=1")
