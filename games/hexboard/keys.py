"""A hex as it travels in query strings, data attributes and dict keys: "q,r" (pure)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any


def hex_key(h: Sequence[int]) -> str:
    """A hex as it travels in query strings, data attributes and dict keys: "q,r"."""
    return f"{h[0]},{h[1]}"


def parse_hex(raw: Any) -> list[int] | None:
    """ "q,r" -> [q, r]; anything else -> None."""
    if not isinstance(raw, str) or not raw:
        return None
    parts = raw.split(",")
    if len(parts) != 2:
        return None
    try:
        return [int(parts[0]), int(parts[1])]
    except ValueError:
        return None
