"""Django's PostgreSQL backend, whose pool checks a connection it lends without a query when
CONN_HEALTH_CHECKS is on (hexsite/dbpool.py). Django hands the pool psycopg_pool's own check
(an empty query, a round trip per request) and offers no setting for another. Its test
database is dropped even while a stopped test server's sessions are still closing."""

from __future__ import annotations

from django.db.backends.postgresql import base, creation

from hexsite import dbpool


class DatabaseCreation(creation.DatabaseCreation):
    def _destroy_test_db(self, test_database_name, verbosity):
        # A browser test's daphne runs in a forked process; when it is stopped, PostgreSQL
        # notices its connections close a moment later. Dropping the test database at that
        # moment failed with "being accessed by other users" and left it behind: FORCE ends
        # those sessions first (PostgreSQL 13+). Only the test database is ever dropped here.
        with self._nodb_cursor() as cursor:
            name = self.connection.ops.quote_name(test_database_name)
            cursor.execute(f"DROP DATABASE {name} WITH (FORCE)")


class DatabaseWrapper(base.DatabaseWrapper):
    creation_class = DatabaseCreation

    @property
    def pool(self):
        pool = super().pool
        if pool is not None and self.settings_dict["CONN_HEALTH_CHECKS"]:
            pool._check = dbpool.check_connection  # the pool reads it at each lending
        return pool
