"""Event construction (skirmish.md §15): everything public unless built otherwise."""

from __future__ import annotations

from typing import Any

from games.engine.protocol import Event


def ev(kind: str, **data: Any) -> Event:
    return Event(kind, data)
