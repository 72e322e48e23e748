"""Team play: one person may hold several seats of one team when the system allows it.

Each seat records its team (its position in the system's `teams(config, seats)`), and the old
"one seat per user" constraint becomes "one team per user" (an exclusion constraint over
btree_gist). Existing rows stay valid: the old constraint gave every person one seat per match,
which the new one allows whatever the teams."""

from django.contrib.postgres.constraints import ExclusionConstraint
from django.contrib.postgres.operations import BtreeGistExtension
from django.db import migrations, models


def team_of_every_seat(apps, schema_editor):
    """Each existing seat's team as its system says; a seat alone when the system is unknown
    or its stored config no longer validates (the constraint holds either way)."""
    from games.engine import registry

    Match = apps.get_model("matches", "Match")
    Seat = apps.get_model("matches", "Seat")
    for match in Match.objects.order_by("pk").iterator(chunk_size=500):
        seats = list(Seat.objects.filter(match=match).order_by("index"))
        try:
            teams = registry.get_system(match.system).teams(match.config or {}, len(seats))
            team_by_seat = {seat: team for team, members in enumerate(teams) for seat in members}
        except Exception:  # noqa: BLE001 (any failure: every seat alone, still valid)
            team_by_seat = {}
        for seat in seats:
            seat.team = team_by_seat.get(seat.index, seat.index)
        Seat.objects.bulk_update(seats, ["team"])


class Migration(migrations.Migration):
    dependencies = [
        ("matches", "0002_seat_invite_only"),
    ]

    operations = [
        BtreeGistExtension(),
        migrations.AddField(
            model_name="seat",
            name="team",
            field=models.PositiveSmallIntegerField(null=True),
        ),
        migrations.RunPython(team_of_every_seat, migrations.RunPython.noop),
        migrations.AlterField(
            model_name="seat",
            name="team",
            field=models.PositiveSmallIntegerField(),
        ),
        migrations.RemoveConstraint(
            model_name="seat",
            name="seat_one_per_user",
        ),
        migrations.AddConstraint(
            model_name="seat",
            constraint=ExclusionConstraint(
                condition=models.Q(("user__isnull", False)),
                expressions=[("match", "="), ("user", "="), ("team", "<>")],
                name="seat_one_team_per_user",
            ),
        ),
    ]
