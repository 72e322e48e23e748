"""The database cache table (settings.CACHES): login and sign-up limits are counted there, shared
by every process. Created by `migrate`, so bin/serve, the tests and a deployment all get it."""

from django.conf import settings
from django.core.management import call_command
from django.db import migrations


def create_cache_table(apps, schema_editor):
    call_command("createcachetable", database=schema_editor.connection.alias, verbosity=0)


def drop_cache_table(apps, schema_editor):
    for cache in settings.CACHES.values():
        if cache["BACKEND"] == "django.core.cache.backends.db.DatabaseCache":
            schema_editor.execute(
                f"DROP TABLE IF EXISTS {schema_editor.quote_name(cache['LOCATION'])}"
            )


class Migration(migrations.Migration):
    dependencies = [("accounts", "0001_initial")]

    operations = [migrations.RunPython(create_cache_table, drop_cache_table)]
