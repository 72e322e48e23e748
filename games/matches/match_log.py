"""The match log as each reader may see it: the recent records of a match (rows, read once per
process and version through version_cache), and their events as a person holding some seats (or
a spectator) may see them. Hidden information leaves only through the events' own visibility
(`event_for_reader`)."""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from django.db.models.fields.json import KT

from games.engine.protocol import ALL_SEATS, event_for_seat
from games.matches import version_cache
from games.matches.models import Match, MatchRecord
from games.matches.replaying import cancelled_seqs

LOG_RECORDS = 80


@dataclass(frozen=True)
class LogEntry:
    seq: int
    kind: str  # the record's kind
    seat: int | None
    events: list[dict]  # each as this reader may see it
    cancelled: bool  # taken back later
    created_at: Any
    reason: str = ""  # a forfeit's: "resign" or "timeout"
    to_seq: int = 0  # a takeback's: the record it goes back to
    no_show: bool = False  # a loss on time of a seat that never moved (services/endings.py)
    by_deadline: bool = False  # a move the deadline played for its seat (the rules' default)


@dataclass(frozen=True, slots=True)
class _Record:
    """The columns of a record the log needs (rows, not model instances: cheaper per page)."""

    seq: int
    kind: str
    seat: int | None
    events: list
    created_at: Any
    data: dict  # a takeback's target and a move's flags: what `replaying` reads
    # Its events as each set of readers sees them, made once: a record is read by every page
    # of every later version (version_cache keeps the rows), by the same few readers.
    shown: dict[tuple[int, ...], list[dict]] = field(
        default_factory=dict, compare=False, repr=False
    )


def recent_records(match: Match, *, limit: int | None = LOG_RECORDS) -> list[_Record]:
    rows = (
        MatchRecord.objects.filter(match=match)
        .order_by("-seq")
        .values_list(
            "seq",
            "kind",
            "seat",
            "events",
            "created_at",
            KT("data__to_seq"),
            KT("data__reveals"),
            KT("data__ends_turn"),
            KT("data__reason"),
            KT("data__no_show"),
            KT("data__by_deadline"),
        )
    )
    return [
        _Record(
            seq,
            kind,
            seat,
            events,
            created_at,
            {
                "to_seq": int(to_seq or 0),
                "reveals": reveals == "true",
                "ends_turn": ends == "true",
                "reason": reason or "",
                "no_show": no_show == "true",
                "by_deadline": by_deadline == "true",
            },
        )
        for (
            seq,
            kind,
            seat,
            events,
            created_at,
            to_seq,
            reveals,
            ends,
            reason,
            no_show,
            by_deadline,
        ) in (rows if limit is None else rows[:limit])
    ][::-1]


def _record_row(record: MatchRecord) -> _Record:
    """A record this process just saved, as `recent_records` reads it back (JSON as stored)."""
    data = json.loads(json.dumps(record.data))
    return _Record(
        record.seq,
        record.kind,
        record.seat,
        json.loads(json.dumps(record.events)),
        record.created_at,
        {
            "to_seq": int(data.get("to_seq") or 0),
            "reveals": data.get("reveals") is True,
            "ends_turn": data.get("ends_turn") is True,
            "reason": str(data.get("reason") or ""),
            "no_show": data.get("no_show") is True,
            "by_deadline": data.get("by_deadline") is True,
        },
    )


def _records_extended(match: Match) -> list[_Record] | None:
    """The records as of `match.version` without a query, when this process keeps those of
    the version before the change it just committed (`services.common.append` lists what the
    change appended: `appended_records`), else None."""
    appended = getattr(match, "appended_records", ())
    if not appended or appended[-1].seq != match.version:
        return None
    before = version_cache.peek(("records", match.pk, match.seed, appended[0].seq - 1))
    if before is None:
        return None
    return [*before, *(_record_row(r) for r in appended)][-LOG_RECORDS:]  # type: ignore[misc]


def recent_records_of_version(match: Match) -> list[_Record]:
    """`recent_records` as of the match's version, read once per process (version_cache).
    A read that met a newer record (a move committed after `match` was read) is not kept."""
    return version_cache.cached(
        ("records", match.pk, match.seed, match.version),
        lambda: _records_extended(match) or recent_records(match),
        keep=lambda records: all(record.seq <= match.version for record in records),
    )


def _shown_events(record: _Record, readers: tuple[int, ...]) -> list[dict]:
    """The record's events as `readers` may see them (the list is shared: read it only)."""
    shown = record.shown.get(readers)
    if shown is None:
        events = (event_for_reader(ev, readers) for ev in record.events)
        shown = record.shown[readers] = [e for e in events if e is not None]
    return shown


def entries_for(records: list[_Record], readers: Sequence[int]) -> list[LogEntry]:
    """The records as a person holding `readers` (none: a spectator) may see them."""
    cancelled = cancelled_seqs(records)
    key = tuple(readers)
    return [
        LogEntry(
            record.seq,
            record.kind,
            record.seat,
            _shown_events(record, key),
            record.seq in cancelled,
            record.created_at,
            record.data["reason"],
            record.data["to_seq"],
            record.data["no_show"],
            record.data["by_deadline"],
        )
        for record in records
    ]


def match_log_entries(
    *, match: Match, seat: int | None, reader_seats: Sequence[int] = ()
) -> list[LogEntry]:
    """Every record of the match as `seat` (or a person holding `reader_seats`) may see it,
    oldest first (the whole story; the match page reads only its recent window)."""
    readers = tuple(reader_seats) or (() if seat is None else (seat,))
    return entries_for(recent_records(match, limit=None), readers)


def event_for_reader(stored: dict, seats: Sequence[int]) -> dict | None:
    """A stored event as a person holding `seats` may see it (none: a spectator): in full when
    any of their seats may, since they are one person; else as every other reader sees it."""
    if not seats:
        return event_for_seat(stored, None)
    visible = stored.get("visible_to", ALL_SEATS)
    seat = next((s for s in seats if visible == ALL_SEATS or s in visible), seats[0])
    return event_for_seat(stored, seat)
