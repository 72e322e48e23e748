"""What every match service shares: finding and locking the match, checking the seat and the
version, appending a record, and running the match-changed hooks after an accepted change."""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext as _

from games.engine import registry
from games.engine.protocol import GameSystem, Transition
from games.matches.hooks import MatchChanged, run_match_changed_handlers
from games.matches.models import Match, MatchRecord, Seat
from games.refusals import Refused


class StaleVersion(Refused):
    """The player acted on an old page: somebody moved in between."""


# The name the match services' refusal had before every app shared `Refused`; kept so code
# written against it (other branches, scripts) still reads.
MoveRejected = Refused


def system_of(match: Match) -> GameSystem:
    return registry.get_system(match.system)


def locked(match_id) -> Match:
    try:
        return Match.objects.select_for_update().get(pk=int(match_id))
    except (Match.DoesNotExist, TypeError, ValueError):
        raise Refused(_("This match does not exist.")) from None


def seat_of(match: Match, user, seats: list[Seat] | None = None) -> Seat:
    if user is None or not getattr(user, "is_authenticated", False):
        raise Refused(_("Please sign in to play."))
    if seats is None:
        seat = match.seats.filter(user=user).first()
    else:
        seat = next((s for s in seats if s.user_id == user.pk), None)
    if seat is None:
        raise Refused(_("You are not playing in this match."))
    return seat


def require_active(match: Match) -> None:
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
    return record


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
) -> None:
    """Saves the match and runs the match-changed hooks (clock, computer seats, notifications:
    games/matches/hooks.py). `seats` and `state`, when the caller has them, spare the handlers
    a query and a decoding."""
    match.save()
    run_match_changed_handlers(
        MatchChanged(
            match=match, now=now, played=played, seats=seats, state=state, by_user_id=by_user_id
        )
    )
