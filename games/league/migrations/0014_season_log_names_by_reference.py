"""Season log lines written before players were named by reference (games/accounts/names.py) get the
references too, so they show current names like the newer ones: each name is linked to the
account holding it now, only if that account existed when the line was written (a name freed
by a deletion before names were retired, then taken by a newcomer, must not hand the newcomer
the old lines). Names no account holds stay as they were written."""

from django.conf import settings
from django.db import migrations

NAME_KEYS = ("player", "old", "new", "winner", "champion", "players")
USER_IDS = "user_ids"


def link_names(apps, schema_editor):
    Line = apps.get_model("league", "SeasonLog")
    User = apps.get_model(*settings.AUTH_USER_MODEL.split("."))
    lines = list(Line.objects.exclude(**{"data__has_key": USER_IDS}))
    names = set()
    for line in lines:
        for key in NAME_KEYS:
            value = (line.data or {}).get(key)
            names.update(value if isinstance(value, list) else [value])
    names = {n for n in names if isinstance(n, str) and n}
    accounts = {
        name: (pk, joined)
        for name, pk, joined in User.objects.filter(username__in=names).values_list(
            "username", "pk", "date_joined"
        )
    }
    for line in lines:
        data, ids = dict(line.data or {}), {}
        for key in NAME_KEYS:
            value = data.get(key)
            values = value if isinstance(value, list) else [value]
            found = [accounts.get(v) if isinstance(v, str) else None for v in values]
            linked = [f[0] for f in found if f and f[1] <= line.at]
            if not values or len(linked) != len(values):
                continue
            ids[key] = linked if isinstance(value, list) else linked[0]
        if ids:
            data[USER_IDS] = ids
            line.data = data
            line.save(update_fields=["data"])


class Migration(migrations.Migration):
    dependencies = [
        migrations.swappable_dependency(settings.AUTH_USER_MODEL),
        ("league", "0013_division_tiebreakers"),
    ]

    operations = [migrations.RunPython(link_names, migrations.RunPython.noop)]
