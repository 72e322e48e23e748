"""The task worker inside the web process, as bin/serve runs the site with one web process
(hexsite/serve.py, hexsite/web_worker.py): a move posted to that daphne queues the computer's
answer, and the same daphne plays it; when the worker loses its database it is started again,
and the computer plays again; when daphne is stopped, its worker stops first and unregisters.
No other worker runs here.

A real daphne on the test database; the database is taken away by refusing new connections to
it and ending the worker's (no sleeps: every wait is a bounded poll)."""

from __future__ import annotations

import psycopg
import pytest
from django.db import connection
from procrastinate.contrib.django.models import ProcrastinateJob, ProcrastinateWorker

from games.engine.registry import get_system
from games.matches import services
from games.matches.models import Match
from games.matches.tasks import bot_move
from hexsite import web_worker
from tests.clock.support import make_player
from tests.live.processes import _connect, poll, post_move, session_cookie

pytestmark = pytest.mark.django_db(transaction=True)


def computer_match(user) -> Match:
    match = services.match_create(
        system="neuroshima", config={}, seat_users=[user, None], bot_levels={1: 1}
    )
    return Match.objects.get(pk=match.pk)


def first_legal_move(match: Match, seat: int):
    system = get_system(match.system)
    return system.legal_moves(system.state_from_json(match.snapshot), seat)[0]


def computer_answered(match: Match) -> bool:
    fresh = Match.objects.get(pk=match.pk)
    return fresh.version > match.version + 1 and fresh.records.filter(seat=1).exists()


def test_the_web_process_runs_the_computers_answer_to_a_move_posted_to_it(site, client):
    anna = make_player("anna")
    match = computer_match(anna)
    _daphne, port = site.web_with_worker()
    poll("the web process's worker", lambda: ProcrastinateWorker.objects.exists())

    assert post_move(port, session_cookie(client, anna), match, first_legal_move(match, 0)) < 400
    poll("the computer's answer", lambda: computer_answered(match))
    (job,) = ProcrastinateJob.objects.filter(task_name=bot_move.name)
    poll("the job to end", lambda: ProcrastinateJob.objects.get(pk=job.pk).status == "succeeded")
    assert web_worker.READY in site.log(port).read_text()


def _server() -> psycopg.Connection:
    """A connection to the server's own database: none may forbid connections to the one it
    is in, and the test database will refuse new ones."""
    return _connect("postgres", autocommit=True)


def _database_refuses_connections(refuse: bool) -> None:
    """New connections to the test database are refused (or allowed again); those open stay."""
    name = connection.settings_dict["NAME"]
    with _server() as server:
        allow = "false" if refuse else "true"
        server.execute(f'ALTER DATABASE "{name}" WITH ALLOW_CONNECTIONS {allow}')


def _end_worker_connections() -> int:
    """Ends the web process's worker's connections (its pool's and its listener's)."""
    with _server() as server:
        rows = server.execute(
            "SELECT pg_terminate_backend(pid) FROM pg_stat_activity"
            " WHERE datname = %s AND application_name = %s",
            (connection.settings_dict["NAME"], web_worker.APPLICATION_NAME),
        ).fetchall()
    return len(rows)


def test_the_web_process_starts_its_worker_again_after_it_lost_its_database(site, client):
    anna = make_player("anna")
    match = computer_match(anna)
    _daphne, port = site.web_with_worker()
    first = poll("the web process's worker", lambda: ProcrastinateWorker.objects.first())
    log = site.log(port)

    _database_refuses_connections(True)
    try:
        assert _end_worker_connections() >= 1
        # Its listener cannot connect again: the worker stops, and is started again later.
        poll(
            "the worker to fail",
            lambda: "starting the web process's worker again" in log.read_text(),
        )
    finally:
        _database_refuses_connections(False)
    poll(
        "a new worker",
        lambda: ProcrastinateWorker.objects.exclude(pk=first.pk).exists(),
    )

    services.match_submit_move(
        match_id=match.pk,
        user=anna,
        move_data=first_legal_move(match, 0),
        expected_version=match.version,
    )
    poll("the computer's answer", lambda: computer_answered(match))


def test_stopping_the_web_process_stops_its_worker_cleanly(site):
    daphne, _port = site.web_with_worker()
    poll("the web process's worker", lambda: ProcrastinateWorker.objects.exists())

    daphne.terminate()  # SIGTERM, as bin/serve's supervisor stops its children
    assert daphne.wait(timeout=60) == 0
    # The worker unregistered itself before daphne exited (a killed one stays listed until
    # another worker prunes it, and its running job waits for the stalled-job recovery).
    assert not ProcrastinateWorker.objects.exists()


def _periodic_jobs_done() -> int:
    # Every second here (FAST_RECOVERY): the stalled jobs' sweep, the computers' seats.
    return ProcrastinateJob.objects.filter(status="succeeded").count()


def _end_connections_but_ours() -> int:
    """Ends every connection to the test database but this test's own: the web process's
    requests' and jobs' Django connections, and its worker's."""
    with connection.cursor() as cursor:
        cursor.execute("SELECT pg_backend_pid()")
        ours = cursor.fetchone()[0]
    with _server() as server:
        rows = server.execute(
            "SELECT pg_terminate_backend(pid) FROM pg_stat_activity"
            " WHERE datname = %s AND pid <> %s",
            (connection.settings_dict["NAME"], ours),
        ).fetchall()
    return len(rows)


def test_the_web_process_worker_defers_its_periodic_jobs_again_with_no_request_to_help(site):
    """After an outage that broke the web process's Django connections too, the worker's
    periodic deferrals (the clock's timeouts, the computers' seats) work again by themselves:
    no request reaches that daphne, so nothing else would close the broken connection of the
    thread the deferrals run in (hexsite/web_worker.py `run_once`)."""
    _daphne, port = site.web_with_worker()
    log = site.log(port)
    poll("the worker's periodic jobs", lambda: _periodic_jobs_done() > 0)

    _database_refuses_connections(True)
    try:
        assert _end_connections_but_ours() >= 1
        poll(
            "the worker to fail",
            lambda: "starting the web process's worker again" in log.read_text(),
        )
    finally:
        _database_refuses_connections(False)
    done = _periodic_jobs_done()
    poll("periodic jobs deferred and run again", lambda: _periodic_jobs_done() > done)
