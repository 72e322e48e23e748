# The league names no system: a league's game comes from its preset or the organiser's choice.
# State only: Django keeps field defaults in Python, so the table does not change.

from django.db import migrations, models


class Migration(migrations.Migration):

    dependencies = [
        ('league', '0001_initial'),
    ]

    operations = [
        migrations.AlterField(
            model_name='league',
            name='system',
            field=models.CharField(max_length=32, verbose_name='game'),
        ),
    ]
