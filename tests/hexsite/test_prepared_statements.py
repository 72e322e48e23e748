"""A query the site runs again and again is prepared on its connection: PostgreSQL plans it
once, then only executes it (settings: server-side parameters and psycopg's prepare
threshold; issue 14 measured PostgreSQL's CPU per move 7.5-8.6 -> 5.2-5.3 ms)."""

import pytest
from django.contrib.auth import get_user_model
from django.db import connection


def _prepared_on_this_connection(table: str) -> list[str]:
    with connection.cursor() as cursor:
        cursor.execute("SELECT statement FROM pg_prepared_statements")
        return [row[0] for row in cursor.fetchall() if table in row[0]]


@pytest.mark.django_db
def test_a_query_run_a_third_time_on_a_connection_is_prepared_there():
    user = get_user_model().objects.create_user("prepared", password="x")
    for _ in range(3):
        assert get_user_model().objects.filter(pk=user.pk).values_list("username").get()
    prepared = _prepared_on_this_connection('FROM "auth_user"')
    assert prepared, "the user read was planned again at each run"
    # Server-side parameters: the prepared text carries $1, never the values of one call.
    assert any("$1" in statement for statement in prepared)


@pytest.mark.django_db
def test_a_query_run_once_is_not_prepared_so_rare_ones_cost_no_server_memory():
    get_user_model().objects.filter(username__startswith="rarely-asked").exists()
    assert not _prepared_on_this_connection("rarely-asked")
    assert not _prepared_on_this_connection("LIKE")
