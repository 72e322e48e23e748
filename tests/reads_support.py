"""Counting what a request reads: queries, and the rows they returned. A page that runs one
query reading every row of a growing table passes a query budget; its rows do not, so the
tests of pages that must stay small as data piles up count both."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

from django.db import connection


class Reads:
    """The queries run and the rows they returned, read from the cursor after each."""

    def __init__(self) -> None:
        self.queries = 0
        self.rows = 0

    def __call__(self, execute, sql, params, many, context):
        result = execute(sql, params, many, context)
        self.queries += 1
        self.rows += max(context["cursor"].rowcount, 0)
        return result


@contextmanager
def reads() -> Iterator[Reads]:
    counted = Reads()
    with connection.execute_wrapper(counted):
        yield counted
