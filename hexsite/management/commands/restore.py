"""`manage.py restore DUMP --database NAME`: restores a dump into a database of the site's server,
created when missing, else replaced in one transaction (hexsite/backups.py). To check a backup:
restore it into a scratch database, look, `--drop` it. Over the site's own database (no
`--database`) only with `--yes`, with the site stopped: its processes' connections would see
the tables replaced under them."""

from __future__ import annotations

from pathlib import Path

from django.core.management.base import BaseCommand, CommandError

from hexsite.backups import BackupError, drop_database, restore


class Command(BaseCommand):
    help = "Restore a dump made by `manage.py backup`."

    def add_arguments(self, parser):
        parser.add_argument("dump", type=Path, nargs="?")
        parser.add_argument("--database", help="restore into this database (created if missing)")
        parser.add_argument("--yes", action="store_true", help="replace the site's own database")
        parser.add_argument(
            "--drop", dest="scratch", metavar="NAME", help="drop a scratch database and stop"
        )

    def handle(self, *args, dump=None, database=None, yes=False, scratch=None, **options):
        try:
            if scratch:
                drop_database(scratch)
                self.stdout.write(f"dropped {scratch}")
                return
            if dump is None:
                raise CommandError("Name the dump to restore.")
            if database is None and not yes:
                raise CommandError(
                    "This would replace the site's own database: stop the site, then run again "
                    "with --yes (or restore into a scratch database with --database NAME)."
                )
            name = restore(dump, database)
        except BackupError as error:
            raise CommandError(str(error)) from error
        self.stdout.write(f"restored {dump} into {name}")
