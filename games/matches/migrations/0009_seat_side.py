"""Seat.side: the army a seat led, stored at the match's end (services/endings.match_finish).
The matches finished before it get theirs here, read as the end now reads it."""

from django.db import migrations, models


def fill_sides(apps, schema_editor):
    from games.matches.systems import get_site

    Match = apps.get_model("matches", "Match")
    Seat = apps.get_model("matches", "Seat")
    finished = Match.objects.filter(status="finished").only("pk", "system", "config", "snapshot")
    for match in finished.iterator(chunk_size=200):
        site = get_site(match.system)
        if not site.side_option:
            continue
        for seat in Seat.objects.filter(match_id=match.pk).only("pk", "index"):
            side = site.settled_side(match.config or {}, match.snapshot, seat.index)
            if side:
                Seat.objects.filter(pk=seat.pk).update(side=side)


class Migration(migrations.Migration):
    dependencies = [
        ("matches", "0008_snapshot_as_text"),
    ]

    operations = [
        migrations.AddField(
            model_name="seat",
            name="side",
            field=models.CharField(blank=True, default="", max_length=64),
        ),
        migrations.RunPython(fill_sides, migrations.RunPython.noop),
    ]
