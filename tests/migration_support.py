"""Data migrations tested on real PostgreSQL: the schema taken back to a migration, rows
written with the historical models, then migrated forward."""

from __future__ import annotations

from django.db import connection
from django.db.migrations.executor import MigrationExecutor


def migrate(targets):
    """The database at `targets` ([(app, migration)]); the historical apps there."""
    executor = MigrationExecutor(connection)
    executor.loader.build_graph()
    executor.migrate(targets)
    return executor.loader.project_state(targets).apps


def back_to_latest() -> None:
    """Every app's latest migration again: stopping at a test's target would leave the later
    ones (other apps' tables among them) unapplied for the tests that follow in this process."""
    migrate(MigrationExecutor(connection).loader.graph.leaf_nodes())
