"""Fixtures of the multi-process tests: the site's processes on the test database, an empty
job queue, and a row lock held from outside to stop a process at a known point."""

from __future__ import annotations

import contextlib

import psycopg
import pytest
from django.db import connection

from hexsite import embedded_redis
from tests.live.processes import Processes, poll, site_env

# A dead worker is noticed after four missed heartbeats (1 s here), and the worker looks for
# stalled jobs and waiting computer seats every second: the recovery the site does every few
# seconds, fast enough for a test.
FAST_RECOVERY = {"HEXSITE_WORKER_HEARTBEAT": "0.25", "HEXSITE_RECOVERY_SECONDS": "1"}


@pytest.fixture
def empty_job_queue(transactional_db):
    # Django's flush leaves procrastinate's tables alone: no job of another test may run here.
    with connection.cursor() as cursor:
        cursor.execute("TRUNCATE procrastinate_jobs RESTART IDENTITY CASCADE")
        cursor.execute("DELETE FROM procrastinate_workers")


@pytest.fixture
def site(tmp_path, monkeypatch, empty_job_queue):
    """daphne and workers as bin/serve starts them, with an embedded Redis of their own."""
    redis_dir = tmp_path / "redis"
    processes = Processes(site_env(HEXSITE_REDIS_DIR=str(redis_dir), **FAST_RECOVERY), "live")
    try:
        yield processes
    finally:
        processes.stop_all()
        monkeypatch.setattr(embedded_redis, "DIR", redis_dir)
        embedded_redis.stop()


def _connect() -> psycopg.Connection:
    db = connection.settings_dict
    return psycopg.connect(
        host=db["HOST"],
        port=db["PORT"],
        user=db["USER"],
        password=db["PASSWORD"] or None,
        dbname=db["NAME"],
        autocommit=False,
    )


@contextlib.contextmanager
def row_locked(table: str, row_id: int):
    """Holds `SELECT ... FOR UPDATE` on one row from a connection of its own: whoever needs
    that row next waits right there, inside its transaction, until the block ends."""
    with _connect() as holder:
        holder.execute(f"SELECT id FROM {table} WHERE id = %s FOR UPDATE", (row_id,))
        try:
            yield
        finally:
            holder.rollback()


def waiting_on_a_lock(fragment: str) -> bool:
    """Some other session of the test database waits for a row lock in a query containing
    `fragment`: the process it serves is stopped at that point."""
    with _connect() as probe:
        row = probe.execute(
            "SELECT count(*) FROM pg_stat_activity WHERE datname = current_database()"
            " AND wait_event_type = 'Lock' AND query LIKE %s",
            (f"%{fragment}%",),
        ).fetchone()
    return bool(row and row[0])


def wait_until_stopped_at(fragment: str) -> None:
    poll(f"a process waiting for a row lock in {fragment!r}", lambda: waiting_on_a_lock(fragment))
