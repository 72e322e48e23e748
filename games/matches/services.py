"""Writes about matches. Each public function is one transaction that locks the match row first,
so two requests about the same match run one after the other and the second sees the first's
result (a stale `expected_version` is then refused instead of silently applied twice).

On any error a `MoveRejected` carrying a sentence for the player is raised and nothing changes.
Clocks and notifications belong to other modules; we call their two hooks after every accepted
change: `clock_after_change` inside the transaction, `notify_match_changed` on commit.
"""

from __future__ import annotations

import secrets
from collections.abc import Callable
from typing import Any

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from games.engine import registry
from games.engine.protocol import GameSystem, IllegalMove, Outcome, Transition
from games.engine.rng import Rng
from games.matches import replaying
from games.matches.hooks import run_match_finished_handlers
from games.matches.models import ChatMessage, Match, MatchRecord, Seat
from games.matches.selectors import match_bot_to_move
from games.refusals import Refused


class MoveRejected(Refused):
    """A refused action on a match (a move, chat, a draw offer...)."""


class StaleVersion(MoveRejected):
    """The player acted on an old page: somebody moved in between."""


# --- helpers ----------------------------------------------------------------------------------


def _system(match: Match) -> GameSystem:
    return registry.get_system(match.system)


def _locked(match_id) -> Match:
    try:
        return Match.objects.select_for_update().get(pk=int(match_id))
    except (Match.DoesNotExist, TypeError, ValueError):
        raise MoveRejected(_("This match does not exist.")) from None


def _seat_of(match: Match, user, seats: list[Seat] | None = None) -> Seat:
    if user is None or not getattr(user, "is_authenticated", False):
        raise MoveRejected(_("Please sign in to play."))
    if seats is None:
        seat = match.seats.filter(user=user).first()
    else:
        seat = next((s for s in seats if s.user_id == user.pk), None)
    if seat is None:
        raise MoveRejected(_("You are not playing in this match."))
    return seat


def _require_active(match: Match) -> None:
    if match.status != Match.Status.ACTIVE:
        raise MoveRejected(_("This match is not in progress."))


def _check_version(match: Match, expected_version) -> None:
    try:
        expected = int(expected_version)
    except (TypeError, ValueError):
        raise MoveRejected(_("This move could not be read.")) from None
    if expected != match.version:
        raise StaleVersion(
            _(
                "The board changed since you loaded it; here it is as it stands now. Please try again."
            )
        )


def _event_json(event) -> dict:
    return {
        "kind": event.kind,
        "data": dict(event.data),
        "visible_to": event.visible_to
        if isinstance(event.visible_to, str)
        else list(event.visible_to),
        "redacted": None if event.redacted is None else dict(event.redacted),
    }


def _append(match: Match, *, kind: str, seat: int | None, data: dict, events=()) -> MatchRecord:
    record = MatchRecord.objects.create(
        match=match,
        seq=match.version + 1,
        kind=kind,
        seat=seat,
        data=data,
        events=[_event_json(e) if not isinstance(e, dict) else e for e in events],
        rng_counter_after=match.rng_counter,
    )
    match.version = record.seq
    return record


def _after_change(match: Match, now, *, seats: list[Seat] | None = None, state=None) -> None:
    """Clock, bots and notifications: the hooks every accepted change runs. `seats` and
    `state` (the match's seats and decoded new state), when the caller has them, spare the bot
    check a query and a decoding."""
    from games.matches.clock import clock_after_change

    match.save()
    clock_after_change(match=match, now=now)
    match_id, version = match.pk, match.version

    def notify() -> None:
        from games.notifications.services import notify_match_changed

        notify_match_changed(match_id=match_id, version=version)

    transaction.on_commit(notify)
    if (
        match.status == Match.Status.ACTIVE
        and match_bot_to_move(match, seats=seats, state=state) is not None
    ):
        from games.matches.tasks import schedule_bot_move

        transaction.on_commit(lambda: schedule_bot_move(match_id))


def _finish_if_over(match: Match, system: GameSystem, state: Any, now) -> None:
    outcome = system.outcome(state)
    if outcome is not None:
        match_finish(match=match, outcome=outcome, now=now)


def _apply_state(match: Match, system: GameSystem, step: Transition, *, keep_rng: bool = False):
    match.snapshot = system.state_to_json(step.state)
    if not keep_rng:
        match.rng_counter = step.rng.counter


# --- lifecycle --------------------------------------------------------------------------------


