"""Backups of the site's PostgreSQL database: `manage.py backup` (and a nightly job, hexsite/tasks.py)
writes a dump; `manage.py restore` reads one back, into a scratch database to check it, or over
the site's database after a disaster.

A dump is PostgreSQL's own custom format (`pg_dump -Fc`: compressed, restorable table by table)
of everything: matches and their move logs, players, competitions, the job queue. It is written
under a temporary name and renamed when complete, so a crash mid-dump never leaves a file that
looks whole; the oldest are removed beyond BACKUP_KEEP. The tools are PostgreSQL's, from the
same Debian packages the embedded server uses (the newest installed, which can dump an older
server)."""

from __future__ import annotations

import os
import subprocess
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path

from django.conf import settings
from django.utils import timezone

from hexsite.embedded_pg import program

PREFIX = "hexsite-"
SUFFIX = ".dump"


class BackupError(Exception):
    """A backup or restore that could not be done, in words for the operator."""


@dataclass(frozen=True)
class Target:
    """How PostgreSQL's tools reach a database: libpq's environment variables and its name."""

    name: str
    env: dict[str, str]


def site_database(name: str | None = None) -> Target:
    """The site's database (settings.DATABASES["default"]), or another `name` on its server."""
    db = settings.DATABASES["default"]
    env = {
        key: str(value)
        for key, value in (
            ("PGHOST", db.get("HOST")),
            ("PGPORT", db.get("PORT")),
            ("PGUSER", db.get("USER")),
            ("PGPASSWORD", db.get("PASSWORD")),
            ("PGSSLMODE", db.get("OPTIONS", {}).get("sslmode")),
        )
        if value
    }
    return Target(name=name or db["NAME"], env=env)


def _run(args: list[str], target: Target, what: str) -> None:
    done = subprocess.run(
        args,
        env={**os.environ, **target.env},
        capture_output=True,
        text=True,
        check=False,
    )
    if done.returncode != 0:
        raise BackupError(f"{what} failed: {done.stderr.strip() or done.stdout.strip()}")


def backup_dir() -> Path:
    return Path(settings.BACKUP_DIR)


def dumps(directory: Path) -> list[Path]:
    """The complete dumps in `directory`, oldest first (their names sort by time)."""
    if not directory.is_dir():
        return []
    return sorted(p for p in directory.glob(f"{PREFIX}*{SUFFIX}") if p.is_file())


def backup(directory: Path | None = None, keep: int | None = None, now: datetime | None = None):
    """Dumps the site's database into `directory` (BACKUP_DIR); keeps the `keep` newest
    (BACKUP_KEEP; 0 keeps all). Returns the new dump's path."""
    directory = directory or backup_dir()
    keep = settings.BACKUP_KEEP if keep is None else keep
    directory.mkdir(parents=True, exist_ok=True)
    stamp = (now or timezone.now()).astimezone(UTC).strftime("%Y%m%d-%H%M%S")
    final = directory / f"{PREFIX}{stamp}{SUFFIX}"
    partial = directory / f".{final.name}.partial"
    target = site_database()
    try:
        _run(
            [program("pg_dump"), "-Fc", "--no-owner", "-f", str(partial), "-d", target.name],
            target,
            "pg_dump",
        )
        partial.replace(final)
    finally:
        partial.unlink(missing_ok=True)
    if keep > 0:
        for old in dumps(directory)[:-keep]:
            old.unlink()
    return final


def _exists(target: Target) -> bool:
    import psycopg

    params = {
        "host": target.env.get("PGHOST"),
        "port": target.env.get("PGPORT"),
        "user": target.env.get("PGUSER"),
        "password": target.env.get("PGPASSWORD"),
        "sslmode": target.env.get("PGSSLMODE"),
    }
    with psycopg.connect(
        dbname="postgres", autocommit=True, **{k: v for k, v in params.items() if v}
    ) as conn:
        found = conn.execute("SELECT 1 FROM pg_database WHERE datname = %s", (target.name,))
        return found.fetchone() is not None


def restore(dump: Path, database: str | None = None) -> str:
    """Restores `dump` into `database` on the site's server (the site's own when None),
    creating it when it does not exist, else replacing what it holds, in one transaction:
    a dump that fails to restore leaves the database as it was. Returns the database's name."""
    if not dump.is_file():
        raise BackupError(f"No such dump: {dump}")
    target = site_database(database)
    args = [program("pg_restore"), "--no-owner", "--exit-on-error", "-d", target.name]
    if _exists(target):
        args[1:1] = ["--clean", "--if-exists", "--single-transaction"]
    else:
        _run([program("createdb"), target.name], target, "createdb")
    _run([*args, str(dump)], target, "pg_restore")
    return target.name


def drop_database(database: str) -> None:
    """Drops a scratch database a check restored into (never the site's own)."""
    target = site_database(database)
    if target.name == settings.DATABASES["default"]["NAME"]:
        raise BackupError("Refusing to drop the site's own database.")
    _run([program("dropdb"), "--if-exists", target.name], target, "dropdb")
