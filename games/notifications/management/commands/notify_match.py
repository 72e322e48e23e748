"""Send a match's "changed" notification again (after a manual fix in the database, or to check
that several servers share one channel layer: every open page of the match refetches)."""

from django.core.management.base import BaseCommand, CommandError

from games.matches.models import Match
from games.notifications.turns import notify_match_changed


class Command(BaseCommand):
    help = "Notify the browsers watching a match (and its players) that it changed."

    def add_arguments(self, parser):
        parser.add_argument("match_id", type=int)

    def handle(self, *args, match_id, **options):
        version = Match.objects.filter(pk=match_id).values_list("version", flat=True).first()
        if version is None:
            raise CommandError(f"no match {match_id}")
        notify_match_changed(match_id=match_id, version=version)
        self.stdout.write(f"match {match_id} notified at version {version}")
