"""A queryset (a read, or an update) Django compiles once per database connection, run again
with new values.

Measured on the match page's hottest read (a match's seats with their match, users, profiles
and ratings): Django spends about 1.3 ms building and compiling the SQL, PostgreSQL and psycopg
0.2 ms running it. The requests of every move (the pick, the move, the push) each run such a
read. Here the SQL is compiled once (per connection: a web process keeps a few), then each call
sends it with the call's values and builds the rows' model instances as Django's own
`ModelIterable` does (same converters, `from_db`, select_related populators, annotations), so
callers get the same objects as from the queryset.

The queryset is built from sample values (distinct sentinels) to find where each value goes in
the compiled parameters; only ints, strings and datetimes are supported, and each call's values
are checked for their type. The query runs through Django's cursor: it is counted, logged and
checked as any other. An update (`CompiledUpdate`) likewise, for a few writes every move makes
(the inbox read, the "seen" marks)."""

from __future__ import annotations

import threading
import weakref
from collections.abc import Callable
from datetime import UTC, datetime, timedelta

from django.db import connections, transaction
from django.db.models import sql
from django.db.models.query import get_related_populators
from django.db.transaction import TransactionManagementError

# Values a caller is unlikely to pass, yet valid for every integer column (a positive 32-bit
# one too: Django refuses to compile a lookup whose value its column cannot hold): where one
# lands in the parameters (once or more), the call's value goes. A constant of the query equal to
# one would be taken for it: the queries compiled here hold none near them.
_SENTINEL_BASE = 1_987_654_300
_SENTINEL_TIME = datetime(1901, 2, 3, 4, 5, 6, tzinfo=UTC)
_BIGINT_MIN, _BIGINT_MAX = -(2**63), 2**63 - 1


def _sentinel(kind: type, n: int):
    if kind is int:
        return _SENTINEL_BASE + n
    if kind is datetime:
        return _SENTINEL_TIME + timedelta(microseconds=n)
    if kind is str:
        return f"compiled-query-sentinel-{n}"
    raise TypeError(f"a compiled query takes ints, strings and datetimes, not {kind.__name__}")


class _Compiled:
    """The SQL of a query built from sentinel values, per connection, and where each value goes.
    `names` are the values' names: ints (ids), or with `types`, strings and datetimes too."""

    def __init__(self, build: Callable, *names: str, using: str = "default", **types: type):
        self._build = build
        self._types = dict.fromkeys(names, int) | types
        self._using = using
        self._compiled: weakref.WeakKeyDictionary = weakref.WeakKeyDictionary()
        self._lock = threading.Lock()

    def _compiler(self, samples: dict, connection):
        raise NotImplementedError

    def _compile(self, connection):
        samples = {name: _sentinel(kind, n) for n, (name, kind) in enumerate(self._types.items())}
        compiler = self._compiler(samples, connection)
        statement, params = compiler.as_sql()
        slots = {name: [i for i, p in enumerate(params) if p == v] for name, v in samples.items()}
        if any(not found for found in slots.values()):
            raise ValueError("a value given to the compiled query is not one of its parameters")
        compiled = (compiler, statement, tuple(params), slots)
        with self._lock:
            self._compiled[connection] = compiled
        return compiled

    def _params(self, connection, values: dict):
        """(compiler, statement, params) for `values`; None when an id is one no row can hold (no
        query: Django's lookups answer so for an integer out of range too)."""
        compiled = self._compiled.get(connection) or self._compile(connection)
        compiler, statement, sample_params, slots = compiled
        params = list(sample_params)
        for name, positions in slots.items():
            value, kind = values[name], self._types[name]
            if type(value) is not kind:
                raise TypeError(f"{name} must be {kind.__name__}, not {type(value).__name__}")
            if kind is int and not _BIGINT_MIN <= value <= _BIGINT_MAX:
                return None
            for position in positions:
                params[position] = value
        return compiler, statement, params


class CompiledSelect(_Compiled):
    """`build(**values)` returns the queryset for those values; a call, its model instances."""

    def _compiler(self, samples: dict, connection):
        queryset = self._build(**samples)
        if queryset._known_related_objects or queryset._prefetch_related_lookups:
            raise ValueError("a compiled select takes neither related managers nor prefetches")
        return queryset.query.get_compiler(connection=connection)

    def __call__(self, **values) -> list:
        connection = connections[self._using]
        found = self._params(connection, values)
        if found is None:
            return []
        compiler, statement, params = found
        if compiler.query.select_for_update and connection.get_autocommit():
            raise TransactionManagementError(
                "select_for_update cannot be used outside of a transaction."
            )
        with connection.cursor() as cursor:
            cursor.execute(statement, params)
            rows = cursor.fetchall()
        if compiler.has_extra_select:
            rows = [row[: compiler.col_count] for row in rows]
        return _instances(compiler, rows, connection.alias)


class CompiledUpdate(_Compiled):
    """`build(**values)` returns (queryset, changes): a call runs `queryset.update(**changes)`
    for its values and returns the rows changed, as `QuerySet.update` does. Only an update of
    the queryset's own table (Django would otherwise read ids first)."""

    def _compiler(self, samples: dict, connection):
        queryset, changes = self._build(**samples)
        query = queryset.query.chain(sql.UpdateQuery)
        query.add_update_values(changes)
        query.clear_select_clause()
        if query.related_updates or query.count_active_tables() != 1 or query.order_by:
            raise ValueError("a compiled update changes one table's rows, unordered")
        return query.get_compiler(connection=connection)

    def __call__(self, **values) -> int:
        connection = connections[self._using]
        found = self._params(connection, values)
        if found is None:
            return 0
        _compiler, statement, params = found
        with (
            transaction.mark_for_rollback_on_error(using=self._using),
            connection.cursor() as cursor,
        ):
            cursor.execute(statement, params)
            return cursor.rowcount


def _instances(compiler, rows, db: str) -> list:
    """The rows as model instances, as `django.db.models.query.ModelIterable` makes them."""
    select, klass_info = compiler.select, compiler.klass_info
    annotation_col_map = compiler.annotation_col_map
    model_cls = klass_info["model"]
    select_fields = klass_info["select_fields"]
    start, end = select_fields[0], select_fields[-1] + 1
    init_list = [f[0].target.attname for f in select[start:end]]
    related_populators = get_related_populators(klass_info, select, db)
    objects = []
    for row in compiler.results_iter([rows]):
        obj = model_cls.from_db(db, init_list, row[start:end])
        for populator in related_populators:
            populator.populate(row, obj)
        if annotation_col_map:
            for attr_name, col_pos in annotation_col_map.items():
                setattr(obj, attr_name, row[col_pos])
        objects.append(obj)
    return objects
