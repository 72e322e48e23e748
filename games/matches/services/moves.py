"""Moves: a player's, a computer seat's (the same pipeline, called by the worker), and taking
back one's own moves within a turn.

Each is one transaction that locks the match row first, so two requests about the same match
run one after the other and the second sees the first's result (a stale `expected_version` is
then refused instead of silently applied twice). A refusal carries a sentence for the player
and changes nothing."""

from __future__ import annotations

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from games.engine.protocol import Event, IllegalMove
from games.engine.rng import Rng
from games.matches import replaying
from games.matches.models import Match, MatchRecord, Seat
from games.matches.services.common import (
    MOVE_FIELDS,
    acting_seat,
    append,
    apply_state,
    changed,
    check_version,
    locked,
    locked_seats,
    require_active,
    seats_of,
    system_of,
)
from games.matches.services.endings import finish_if_over
from games.matches.services.refusal_sentence import refusal_sentence
from games.matches.systems import get_site
from games.refusals import Refused


def match_submit_move(*, match_id, user, move_data, expected_version, seat=None) -> Match:
    """A player's move. `seat` is the seat the move form names (a person may hold several
    seats of one team): it must be theirs and must act now; None (a form that names none)
    means their only seat, or the only one of theirs that must act."""
    now = timezone.now()
    with transaction.atomic():
        match = locked(match_id)
        # One query: the mover's seat, the bot check, the clock and the answer's seat rows.
        seats = locked_seats(match)
        mine = seats_of(match, user, seats)
        require_active(match)
        check_version(match, expected_version)
        system = system_of(match)
        state = system.state_from_json(match.snapshot)
        acting = acting_seat(mine, system.to_act(state), seat)
        _play(match, acting.index, move_data, now, seats, state, by_user_id=user.pk)
        _seen_by_mover(mine, match.version)
    return match


def _seen_by_mover(mine: list[Seat], version: int) -> None:
    """The mover's answer shows the match as of their move: their seats' "seen" mark moves
    with it in the move's own transaction (one commit, one WAL flush, where the answer's own
    mark was a second write after it)."""
    behind = [s for s in mine if s.last_seen_version < version]
    if not behind:
        return
    Seat.objects.filter(pk__in=[s.pk for s in behind], last_seen_version__lt=version).update(
        last_seen_version=version
    )
    for seat in behind:
        seat.last_seen_version = version  # the answer reads these instances (seats_after_change)


def match_play_for_seat(*, match_id, seat_index: int, move_data, expected_version) -> Match:
    """The same pipeline for a bot seat (called by the background worker)."""
    now = timezone.now()
    with transaction.atomic():
        match = locked(match_id)
        require_active(match)
        check_version(match, expected_version)
        seats = locked_seats(match)
        seat = next((s for s in seats if s.index == seat_index and s.kind == Seat.Kind.BOT), None)
        if seat is None:
            raise Refused(_("This seat is not played by the computer."))
        _play(match, seat.index, move_data, now, seats)
    return match


def _play(
    match: Match,
    seat: int,
    move_data,
    now,
    seats: list[Seat],
    state=None,
    by_user_id: int | None = None,
    by_deadline: bool = False,
) -> None:
    system = system_of(match)
    state = system.state_from_json(match.snapshot) if state is None else state
    if seat not in system.to_act(state):
        raise Refused(_("It is not your turn."))
    try:
        step = system.apply(state, seat, move_data, Rng(match.seed, match.rng_counter))
    except IllegalMove as error:
        sentence = refusal_sentence(
            error, site=get_site(match.system), view=lambda: system.view(state, seat)
        )
        raise Refused(sentence) from None
    except (KeyError, TypeError, ValueError, AttributeError, IndexError):
        # The engine validates moves; anything it could not even decode is malformed.
        raise Refused(_("This move could not be read.")) from None
    apply_state(match, system, step)
    data = {"move": move_data, "reveals": bool(step.reveals), "ends_turn": bool(step.ends_turn)}
    if by_deadline:
        data["by_deadline"] = True  # the rules' default, played when the seat's deadline passed
    append(match, kind=MatchRecord.Kind.MOVE, seat=seat, data=data, events=step.events)
    finish_if_over(match, system, step.state, now)
    changed(match, now, seats=seats, state=step.state, by_user_id=by_user_id, fields=MOVE_FIELDS)
    if match.status == Match.Status.ACTIVE:
        # As saved (the clock wrote these rows): the answer's seat rows need not read them
        # again. (A match that ended wrote its ranks through other instances.)
        match.seats_after_change = seats


def match_take_back(*, match_id, user, expected_version) -> Match:
    """Cancels the last move if one of the user's seats made it, within that seat's current turn,
    and it revealed nothing."""
    now = timezone.now()
    with transaction.atomic():
        match = locked(match_id)
        mine = {s.index for s in seats_of(match, user)}
        require_active(match)
        check_version(match, expected_version)
        effective = replaying.effective_records(list(match.records.all()))
        if not replaying.can_take_back(effective, mine):
            raise Refused(_("There is no move of yours to take back in this turn."))
        last = effective[-1]
        system = system_of(match)
        # What stays in force: every record up to the one before the cancelled move.
        kept = effective[:-1]
        replayed = replaying.replay_records(system, match, kept)
        match.snapshot = system.state_to_json(replayed.state)
        match.rng_counter = replayed.rng.counter
        append(
            match,
            kind=MatchRecord.Kind.TAKEBACK,
            seat=last.seat,
            data={"to_seq": kept[-1].seq},
            events=[Event("MoveTakenBack", {"seat": last.seat})],
        )
        changed(match, now)
    return match
