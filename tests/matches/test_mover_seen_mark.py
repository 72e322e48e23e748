"""A move marks the mover's seats seen at the version it made, in its own transaction: the
answer then writes nothing after the commit (one WAL flush per move, not two)."""

from __future__ import annotations

import json

from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext

from games.engine.registry import get_system
from games.matches import services
from games.matches.models import Seat


def _first_claim(match, seat):
    system = get_system("claim")
    moves = system.legal_moves(system.state_from_json(match.snapshot), seat)
    return next(m for m in moves if m["type"] == "claim")


def test_the_move_service_marks_the_movers_seat_seen_and_not_the_others(claim_match, anna):
    match = services.match_submit_move(
        match_id=claim_match.pk,
        user=anna,
        move_data=_first_claim(claim_match, 0),
        expected_version=claim_match.version,
    )
    marks = dict(Seat.objects.filter(match=match).values_list("index", "last_seen_version"))
    assert marks[0] == match.version
    assert marks[1] < match.version


def test_the_answer_to_a_move_writes_nothing_after_the_move(claim_match, anna):
    client = Client()
    client.force_login(anna)
    data = {
        "move": json.dumps(_first_claim(claim_match, 0)),
        "expected_version": claim_match.version,
    }
    with CaptureQueriesContext(connection) as queries:
        response = client.post(f"/m/{claim_match.pk}/move", data, HTTP_HX_REQUEST="true")
    assert response.status_code == 200
    sql = [q["sql"] for q in queries.captured_queries]
    last_write = max(i for i, q in enumerate(sql) if q.startswith(("UPDATE", "INSERT")))
    release = max(i for i, q in enumerate(sql) if q.startswith("RELEASE SAVEPOINT"))
    assert last_write < release  # every write inside the move's transaction
