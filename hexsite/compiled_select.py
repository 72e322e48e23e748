"""A queryset Django compiles once per database connection, run again with new values.

Measured on the match page's hottest read (a match's seats with their match, users, profiles
and ratings): Django spends about 1.3 ms building and compiling the SQL, PostgreSQL and psycopg
0.2 ms running it. The requests of every move (the pick, the move, the push) each run such a
read. Here the SQL is compiled once (per connection: a web process keeps a few), then each call
sends it with the call's values and builds the rows' model instances as Django's own
`ModelIterable` does (same converters, `from_db`, select_related populators, annotations), so
callers get the same objects as from the queryset.

The queryset is built from sample values (distinct sentinels) to find where each value goes in
the compiled parameters; only whole-number values (ids) are supported, which the callers check.
The query runs through Django's cursor: it is counted, logged and checked as any other."""

from __future__ import annotations

import threading
import weakref
from collections.abc import Callable

from django.db import connections
from django.db.models import QuerySet
from django.db.models.query import get_related_populators
from django.db.transaction import TransactionManagementError

# Values no caller passes (ids are positive): where one lands in the parameters, the call's
# value goes.
_SENTINEL_BASE = -987_654_000
_BIGINT_MIN, _BIGINT_MAX = -(2**63), 2**63 - 1


class CompiledSelect:
    def __init__(self, build: Callable[..., QuerySet], *names: str, using: str = "default"):
        """`build(**{name: value})` returns the queryset for those values."""
        self._build = build
        self._names = names
        self._using = using
        self._compiled: weakref.WeakKeyDictionary = weakref.WeakKeyDictionary()
        self._lock = threading.Lock()

    def _compile(self, connection):
        samples = {name: _SENTINEL_BASE - n for n, name in enumerate(self._names)}
        queryset = self._build(**samples)
        if queryset._known_related_objects or queryset._prefetch_related_lookups:
            raise ValueError("a compiled select takes neither related managers nor prefetches")
        compiler = queryset.query.get_compiler(connection=connection)
        sql, params = compiler.as_sql()
        slots = {name: [i for i, p in enumerate(params) if p == v] for name, v in samples.items()}
        if any(not found for found in slots.values()):
            raise ValueError("a value given to the compiled select is not one of its parameters")
        compiled = (compiler, sql, tuple(params), slots)
        with self._lock:
            self._compiled[connection] = compiled
        return compiled

    def __call__(self, **values: int) -> list:
        connection = connections[self._using]
        compiled = self._compiled.get(connection) or self._compile(connection)
        compiler, sql, sample_params, slots = compiled
        params = list(sample_params)
        for name, positions in slots.items():
            value = values[name]
            if type(value) is not int:
                raise TypeError(f"{name} must be an int, not {type(value).__name__}")
            if not _BIGINT_MIN <= value <= _BIGINT_MAX:
                return []  # no row holds it (Django's lookups answer so too, without a query)
            for position in positions:
                params[position] = value
        if compiler.query.select_for_update and connection.get_autocommit():
            raise TransactionManagementError(
                "select_for_update cannot be used outside of a transaction."
            )
        with connection.cursor() as cursor:
            cursor.execute(sql, params)
            rows = cursor.fetchall()
        if compiler.has_extra_select:
            rows = [row[: compiler.col_count] for row in rows]
        return _instances(compiler, rows, connection.alias)


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
