"""Backups (hexsite/backups.py, `manage.py backup` and `restore`): a dump holds the matches as
they were when it was taken, restores into a scratch database to be checked, replaces a
database's content in one transaction (a broken dump changes nothing), keeps the newest
BACKUP_KEEP, and refuses to replace the site's own database unless told so. Real pg_dump and
pg_restore against the test run's PostgreSQL."""

from __future__ import annotations

import uuid
from datetime import UTC, datetime, timedelta

import psycopg
import pytest
from django.core.management import CommandError, call_command
from django.db import connection

from hexsite import backups
from hexsite.tasks import nightly_backup
from tests.fixtures import end_turn, make_player, start_match

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture
def scratch():
    name = f"scratch_{uuid.uuid4().hex[:10]}"
    yield name
    backups.drop_database(name)


def _version_in(database: str, match_id: int) -> int:
    target = backups.site_database(database)
    params = {"host": target.env.get("PGHOST"), "port": target.env.get("PGPORT")}
    with psycopg.connect(
        dbname=database,
        user=target.env.get("PGUSER"),
        password=target.env.get("PGPASSWORD"),
        **params,
    ) as conn:
        row = conn.execute("SELECT version FROM matches_match WHERE id = %s", (match_id,))
        return row.fetchone()[0]


def test_a_dump_restores_the_matches_as_they_were_and_a_second_replaces_the_first(
    tmp_path, scratch
):
    anna, bruno = make_player("anna"), make_player("bruno")
    match = end_turn(start_match(anna, bruno), anna)
    first = backups.backup(tmp_path, keep=0, now=datetime(2026, 11, 1, 3, 17, tzinfo=UTC))
    before = match.version
    match = end_turn(match, bruno)
    assert match.version > before

    assert backups.restore(first, scratch) == scratch  # created
    assert _version_in(scratch, match.pk) == before

    second = backups.backup(tmp_path, keep=0, now=datetime(2026, 11, 2, 3, 17, tzinfo=UTC))
    backups.restore(second, scratch)  # over the first: replaced
    assert _version_in(scratch, match.pk) == match.version


def test_a_broken_dump_changes_nothing(tmp_path, scratch):
    anna, bruno = make_player("anna"), make_player("bruno")
    match = start_match(anna, bruno)
    good = backups.backup(tmp_path, keep=0)
    backups.restore(good, scratch)
    broken = tmp_path / "broken.dump"
    broken.write_bytes(good.read_bytes()[: len(good.read_bytes()) // 2])
    with pytest.raises(backups.BackupError, match="pg_restore failed"):
        backups.restore(broken, scratch)
    assert _version_in(scratch, match.pk) == match.version  # still the good dump's content
    with pytest.raises(backups.BackupError, match="No such dump"):
        backups.restore(tmp_path / "none.dump", scratch)


def test_the_newest_dumps_are_kept_and_no_partial_file_is_left(tmp_path):
    start = datetime(2026, 11, 1, 3, 17, tzinfo=UTC)
    made = [backups.backup(tmp_path, keep=2, now=start + timedelta(days=n)) for n in range(3)]
    assert backups.dumps(tmp_path) == made[1:]
    assert sorted(p.name for p in tmp_path.iterdir()) == [p.name for p in made[1:]]


def test_restore_refuses_the_sites_own_database_without_yes(tmp_path, capsys):
    call_command("backup", "--dir", str(tmp_path), "--keep", "1")
    (dump,) = backups.dumps(tmp_path)
    assert capsys.readouterr().out.strip() == str(dump)
    with pytest.raises(CommandError, match="replace the site's own database"):
        call_command("restore", str(dump))
    with pytest.raises(backups.BackupError, match="site's own database"):
        backups.drop_database(connection.settings_dict["NAME"])


def test_the_nightly_job_dumps_into_backup_dir_unless_it_is_empty(tmp_path, settings):
    settings.BACKUP_DIR = str(tmp_path / "nightly")
    nightly_backup(timestamp=0)
    assert len(backups.dumps(tmp_path / "nightly")) == 1
    settings.BACKUP_DIR = ""
    nightly_backup(timestamp=0)
    assert len(backups.dumps(tmp_path / "nightly")) == 1
