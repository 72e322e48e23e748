"""Fixtures of the multi-process tests: the site's processes on the test database and an empty
job queue."""

from __future__ import annotations

import pytest
from django.db import connection

from hexsite import embedded_redis
from tests.live.processes import FAST_RECOVERY, Processes, site_env


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
