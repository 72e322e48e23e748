"""A move writes the columns a move changes (the state, the dice's counter, the version, and
the result when it ends the match), not the whole match row: the rest (its options, clock,
competition...) are left as they are (issue 14: fewer values for Django to prepare and for
PostgreSQL to write)."""

from __future__ import annotations

import json
import re

from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext

from games.engine.registry import get_system
from games.matches import services
from games.matches.models import Match

HX = {"HTTP_HX_REQUEST": "true"}


def test_a_move_updates_only_the_columns_a_move_changes(anna, bruno):
    duel = services.match_create(
        system="neuroshima", config={"armies": ["moloch", "borgo"]}, seat_users=[anna, bruno]
    )
    system = get_system("neuroshima")
    state = system.state_from_json(duel.snapshot)
    (seat,) = system.to_act(state)
    client = Client()
    client.force_login([anna, bruno][seat])
    move = system.legal_moves(state, seat)[0]
    data = {"move": json.dumps(move), "expected_version": duel.version}
    with CaptureQueriesContext(connection) as queries:
        assert client.post(f"/m/{duel.pk}/move", data, **HX).status_code == 200
    updates = [q["sql"] for q in queries if q["sql"].startswith('UPDATE "matches_match"')]
    assert len(updates) == 1
    written = set(re.findall(r'"(\w+)" = ', updates[0].split(" WHERE ")[0]))
    assert written == {"snapshot", "rng_counter", "version", "status", "finished_at", "outcome"}
    moved = Match.objects.get(pk=duel.pk)
    assert moved.version == duel.version + 1
    assert moved.snapshot != duel.snapshot
    assert moved.config == duel.config
