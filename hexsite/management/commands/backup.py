"""`manage.py backup [--dir DIR] [--keep N]`: a dump of the site's database (hexsite/backups.py);
prints the dump's path."""

from __future__ import annotations

from pathlib import Path

from django.conf import settings
from django.core.management.base import BaseCommand, CommandError

from hexsite.backups import BackupError, backup


class Command(BaseCommand):
    help = "Dump the site's PostgreSQL database (pg_dump's custom format) into BACKUP_DIR."

    def add_arguments(self, parser):
        parser.add_argument("--dir", type=Path, help="where to write it (default: BACKUP_DIR)")
        parser.add_argument("--keep", type=int, help="newest dumps kept (default: BACKUP_KEEP)")

    def handle(self, *args, dir=None, keep=None, **options):
        if dir is None and not settings.BACKUP_DIR:
            raise CommandError("BACKUP_DIR is empty: say where with --dir.")
        try:
            path = backup(dir, keep)
        except BackupError as error:
            raise CommandError(str(error)) from error
        self.stdout.write(str(path))
