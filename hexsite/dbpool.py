"""How the pool of PostgreSQL connections checks one before lending it (settings: the pool's
`check`).

psycopg_pool's own check sends an empty query: one round trip to PostgreSQL, and a wake-up of
its backend, for every request and every database call of a websocket. Here the pool first asks
the kernel, without a round trip, whether the idle connection's socket has anything to read: an
idle connection is sent nothing, unless its server went away (a restart, a terminated backend:
PostgreSQL writes its farewell and closes). Only then does the pool's own check run, fail, and
the pool open a fresh connection instead. A server that vanished without a word (a network cut)
is met by the request's own query, as it would be between the check and the query anyway."""

from __future__ import annotations

import select

from psycopg import Connection
from psycopg_pool import ConnectionPool


def check_connection(conn: Connection) -> None:
    """Raises (so the pool discards `conn`) when its server is gone; no query when it is not."""
    if conn.closed:
        ConnectionPool.check_connection(conn)  # raises: the pool replaces it
        return
    readable, _writable, _errors = select.select([conn.fileno()], [], [], 0)
    if readable:
        ConnectionPool.check_connection(conn)
