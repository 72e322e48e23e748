"""Leagues by invitation: an invitation link per league (revocable) and invitations by name.
The link is added in three steps so existing leagues each get a token of their own."""

import django.db.models.deletion
import games.league.models
from django.conf import settings
from django.db import migrations, models


def give_each_league_its_own_link(apps, schema_editor):
    League = apps.get_model("league", "League")
    for league in League.objects.all():
        league.invite_token = games.league.models.new_invite_token()
        league.save(update_fields=["invite_token"])


class Migration(migrations.Migration):

    dependencies = [
        ('league', '0002_league_system_without_default'),
        migrations.swappable_dependency(settings.AUTH_USER_MODEL),
    ]

    operations = [
        migrations.AddField(
            model_name='league',
            name='invite_token',
            field=models.CharField(max_length=32, null=True),
        ),
        migrations.RunPython(give_each_league_its_own_link, migrations.RunPython.noop),
        migrations.AlterField(
            model_name='league',
            name='invite_token',
            field=models.CharField(default=games.league.models.new_invite_token, max_length=32, unique=True),
        ),
        migrations.CreateModel(
            name='LeagueInvitation',
            fields=[
                ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                ('status', models.CharField(choices=[('pending', 'Invited'), ('accepted', 'Accepted'), ('declined', 'Declined')], default='pending', max_length=10)),
                ('created_at', models.DateTimeField(auto_now_add=True)),
                ('answered_at', models.DateTimeField(blank=True, null=True)),
                ('invited_by', models.ForeignKey(blank=True, null=True, on_delete=django.db.models.deletion.SET_NULL, related_name='+', to=settings.AUTH_USER_MODEL)),
                ('league', models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='invitations', to='league.league')),
                ('user', models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='%(app_label)s_invitations', to=settings.AUTH_USER_MODEL)),
            ],
            options={
                'ordering': ['-created_at', '-pk'],
                'abstract': False,
                'constraints': [models.UniqueConstraint(fields=('league', 'user'), name='league_invitation_once')],
            },
        ),
    ]