def match_create(
    *,
    system: str,
    config: dict,
    seat_users: list,
    bot_levels: dict[int, int] | None = None,
    created_by=None,
    days_per_move: int = 3,
    bank_increment_hours: int = 0,
    bank_max_days: int = 0,
    vacation_allowed: bool = True,
    is_public: bool = True,
    competition: str = "",
    chat_hidden_from_spectators: bool = True,
    invite_seats: frozenset[int] = frozenset(),
    seed: str | None = None,
) -> Match:
    """Creates the match and its seats (None: an open seat; `bot_levels`: computer seats;
    `invite_seats`: open seats only the invite link fills). Starts at once when all are filled.
    `seed`: the match's secret seed when the caller drew something from it already (a
    campaign's scenario roll); a fresh one otherwise."""
    bot_levels = bot_levels or {}
    try:
        engine = registry.get_system(system)
    except KeyError:
        raise MoveRejected(_("This game is not available.")) from None
    seats = len(seat_users)
    if not engine.min_seats <= seats <= engine.max_seats:
        raise MoveRejected(
            _("This game needs %(min)d to %(max)d players.")
            % {"min": engine.min_seats, "max": engine.max_seats}
        )
    humans = [u.pk for u in seat_users if u is not None]
    if len(set(humans)) != len(humans):
        raise MoveRejected(_("A player cannot take two seats."))
    if any(i in bot_levels and seat_users[i] is not None for i in range(seats)):
        raise MoveRejected(_("A computer seat cannot also have a player."))
    if not 1 <= int(days_per_move) <= 14:
        raise MoveRejected(_("Days per move must be between 1 and 14."))
    try:
        normalised = engine.validate_config(config, seats)
    except ValueError as error:
        raise MoveRejected(str(error)) from None
    now = timezone.now()
    with transaction.atomic():
        match = Match.objects.create(
            system=system,
            config=normalised,
            created_by=created_by,
            days_per_move=days_per_move,
            bank_increment_hours=bank_increment_hours,
            bank_max_days=bank_max_days,
            vacation_allowed=vacation_allowed,
            is_public=is_public,
            competition=competition,
            chat_hidden_from_spectators=chat_hidden_from_spectators,
            **({"seed": seed} if seed else {}),
        )
        for index, user in enumerate(seat_users):
            bot = index in bot_levels
            Seat.objects.create(
                match=match,
                index=index,
                user=user,
                kind=Seat.Kind.BOT if bot else Seat.Kind.HUMAN,
                bot_level=bot_levels.get(index, 0),
                invite_only=index in invite_seats and user is None and not bot,
                joined_at=now if (user is not None or bot) else None,
            )
        if all(u is not None or i in bot_levels for i, u in enumerate(seat_users)):
            match = Match.objects.select_for_update().get(pk=match.pk)
            match_start(match=match, now=now)
    return match


def match_join(
    *,
    match_id,
    user,
    seat_index=None,
    invite_token: str | None = None,
    before_start: Callable[[Match, Seat], None] | None = None,
) -> Match:
    """Takes a free seat. Without the invite token only seats listed in the lobby are free.
    `before_start(match, seat)` runs once the seat is taken, before the match may start, in the
    same transaction (what the player chose on taking it, such as an army list, goes into the
    config there); it may refuse with MoveRejected, and then nothing changes."""
    if user is None or not user.is_authenticated:
        raise MoveRejected(_("Please sign in to play."))
    now = timezone.now()
    with transaction.atomic():
        match = _locked(match_id)
        if match.status != Match.Status.OPEN:
            raise MoveRejected(_("This match is no longer waiting for players."))
        if match.seats.filter(user=user).exists():
            raise MoveRejected(_("You already have a seat in this match."))
        free = match.seats.filter(user__isnull=True, kind=Seat.Kind.HUMAN)
        if not invite_token or not secrets.compare_digest(str(invite_token), match.invite_token):
            free = free.filter(invite_only=False)
        if seat_index not in (None, ""):
            free = free.filter(index=int(seat_index))
        seat = free.order_by("index").first()
        if seat is None:
            raise MoveRejected(_("This seat is already taken."))
        seat.user, seat.joined_at = user, now
        seat.save(update_fields=["user", "joined_at"])
        if before_start is not None:
            before_start(match, seat)
        if not match.seats.filter(user__isnull=True, kind=Seat.Kind.HUMAN).exists():
            match_start(match=match, now=now)
        else:
            match.save()
            mid, version = match.pk, match.version
            transaction.on_commit(lambda: _notify(mid, version))
    return match


def _notify(match_id: int, version: int) -> None:
    from games.notifications.services import notify_match_changed

    notify_match_changed(match_id=match_id, version=version)


def match_start(*, match: Match, now=None) -> None:
    """Internal: the match row is locked by the caller and every seat is filled."""
    now = now or timezone.now()
    system = _system(match)
    step = system.setup(match.config, match.seats.count(), Rng(match.seed))
    _apply_state(match, system, step)
    match.status = Match.Status.ACTIVE
    match.started_at = now
    _append(
        match, kind=MatchRecord.Kind.SETUP, seat=None, data={"reveals": True}, events=step.events
    )
    _after_change(match, now)


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
    for seat in match.seats.all():
        seat.rank = outcome.ranks[seat.index] if seat.index < len(outcome.ranks) else None
        seat.deadline = None
        seat.offers_draw = False
        seat.save(update_fields=["rank", "deadline", "offers_draw"])
    match.save()
    run_match_finished_handlers(match)


