"""The daily digest lists each match waiting for its player as « Votre tour » names it: by
its opponents, game and competition (« claim #12 » named nothing a player knows), in a count
of queries that does not grow with the matches."""

from __future__ import annotations

import re

import pytest
from django.core import mail
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.utils import timezone

from games.accounts.models import Profile
from games.league.models import PairingGame
from games.notifications.emails import email_daily_digests
from tests.fixtures import make_player, start_match
from tests.league.conftest import start_season

pytestmark = pytest.mark.django_db


def _digest() -> tuple[str, int]:
    mail.outbox.clear()
    with CaptureQueriesContext(connection) as queries:
        assert email_daily_digests(now=timezone.now()) == 1
    (sent,) = mail.outbox
    return sent.body, len(queries.captured_queries)


def test_the_digest_names_each_match_by_its_opponent_and_competition(organiser, neuroduel):
    anna = make_player("anna", language="en")
    bruno = make_player("bruno", language="fr")
    season = start_season(neuroduel, organiser, [anna, bruno])
    game = PairingGame.objects.get(pairing__round__division__season=season, index=0)
    first = game.match.seats.get(index=0).user
    other = bruno if first == anna else anna
    Profile.objects.filter(user=first).update(language="en", notify_turn="digest")
    casual = start_match(first, other)

    body, few = _digest()
    assert (
        f"- Your turn against {other.username} (claim, League NeuroDuel, season 1, round 1):"
        f" http://127.0.0.1:8000/m/{game.match_id}/"
    ) in body
    casual_line = (
        f"- Your turn against {other.username} (claim): http://127.0.0.1:8000/m/{casual.pk}/"
    )
    assert casual_line in body
    for match_id in (game.match_id, casual.pk):
        assert not re.search(rf"#{match_id}\b", body)

    more = [start_match(first, other) for _ in range(3)]
    body, many = _digest()
    assert all(f"/m/{m.pk}/" in body for m in more)
    assert many == few
