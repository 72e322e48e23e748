"""Feed lines written before players were named by reference (games/accounts/names.py) get the
references too, so they show current names like the newer ones: each name is linked to the
account holding it now, only if that account existed when the line was written (a name freed
by a deletion before names were retired, then taken by a newcomer, must not hand the newcomer
the old lines). Names no account holds stay as they were written."""

from django.conf import settings
from django.db import migrations

from games.accounts.names import link_old_lines

NAME_KEYS = ("organiser", "player", "a", "b", "winner", "chooser", "source", "author")


def link_names(apps, schema_editor):
    link_old_lines(
        apps.get_model("campaigns", "FeedEntry"),
        apps.get_model(*settings.AUTH_USER_MODEL.split(".")),
        field="params",
        written_at="created_at",
        keys=NAME_KEYS,
    )


class Migration(migrations.Migration):
    dependencies = [
        migrations.swappable_dependency(settings.AUTH_USER_MODEL),
        ("campaigns", "0005_battle_replays"),
    ]

    operations = [migrations.RunPython(link_names, migrations.RunPython.noop)]
