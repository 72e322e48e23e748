"""What events call the models they mention, so that sentences name them as players do
("Troopers 3", "Captain Vos") and never by id or hex: each event the platform stores carries
`labels`: {model id: {"name", "n", "seat", "prisoner"}} for the models it mentions (`n` is the
model's number within its unit, None when the unit has one model)."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from games.engine.protocol import Event
from games.engine.skirmish.state import SEAT_NAMES, State, id_key


def labels(state: State) -> dict[str, dict[str, Any]]:
    units: dict[tuple[int, str], list[str]] = {}
    for m in sorted(state.models, key=lambda m: id_key(m.id)):
        if m.prisoner is None:
            units.setdefault((m.seat, m.unit or m.id), []).append(m.id)
    out: dict[str, dict[str, Any]] = {}
    for m in state.models:
        members = units.get((m.seat, m.unit or m.id), [m.id])
        number = members.index(m.id) + 1 if len(members) > 1 and m.id in members else None
        out[m.id] = {
            "name": m.name or m.unit or m.id,
            "n": number,
            "seat": SEAT_NAMES[m.seat],
            "prisoner": m.prisoner is not None,
        }
    return out


def _mentioned(data: Any, known: dict[str, Any], found: set[str]) -> None:
    if isinstance(data, str):
        if data in known:
            found.add(data)
    elif isinstance(data, dict):
        for key, value in data.items():
            _mentioned(key, known, found)
            _mentioned(value, known, found)
    elif isinstance(data, list | tuple):
        for value in data:
            _mentioned(value, known, found)


def with_labels(events: Iterable[Event], state: State) -> tuple[Event, ...]:
    """The events, each with the labels of the models it mentions (`state`: after the move, so
    it knows every model, the freed prisoner included)."""
    known = labels(state)
    out = []
    for event in events:
        found: set[str] = set()
        _mentioned(dict(event.data), known, found)
        if found:
            data = {**event.data, "labels": {k: known[k] for k in sorted(found, key=id_key)}}
            event = Event(event.kind, data, event.visible_to, event.redacted)
        out.append(event)
    return tuple(out)
