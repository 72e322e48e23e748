"""Apply campaign deadlines: default objectives, default territory picks, ended rounds.
Run it every few minutes (cron or the task runner)."""

from django.core.management.base import BaseCommand

from games.campaigns.services import campaign_apply_deadlines


class Command(BaseCommand):
    help = "Apply overdue campaign deadlines."

    def handle(self, *args, **options):
        done = campaign_apply_deadlines()
        self.stdout.write(f"{done} deadline(s) applied")
