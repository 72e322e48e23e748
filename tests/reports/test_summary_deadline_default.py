"""The battle report's summary tells its last events as the log does: a move the deadline
played opens with the platform's sentence (« Délai dépassé pour anna : … »), and the move's
own events follow as a spectator may see them."""

from __future__ import annotations

import re

import pytest
from django.utils import translation

from games.engine import registry
from games.matches import services
from games.reports.summary import match_summary
from tests.fixtures import last_record, match_state, submit, time_out
from tests.matches.demo_system import ClaimWithDefault

pytestmark = pytest.mark.django_db

registry.register(ClaimWithDefault())


def test_the_summary_says_the_deadline_played_the_default_and_hides_the_drawn_tiles(make_user):
    anna, bruno = make_user("anna"), make_user("bruno")
    match = services.match_create(
        system="claimdefault", config={"hexes": 8}, seat_users=[anna, bruno]
    )
    system, state = match_state(match)
    submit(match, anna, next(m for m in system.legal_moves(state, 0) if m["type"] == "claim"))
    time_out(match, 0)
    default = last_record(match)
    drawn = next(e["data"]["tiles"] for e in default.events if e["kind"] == "TilesDrawn")
    services.match_resign(match_id=match.pk, user=bruno)
    match.refresh_from_db()
    with translation.override("fr"):
        last = match_summary(match=match).last_events
    told = "Délai dépassé pour anna : le choix par défaut des règles est joué à sa place."
    assert told in last
    assert not [t for t in drawn if any(re.search(rf"\b{t}\b", line) for line in last)]
