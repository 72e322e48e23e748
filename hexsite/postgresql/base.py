"""Django's PostgreSQL backend, whose pool checks a connection it lends without a query when
CONN_HEALTH_CHECKS is on (hexsite/dbpool.py). Django hands the pool psycopg_pool's own check
(an empty query, a round trip per request) and offers no setting for another."""

from __future__ import annotations

from django.db.backends.postgresql import base

from hexsite import dbpool


class DatabaseWrapper(base.DatabaseWrapper):
    @property
    def pool(self):
        pool = super().pool
        if pool is not None and self.settings_dict["CONN_HEALTH_CHECKS"]:
            pool._check = dbpool.check_connection  # the pool reads it at each lending
        return pool