# --- moves ------------------------------------------------------------------------------------


def match_submit_move(*, match_id, user, move_data, expected_version) -> Match:
    now = timezone.now()
    with transaction.atomic():
        match = _locked(match_id)
        seats = list(match.seats.all())  # one query: the mover's seat and the bot check
        seat = _seat_of(match, user, seats)
        _require_active(match)
        _check_version(match, expected_version)
        _play(match, seat.index, move_data, now, seats)
    return match


def match_play_for_seat(*, match_id, seat_index: int, move_data, expected_version) -> Match:
    """The same pipeline for a bot seat (called by the background worker)."""
    now = timezone.now()
    with transaction.atomic():
        match = _locked(match_id)
        _require_active(match)
        _check_version(match, expected_version)
        seats = list(match.seats.all())
        seat = next((s for s in seats if s.index == seat_index and s.kind == Seat.Kind.BOT), None)
        if seat is None:
            raise MoveRejected(_("This seat is not played by the computer."))
        _play(match, seat.index, move_data, now, seats)
    return match


def _play(match: Match, seat: int, move_data, now, seats: list[Seat]) -> None:
    system = _system(match)
    state = system.state_from_json(match.snapshot)
    if seat not in system.to_act(state):
        raise MoveRejected(_("It is not your turn."))
    try:
        step = system.apply(state, seat, move_data, Rng(match.seed, match.rng_counter))
    except IllegalMove as error:
        raise MoveRejected(_translate_reason(error)) from None
    except (KeyError, TypeError, ValueError, AttributeError, IndexError):
        # The engine validates moves; anything it could not even decode is malformed.
        raise MoveRejected(_("This move could not be read.")) from None
    _apply_state(match, system, step)
    data = {"move": move_data, "reveals": bool(step.reveals), "ends_turn": bool(step.ends_turn)}
    _append(match, kind=MatchRecord.Kind.MOVE, seat=seat, data=data, events=step.events)
    _finish_if_over(match, system, step.state, now)
    _after_change(match, now, seats=seats, state=step.state)


def _translate_reason(error: IllegalMove) -> str:
    # Engines give English sentences; translations of known reasons live in our catalogue.
    if error.code == "malformed":
        return _("This move could not be read.")
    return _(error.reason)


def match_take_back(*, match_id, user, expected_version) -> Match:
    """Cancels the seat's last move if it was within its current turn and revealed nothing."""
    now = timezone.now()
    with transaction.atomic():
        match = _locked(match_id)
        seat = _seat_of(match, user)
        _require_active(match)
        _check_version(match, expected_version)
        records = list(match.records.all())
        effective = replaying.effective_records(records)
        last = effective[-1] if effective else None
        if (
            last is None
            or last.kind != MatchRecord.Kind.MOVE
            or last.seat != seat.index
            or last.data.get("reveals")
            or last.data.get("ends_turn")
            or len(effective) < 2
        ):
            raise MoveRejected(_("There is no move of yours to take back in this turn."))
        system = _system(match)
        to_seq = effective[-2].seq
        replayed = replaying.replay_records(system, match, [*records, _Pending(to_seq)])
        match.snapshot = system.state_to_json(replayed.state)
        match.rng_counter = replayed.rng.counter
        _append(
            match,
            kind=MatchRecord.Kind.TAKEBACK,
            seat=seat.index,
            data={"to_seq": to_seq},
            events=[
                {
                    "kind": "MoveTakenBack",
                    "data": {"seat": seat.index},
                    "visible_to": "all",
                    "redacted": None,
                }
            ],
        )
        _after_change(match, now)
    return match


class _Pending:
    """A takeback record not yet saved, for replaying before we store it."""

    kind = MatchRecord.Kind.TAKEBACK
    seat = None

    def __init__(self, to_seq: int) -> None:
        self.seq = 10**12
        self.data = {"to_seq": to_seq}


def match_resign(*, match_id, user) -> Match:
    now = timezone.now()
    with transaction.atomic():
        match = _locked(match_id)
        seat = _seat_of(match, user)
        _require_active(match)
        match_forfeit_seat(match=match, seat_index=seat.index, reason="resign", now=now)
    return match


def match_forfeit_on_time(*, match_id, seat_index: int, now=None) -> Match:
    """The clock's loss on time; refused if the seat moved (or got more time) meanwhile."""
    now = now or timezone.now()
    with transaction.atomic():
        match = _locked(match_id)
        _require_active(match)
        seat = match.seats.filter(index=seat_index).first()
        if seat is None or seat.deadline is None or seat.deadline >= now:
            raise MoveRejected(_("This player is not out of time."))
        match_forfeit_seat(match=match, seat_index=seat_index, reason="timeout", now=now)
    return match


