"""How a match ends: by the engine's outcome after a move, a resignation, a loss on time, a
forfeit, or a draw all the players agree. The competitions' "match finished" handlers run
inside the same transaction (games/matches/hooks.py)."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from games.engine.protocol import Event, GameSystem, Outcome
from games.matches.hooks import run_match_finished_handlers
from games.matches.models import Match, MatchRecord, Seat
from games.matches.services.common import (
    append,
    apply_state,
    changed,
    locked,
    locked_seats,
    require_active,
    seats_of,
    system_of,
)
from games.matches.systems import get_site
from games.refusals import Refused


def match_finish(*, match: Match, outcome: Outcome, now=None) -> None:
    """Internal: records the result and lets competitions apply it in this same transaction."""
    now = now or timezone.now()
    match.status = Match.Status.FINISHED
    match.finished_at = now
    match.outcome = {
        "ranks": list(outcome.ranks),
        "scores": list(outcome.scores),
        "reason": outcome.reason,
    }
    site = get_site(match.system)
    for seat in match.seats.all():
        seat.rank = outcome.ranks[seat.index] if seat.index < len(outcome.ranks) else None
        seat.side = site.settled_side(match.config or {}, match.snapshot, seat.index)
        seat.deadline = None
        seat.offers_draw = False
        seat.save(update_fields=["rank", "side", "deadline", "offers_draw"])
    match.save()
    run_match_finished_handlers(match)


def finish_if_over(match: Match, system: GameSystem, state: Any, now) -> None:
    outcome = system.outcome(state)
    if outcome is not None:
        match_finish(match=match, outcome=outcome, now=now)


# --- resignation and forfeits --------------------------------------------------------------------


def match_resign(*, match_id, user) -> Match:
    """The user resigns every seat they hold (several only of one team: they resign for the
    whole of it that is theirs; a teammate held by someone else plays on where the rules let
    them). One record per seat, in seat order, until the match ends."""
    now = timezone.now()
    with transaction.atomic():
        match = locked(match_id)
        mine = seats_of(match, user)
        require_active(match)
        for seat in mine:
            if match.status != Match.Status.ACTIVE:
                break
            _forfeit(match, seat.index, "resign", now)
        changed(match, now)
    return match


def match_forfeit_on_time(*, match_id, seat_index: int, now=None) -> Match:
    """The clock's loss on time; refused if the seat moved (or got more time) meanwhile. When
    the rules give the pending decision a default (the system's optional `timeout_move`, such as
    a reaction window that passes), the deadline plays it instead, as a move with the match's
    dice, and the match goes on."""
    now = now or timezone.now()
    with transaction.atomic():
        match = locked(match_id)
        require_active(match)
        seat = match.seats.filter(index=seat_index).first()
        if seat is None or seat.deadline is None or seat.deadline >= now:
            raise Refused(_("This player is not out of time."))
        default = _timeout_move(match, seat_index)
        if default is not None:
            from games.matches.services.moves import _play  # moves imports this module

            _play(match, seat_index, default, now, locked_seats(match), by_deadline=True)
            return match
        match_forfeit_seat(match=match, seat_index=seat_index, reason="timeout", now=now)
    return match


def _timeout_move(match: Match, seat_index: int) -> Any:
    system = system_of(match)
    default = getattr(system, "timeout_move", None)
    if default is None:
        return None
    return default(system.state_from_json(match.snapshot), seat_index)


def match_forfeit_seat(*, match: Match, seat_index: int, reason: str, now=None) -> None:
    """Internal (also for the clock's loss on time): the match row is locked by the caller."""
    now = now or timezone.now()
    _forfeit(match, seat_index, reason, now)
    changed(match, now)


def _forfeit(match: Match, seat_index: int, reason: str, now) -> None:
    system = system_of(match)
    state = system.state_from_json(match.snapshot)
    step = system.forfeit(state, seat_index, reason)
    data: dict[str, Any] = {"reason": reason}
    if reason == "timeout" and not has_played(match, seat_index):
        # A no-show (lichess aborts such games; OGS #525: timeouts distort ratings): the
        # ratings leave out the seat's team (games/league/services/rating_ledger.py), and the
        # ending says so. Written now, as the record of what happened: a later read of a long
        # match's recent log could not tell.
        data["no_show"] = True
    apply_state(match, system, step, keep_rng=True)
    append(
        match,
        kind=MatchRecord.Kind.FORFEIT,
        seat=seat_index,
        data=data,
        events=step.events,
    )
    finish_if_over(match, system, step.state, now)


def has_played(match: Match, seat_index: int | None = None) -> bool:
    """Whether the seat (None: any seat) ever moved itself (a default the deadline played is
    not its move)."""
    moves = MatchRecord.objects.filter(match=match, kind=MatchRecord.Kind.MOVE)
    if seat_index is not None:
        moves = moves.filter(seat=seat_index)
    return moves.exclude(data__has_key="by_deadline").exists()  # written only when true


# --- draws -----------------------------------------------------------------------------------------


def _draw_action(match_id, user, action: Callable[[Match, list[Seat], Any], None]) -> Match:
    now = timezone.now()
    with transaction.atomic():
        match = locked(match_id)
        mine = seats_of(match, user)
        require_active(match)
        why_not = draw_refusal(match, match.seats.all())
        if why_not:
            raise Refused(why_not)
        action(match, mine, now)
    return match


def draw_refusal(match: Match, seats: Iterable[Seat]) -> str:
    """Why this match can end in no draw, or "" when it can: the match page offers the draw
    buttons by the same rule."""
    if not system_of(match).allows_draw:
        return _("Draws are not possible in this game.")
    if any(seat.kind == Seat.Kind.BOT for seat in seats):
        # A computer never answers an offer, and the humans alone must not agree for it.
        return _("The computer does not accept draws.")
    return ""


def match_offer_draw(*, match_id, user) -> Match:
    def offer(match: Match, mine: list[Seat], now) -> None:
        if all(seat.offers_draw for seat in mine):
            raise Refused(_("You have already offered a draw."))
        _want_draw(match, mine, now)

    return _draw_action(match_id, user, offer)


def match_accept_draw(*, match_id, user) -> Match:
    def accept(match: Match, mine: list[Seat], now) -> None:
        _require_offer_from_another(match, mine)
        _want_draw(match, mine, now)

    return _draw_action(match_id, user, accept)


def match_decline_draw(*, match_id, user) -> Match:
    """The offer ends for everyone, and the log says who declined it (the offerer's tag alone
    disappearing told them nothing): a record of its own, which changes no state."""

    def decline(match: Match, mine: list[Seat], now) -> None:
        _require_offer_from_another(match, mine)
        offered_by = list(
            match.seats.filter(offers_draw=True).order_by("index").values_list("index", flat=True)
        )
        match.seats.update(offers_draw=False)
        seat = mine[0].index
        append(
            match,
            kind=MatchRecord.Kind.DRAW_DECLINED,
            seat=seat,
            data={"offered_by": offered_by},  # whom notifications tell (turns.py)
            events=[Event("DrawDeclined", {"seat": seat})],
        )
        changed(match, now, played=False, by_user_id=user.pk)

    return _draw_action(match_id, user, decline)


def _require_offer_from_another(match: Match, mine: list[Seat]) -> None:
    others = match.seats.filter(offers_draw=True).exclude(pk__in=[seat.pk for seat in mine])
    if not others.exists():
        raise Refused(_("Nobody has offered a draw."))


def _want_draw(match: Match, mine: list[Seat], now) -> None:
    """Offering and accepting are one act: the person stands by a draw for every seat they
    hold, agreed once all humans do."""
    for seat in mine:
        seat.offers_draw = True
        seat.save(update_fields=["offers_draw"])
    if match.seats.filter(kind=Seat.Kind.HUMAN, offers_draw=False).exists():
        changed(match, now, played=False)
        return
    append(match, kind=MatchRecord.Kind.DRAW, seat=None, data={}, events=[])
    match_finish(match=match, outcome=Outcome((0,) * match.seats.count(), (), "draw"), now=now)
    changed(match, now)


# --- called off ------------------------------------------------------------------------------


def match_call_off_unfinished(*, match_id, reason: str, now=None) -> Match:
    """Ends an unfinished match without a result: no winner, no rank, nothing any competition
    or rating counts (the match-finished hooks do not run). The competition that owned it
    calls it off (a season closed under it); `reason` is one of `CALLED_OFF_REASONS`' keys
    (the page, the log and the players' notices word it). A match over already is left as it
    is. (A creator's `match_call_off`, challenges.py, is for a table that never started.)"""
    now = now or timezone.now()
    with transaction.atomic():
        match = locked(match_id)
        if match.status not in (Match.Status.OPEN, Match.Status.ACTIVE):
            return match
        match.status = Match.Status.ABORTED
        match.finished_at = now
        match.seats.update(deadline=None, offers_draw=False)
        append(
            match,
            kind=MatchRecord.Kind.CALLED_OFF,
            seat=None,
            data={"reason": reason},
            events=[Event("MatchCalledOff", {"reason": reason})],
        )
        changed(match, now)
    return match
