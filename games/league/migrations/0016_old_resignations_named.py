from django.db import migrations
from django.db.models import OuterRef, Subquery


def name_old_resignations(apps, schema_editor):
    """Results counted before the match's forfeit record was read (services/results.py
    how_it_ended) kept the engine's « forfeit », which ends a resignation and a loss on time
    alike: the round page showed the scores a resignation leaves (« (0 – 0) ») where it now
    says « abandon de bruno ». The match's last forfeit record says which; only resignations
    are renamed (a loss on time counted then was not counted as the league's forfeit, and its
    table stays as it was)."""
    Result = apps.get_model("league", "Result")
    MatchRecord = apps.get_model("matches", "MatchRecord")
    last_forfeit = MatchRecord.objects.filter(match=OuterRef("match"), kind="forfeit").order_by(
        "-seq"
    )
    old = Result.objects.filter(reason="forfeit", match__isnull=False).annotate(
        recorded=Subquery(last_forfeit.values("data__reason")[:1])
    )
    Result.objects.filter(pk__in=old.filter(recorded="resign").values("pk")).update(
        reason="resign"
    )


class Migration(migrations.Migration):
    dependencies = [
        ("league", "0015_pairing_called_off"),
        ("matches", "0010_called_off_and_draw_declined"),
    ]

    operations = [migrations.RunPython(name_old_resignations, migrations.RunPython.noop)]