def match_forfeit_seat(*, match: Match, seat_index: int, reason: str, now=None) -> None:
    """Internal (also for the clock's loss on time): the match row is locked by the caller."""
    now = now or timezone.now()
    system = _system(match)
    state = system.state_from_json(match.snapshot)
    step = system.forfeit(state, seat_index, reason)
    _apply_state(match, system, step, keep_rng=True)
    _append(
        match,
        kind=MatchRecord.Kind.FORFEIT,
        seat=seat_index,
        data={"reason": reason},
        events=step.events,
    )
    _finish_if_over(match, system, step.state, now)
    _after_change(match, now)


# --- draws --------------------------------------------------------------------------------------


def _draw_action(match_id, user, action: Callable[[Match, Seat, Any], None]) -> Match:
    now = timezone.now()
    with transaction.atomic():
        match = _locked(match_id)
        seat = _seat_of(match, user)
        _require_active(match)
        if not getattr(_system(match), "allows_draw", True):
            raise MoveRejected(_("Draws are not possible in this game."))
        if match.seats.filter(kind=Seat.Kind.BOT).exists():
            # A computer never answers an offer, and the humans alone must not agree for it.
            raise MoveRejected(_("The computer does not accept draws."))
        action(match, seat, now)
    return match


def match_offer_draw(*, match_id, user) -> Match:
    def offer(match: Match, seat: Seat, now) -> None:
        if seat.offers_draw:
            raise MoveRejected(_("You have already offered a draw."))
        _want_draw(match, seat, now)

    return _draw_action(match_id, user, offer)


def match_accept_draw(*, match_id, user) -> Match:
    def accept(match: Match, seat: Seat, now) -> None:
        _require_offer_from_another(match, seat)
        _want_draw(match, seat, now)

    return _draw_action(match_id, user, accept)


def match_decline_draw(*, match_id, user) -> Match:
    def decline(match: Match, seat: Seat, now) -> None:
        _require_offer_from_another(match, seat)
        match.seats.update(offers_draw=False)
        _notify_only(match)

    return _draw_action(match_id, user, decline)


def _require_offer_from_another(match: Match, seat: Seat) -> None:
    if not match.seats.filter(offers_draw=True).exclude(pk=seat.pk).exists():
        raise MoveRejected(_("Nobody has offered a draw."))


def _want_draw(match: Match, seat: Seat, now) -> None:
    """Offering and accepting are one act: the seat stands by a draw, agreed once all humans do."""
    seat.offers_draw = True
    seat.save(update_fields=["offers_draw"])
    _maybe_agree(match, now)


def _maybe_agree(match: Match, now) -> None:
    humans = match.seats.filter(kind=Seat.Kind.HUMAN)
    if humans.filter(offers_draw=False).exists():
        _notify_only(match)
        return
    seats = match.seats.count()
    _append(match, kind=MatchRecord.Kind.DRAW, seat=None, data={}, events=[])
    match_finish(match=match, outcome=Outcome((0,) * seats, (), "draw"), now=now)
    _after_change(match, now)


def _notify_only(match: Match) -> None:
    match_id, version = match.pk, match.version
    transaction.on_commit(lambda: _notify(match_id, version))


# --- chat and "seen" ---------------------------------------------------------------------------


def match_post_chat(*, match_id, user, text: str) -> ChatMessage:
    text = (text or "").strip()
    if not text:
        raise MoveRejected(_("Write something first."))
    if len(text) > 2000:
        raise MoveRejected(_("A message may have at most 2000 characters."))
    with transaction.atomic():
        match = _locked(match_id)
        _seat_of(match, user)
        message = ChatMessage.objects.create(match=match, author=user, text=text)
        _notify_only(match)
    return message


def match_mark_seen(*, match_id, user, version: int | None = None) -> None:
    """The player has seen the match as of `version` (the one the page shows; None: the
    current one). Never moves the mark backwards."""
    seats = Seat.objects.filter(match_id=match_id, user=user)
    if version is not None:
        seats.filter(last_seen_version__lt=version).update(last_seen_version=version)
        return
    current = Match.objects.filter(pk=match_id).values("version")[:1]
    seats.exclude(last_seen_version__gte=current).update(last_seen_version=current)


# --- bots and verification ---------------------------------------------------------------------


def match_replay_verify(match: Match) -> bool:
    """True when replaying the whole log (takebacks included) gives the stored snapshot."""
    system = _system(match)
    replayed = replaying.replay_records(system, match, list(match.records.all()))
    return (
        system.state_to_json(replayed.state) == match.snapshot
        and replayed.rng.counter == match.rng_counter
    )
