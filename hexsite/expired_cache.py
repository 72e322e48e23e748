"""Expired rows of the database cache go within minutes, not when someone reads them again.

django-allauth counts sign-in and sign-up attempts in the database cache (settings.CACHES), and
its per-address counters hold the client's IP address in clear in their key. Django's database
cache deletes an expired row only when the same key is read again, or when the table passes its
MAX_ENTRIES (which we set high on purpose: settings.py), so an address would stay in the table,
and in every nightly backup, long after its minute. The worker runs `expired_cache_rows_delete`
every PURGE_CACHE_MINUTES (hexsite/tasks.py: `purge_expired_cache`).
"""

from __future__ import annotations

from django.conf import settings
from django.core.cache import caches
from django.db import connections, router
from django.utils import timezone

DATABASE_CACHE = "django.core.cache.backends.db.DatabaseCache"
# How often the worker purges (its cron, hexsite/tasks.py); the privacy page says it too.
PURGE_CACHE_MINUTES = 5


def expired_cache_rows_delete() -> int:
    """Delete the expired rows of every database cache of settings.CACHES; how many went."""
    deleted = 0
    for alias, config in settings.CACHES.items():
        if config["BACKEND"] != DATABASE_CACHE:
            continue
        # The database the cache itself writes to (DatabaseCache.set asks the router the same).
        connection = connections[router.db_for_write(caches[alias].cache_model_class)]
        table = connection.ops.quote_name(config["LOCATION"])
        # The rule Django's cache reads by: a row whose `expires` is past is a miss.
        now = timezone.now()
        with connection.cursor() as cursor:
            cursor.execute(
                f"DELETE FROM {table} WHERE expires < %s",
                [connection.ops.adapt_datetimefield_value(now)],
            )
            deleted += cursor.rowcount
    return deleted
