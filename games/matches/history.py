"""Reads a match's past for any system: events since my last turn, the replay, the record,
the events a step viewer walks through. Seats see only what the events' visibility allows
(`protocol.event_for_seat`); a replay is the spectator's view of a finished match; the record
never holds the seed (it would replay other games' draws)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from games.engine import registry
from games.hexboard.story import PLAYED_BY_DEADLINE
from games.matches.match_log import event_for_reader
from games.matches.models import Match
from games.matches.presenters import seat_name
from games.matches.replaying import effective_records, replay_records


@dataclass(frozen=True)
class Viewer:
    """A match as one reader may look back at it."""

    match: Match
    seat: int | None  # None: a spectator
    names: tuple[str, ...]  # seat i's player, for sentences
    # Every seat the reader holds (a person may hold several of one team): events any of them
    # may see are the reader's. () for a spectator.
    seats: tuple[int, ...] = ()
    # The seats in order, their players and profiles loaded: the pages' list of who played.
    seat_rows: tuple[Any, ...] = ()


def match_viewer(*, match: Match, user) -> Viewer:
    """The reader's first seat (their board), and all of theirs (the events they may see)."""
    seats = sorted(match.seats.select_related("user__profile", "kept_for"), key=lambda s: s.index)
    # Named as the match page names them: a computer seat is "Computer (easy)", never the
    # sentences' fallback "Player 2" (it has no user).
    names = tuple(seat_name(s) for s in seats)
    signed_in = user is not None and user.is_authenticated
    mine = tuple(s.index for s in seats if signed_in and s.user_id == user.pk)
    return Viewer(match, mine[0] if mine else None, names, mine, tuple(seats))


def _records(match: Match) -> list:
    return effective_records(list(match.records.order_by("seq")))


def match_events_for_seat(
    *,
    match: Match,
    seat: int | None,
    records=None,
    reader_seats: Sequence[int] = (),
    defaults: bool = False,
) -> list[dict[str, Any]]:
    """Every event in force that `seat` may see (or any of `reader_seats`, the seats of one
    person, when given), flat, in order. `defaults`: a move the deadline played opens with the
    platform's `{"kind": PLAYED_BY_DEADLINE, "seat": s}` (everyone may know it happened), for
    a reader that tells it (`hexboard.story.played_by_deadline`)."""
    readers = tuple(reader_seats) or (() if seat is None else (seat,))
    out: list[dict[str, Any]] = []
    for record in _records(match) if records is None else records:
        if defaults and record.kind == "move" and (record.data or {}).get("by_deadline"):
            out.append({"kind": PLAYED_BY_DEADLINE, "seat": record.seat})
        out += [e for e in (event_for_reader(ev, readers) for ev in record.events) if e is not None]
    return out


def match_view_now(*, match: Match, seat: int | None) -> Any:
    """The match as it stands, as `seat` (None: a spectator) may see it."""
    system = registry.get_system(match.system)
    return system.view(system.state_from_json(match.snapshot), seat)


def match_reader_to_act(*, match: Match, seats: Sequence[int]) -> bool:
    """Whether one of `seats` (one person's) must act in the running match now."""
    if match.status != Match.Status.ACTIVE or not seats or not match.has_snapshot:
        return False
    system = registry.get_system(match.system)
    return bool(set(system.to_act(system.state_from_json(match.snapshot))) & set(seats))


def since_my_last_turn(entries: Sequence[Any], seats: Sequence[int], *, my_turn: bool) -> list:
    """The entries (records in force, oldest first) after the reader's last turn. In the middle
    of the reader's turn (they must act, and nobody moved since their last move) that turn is
    the one under way: what came before it, the others' moves, is still the news, and the
    reader's own moves of this turn follow it (a player whose turn starts with a discard, on coming
    back read "Nothing yet." where their match page listed the opponent's turn). A move the
    deadline played for the reader is not their turn: it is news to them."""
    mine = [
        i
        for i, e in enumerate(entries)
        if e.kind == "move" and e.seat in seats and not e.by_deadline
    ]
    if not mine:
        return list(entries)
    last = mine[-1]
    others_since = any(e.kind == "move" and e.seat not in seats for e in entries[last + 1 :])
    if my_turn and not others_since:
        others = [
            i for i, e in enumerate(entries[:last]) if e.kind == "move" and e.seat not in seats
        ]
        if others:
            before = [i for i in mine if i < others[-1]]
            return list(entries[before[-1] + 1 :] if before else entries)
    return list(entries[last + 1 :])


def match_start_view(*, match: Match) -> Any:
    """The spectator's view of the match as set up (what step viewers start from)."""
    system = registry.get_system(match.system)
    return system.start_view(match.config, match.seats.count())


def match_replay_view(*, match: Match, ply: int) -> tuple[Any, int, int, list[dict[str, Any]], int]:
    """A finished match after `ply` moves, as a spectator sees it: (view, ply clamped, number of
    moves, the events of that move, the seq of its record)."""
    records = _records(match)
    moves = [i for i, r in enumerate(records) if r.kind == "move"]
    ply = max(0, min(ply, len(moves)))
    upto = records[: moves[ply - 1] + 1] if ply else records[:1]
    system = registry.get_system(match.system)
    state = replay_records(system, match, upto).state
    events = match_events_for_seat(match=match, seat=None, records=upto[-1:]) if upto else []
    return system.view(state, None), ply, len(moves), events, upto[-1].seq if upto else 0


def match_record(*, match: Match) -> dict[str, Any]:
    """A finished match's record, as a spectator reads it: config, each move's seat and public
    events, all public events and the final view. Never a move as its seat sent it: a move may
    name what its seat alone knew, then and at the end (a trooper deployed hidden and its hex,
    a sentry's orders, a reaction policy), which no page ever shows anyone else."""
    records = _records(match)
    system = registry.get_system(match.system)
    final = system.view(system.state_from_json(match.snapshot), None)
    return {
        "format": f"hexsite.{match.system}.record",
        "version": 2,  # 1 held each move as sent
        "match": match.pk,
        "system": match.system,
        "config": match.config,
        "moves": [
            {"seat": r.seat, "events": match_events_for_seat(match=match, seat=None, records=[r])}
            for r in records
            if r.kind == "move"
        ],
        "events": match_events_for_seat(match=match, seat=None, records=records),
        "final": final,
        "position": final.get("position") if isinstance(final, dict) else None,
        "outcome": match.outcome,
    }
