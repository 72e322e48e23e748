"""What every match service shares: finding and locking the match, checking the seat and the
version, appending a record, and running the match-changed hooks after an accepted change."""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext as _

from games.engine import registry
from games.engine.protocol import GameSystem, Transition
from games.matches.hooks import MatchChanged, run_match_changed_handlers, seat_query
from games.matches.models import Match, MatchRecord, Seat
from games.refusals import Refused
from hexsite.compiled_select import CompiledSelect


class StaleVersion(Refused):
    """The player acted on an old page: somebody moved in between."""


def system_of(match: Match) -> GameSystem:
    return registry.get_system(match.system)


# Compiled once per connection (hexsite.compiled_select): every move runs both.
_locked_match = CompiledSelect(
    lambda match_id: Match.objects.select_for_update().filter(pk=match_id), "match_id"
)
_locked_seats = CompiledSelect(
    lambda match_id: (
        seat_query(Seat.objects.select_for_update(of=("self",)))
        .filter(match_id=match_id)
        .select_related("user__profile")
        .order_by("index")
    ),
    "match_id",
)


def locked(match_id) -> Match:
    try:
        found = _locked_match(match_id=int(match_id))
    except (TypeError, ValueError):
        found = []
    if not found:
        raise Refused(_("This match does not exist."))
    return found[0]


def locked_seats(match: Match) -> list[Seat]:
    """The match's seats, locked (the caller holds the match's lock: the same order as every
    writer), with their players' profiles: what a move hands its hooks (the clock writes
    these very rows, reading the players' vacations) and then its answer (the seat rows)."""
    seats = _locked_seats(match_id=match.pk)
    for seat in seats:
        seat.match = match  # the caller's instance, as `match.seats` would have set it
    return seats


def seats_of(match: Match, user, seats: list[Seat] | None = None) -> list[Seat]:
    """The user's seats in the match, lowest first: one, or several of one team when the
    system lets one person hold them (`one_person_may_hold_team_seats`). Refused when none."""
    if user is None or not getattr(user, "is_authenticated", False):
        raise Refused(_("Please sign in to play."))
    if seats is None:
        mine = list(match.seats.filter(user=user).order_by("index"))
    else:
        mine = sorted((s for s in seats if s.user_id == user.pk), key=lambda s: s.index)
    if not mine:
        raise Refused(_("You are not playing in this match."))
    return mine


def seat_of(match: Match, user, seats: list[Seat] | None = None) -> Seat:
    """The user's first seat (for what a person does once, whatever seats they hold: chat)."""
    return seats_of(match, user, seats)[0]


def acting_seat(mine: list[Seat], to_act, requested=None) -> Seat:
    """Which of the user's seats `mine` a move is for. `requested` is the seat the move form
    names (a number, or None from a form that names none): it must be one of theirs. Without
    it, the user's only seat, or the only one of theirs that must act now."""
    if requested not in (None, ""):
        try:
            index = int(requested)
        except (TypeError, ValueError):
            raise Refused(_("This move could not be read.")) from None
        seat = next((s for s in mine if s.index == index), None)
        if seat is None:
            raise Refused(_("You do not hold this seat: this move was not played."))
        return seat
    if len(mine) == 1:
        return mine[0]
    acting = [s for s in mine if s.index in to_act]
    if len(acting) > 1:
        raise Refused(_("Several of your seats must act: say which one plays this move."))
    return acting[0] if acting else mine[0]


def team_by_seat(system: GameSystem, config: dict, seats: int) -> dict[int, int]:
    """Each seat's team: its position in the system's `teams` (a seat it leaves out: alone)."""
    teams = system.teams(config, seats)
    found = {seat: team for team, members in enumerate(teams) for seat in members}
    return {seat: found.get(seat, len(teams) + seat) for seat in range(seats)}


def may_hold_team_seats(system: GameSystem) -> bool:
    return bool(getattr(system, "one_person_may_hold_team_seats", False))


def require_active(match: Match) -> None:
    if match.status == Match.Status.ABORTED:
        raise Refused(_("This match was called off: nothing more can be played in it."))
    if match.status != Match.Status.ACTIVE:
        raise Refused(_("This match is not in progress."))


def check_version(match: Match, expected_version) -> None:
    try:
        expected = int(expected_version)
    except (TypeError, ValueError):
        raise Refused(_("This move could not be read.")) from None
    if expected != match.version:
        raise StaleVersion(
            _(
                "The board changed since you loaded it; here it is as it stands now. Please try again."
            )
        )


def append(match: Match, *, kind: str, seat: int | None, data: dict, events=()) -> MatchRecord:
    record = MatchRecord.objects.create(
        match=match,
        seq=match.version + 1,
        kind=kind,
        seat=seat,
        data=data,
        events=[e if isinstance(e, dict) else e.to_json() for e in events],
        rng_counter_after=match.rng_counter,
    )
    match.version = record.seq
    # What this change appended, in order: once committed, the answer's log extends the
    # previous version's records with them instead of reading them back (selectors).
    match.appended_records = [*getattr(match, "appended_records", ()), record]
    return record


# What applying a step, appending its record and finishing the match change on a match
# (apply_state, append, endings.match_finish): a move writes these columns, not all 25.
MOVE_FIELDS = ("snapshot", "rng_counter", "version", "status", "finished_at", "outcome")


def apply_state(match: Match, system: GameSystem, step: Transition, *, keep_rng: bool = False):
    match.snapshot = system.state_to_json(step.state)
    if not keep_rng:
        match.rng_counter = step.rng.counter


def changed(
    match: Match,
    now,
    *,
    played: bool = True,
    seats: list[Seat] | None = None,
    state: Any = None,
    by_user_id: int | None = None,
    fields: tuple[str, ...] | None = None,
) -> None:
    """Saves the match and runs the match-changed hooks (clock, computer seats, notifications:
    games/matches/hooks.py). `seats` (from `locked_seats`) and `state`, when the caller has
    them, spare the handlers a query and a decoding. `fields`: the only columns the caller
    changed (a move: MOVE_FIELDS), else every column is written."""
    match.save(update_fields=fields)
    run_match_changed_handlers(
        MatchChanged(
            match=match, now=now, played=played, seats=seats, state=state, by_user_id=by_user_id
        )
    )
