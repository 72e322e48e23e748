"""The pool of PostgreSQL connections survives a database restart: a connection whose server
went away is replaced before a request uses it (CONN_HEALTH_CHECKS with the pool: its check,
hexsite/dbpool.py), and a
healthy one is lent without a query."""

import pytest
from django.db import connection, connections

from hexsite import dbpool


@pytest.mark.django_db
def test_a_pooled_connection_whose_server_went_away_is_replaced_before_a_request_gets_it():
    pool = connections["default"].pool
    assert pool is not None, "the site runs on a pool of connections"
    idle = pool.getconn()
    pool.putconn(idle)
    with connection.cursor() as cursor:
        # What a restart does to the pool's idle connections: their servers are gone (the
        # test's own connection, checked out of the pool, stays).
        cursor.execute(
            "SELECT pid, pg_terminate_backend(pid, 10000) FROM pg_stat_activity"
            " WHERE datname = current_database() AND pid <> pg_backend_pid()"
        )
        gone = {pid for pid, _terminated in cursor.fetchall()}
    assert gone, "the pool held an idle connection"
    taken = pool.getconn()
    try:
        assert taken.execute("SELECT 1").fetchone() == (1,)
        assert taken.info.backend_pid not in gone
    finally:
        pool.putconn(taken)


@pytest.mark.django_db
def test_lending_a_healthy_idle_connection_sends_postgresql_no_query():
    pool = connections["default"].pool
    assert pool._check is dbpool.check_connection
    idle = pool.getconn()
    try:
        idle.execute("SELECT 'the last query before the check'")
        dbpool.check_connection(idle)
        with connection.cursor() as cursor:
            cursor.execute(
                "SELECT query FROM pg_stat_activity WHERE pid = %s", [idle.info.backend_pid]
            )
            assert cursor.fetchone() == ("SELECT 'the last query before the check'",)
    finally:
        pool.putconn(idle)
