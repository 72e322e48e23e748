"""Reading what a browser sent, where anything may come: junk is no value, never an error page."""

from __future__ import annotations

# PostgreSQL's bigint holds 19 digits; 18 keep every accepted id inside it.
_MOST_DIGITS = 18


def database_id(raw: str | None) -> int | None:
    """A positive database id from a form field or a query parameter, or None: words, signs,
    decimals, huge numbers and digits of other scripts ("²", "١٢") are no id."""
    if not raw or not (raw.isascii() and raw.isdigit()) or len(raw) > _MOST_DIGITS:
        return None
    return int(raw) or None
