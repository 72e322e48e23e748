"""A match from creation to its start: creating it with its seats, joining, starting; and the
check that the stored snapshot is the replay of the log."""

from __future__ import annotations

import secrets

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from games.engine import registry
from games.engine.rng import Rng
from games.matches import replaying
from games.matches.models import Match, MatchRecord, Seat
from games.matches.services.common import append, apply_state, changed, locked, system_of
from games.refusals import Refused


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
) -> Match:
    """Creates the match and its seats (None: an open seat; `bot_levels`: computer seats;
    `invite_seats`: open seats only the invite link fills). Starts at once when all are filled."""
    bot_levels = bot_levels or {}
    try:
        engine = registry.get_system(system)
    except KeyError:
        raise Refused(_("This game is not available.")) from None
    seats = len(seat_users)
    if not engine.min_seats <= seats <= engine.max_seats:
        raise Refused(
            _("This game needs %(min)d to %(max)d players.")
            % {"min": engine.min_seats, "max": engine.max_seats}
        )
    humans = [u.pk for u in seat_users if u is not None]
    if len(set(humans)) != len(humans):
        raise Refused(_("A player cannot take two seats."))
    if any(i in bot_levels and seat_users[i] is not None for i in range(seats)):
        raise Refused(_("A computer seat cannot also have a player."))
    if not 1 <= int(days_per_move) <= 14:
        raise Refused(_("Days per move must be between 1 and 14."))
    try:
        normalised = engine.validate_config(config, seats)
    except ValueError as error:
        raise Refused(str(error)) from None
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


def match_join(*, match_id, user, seat_index=None, invite_token: str | None = None) -> Match:
    """Takes a free seat. Without the invite token only seats listed in the lobby are free."""
    if user is None or not user.is_authenticated:
        raise Refused(_("Please sign in to play."))
    now = timezone.now()
    with transaction.atomic():
        match = locked(match_id)
        if match.status != Match.Status.OPEN:
            raise Refused(_("This match is no longer waiting for players."))
        if match.seats.filter(user=user).exists():
            raise Refused(_("You already have a seat in this match."))
        free = match.seats.filter(user__isnull=True, kind=Seat.Kind.HUMAN)
        if not invite_token or not secrets.compare_digest(str(invite_token), match.invite_token):
            free = free.filter(invite_only=False)
        if seat_index not in (None, ""):
            free = free.filter(index=int(seat_index))
        seat = free.order_by("index").first()
        if seat is None:
            raise Refused(_("This seat is already taken."))
        seat.user, seat.joined_at = user, now
        seat.save(update_fields=["user", "joined_at"])
        if not match.seats.filter(user__isnull=True, kind=Seat.Kind.HUMAN).exists():
            match_start(match=match, now=now)
        else:
            changed(match, now, played=False)
    return match


def match_start(*, match: Match, now=None) -> None:
    """Internal: the match row is locked by the caller and every seat is filled."""
    now = now or timezone.now()
    system = system_of(match)
    step = system.setup(match.config, match.seats.count(), Rng(match.seed))
    apply_state(match, system, step)
    match.status = Match.Status.ACTIVE
    match.started_at = now
    append(
        match, kind=MatchRecord.Kind.SETUP, seat=None, data={"reveals": True}, events=step.events
    )
    changed(match, now)


def match_replay_verify(*, match: Match) -> bool:
    """True when replaying the whole log (takebacks included) gives the stored snapshot."""
    system = system_of(match)
    replayed = replaying.replay_records(system, match, list(match.records.all()))
    return (
        system.state_to_json(replayed.state) == match.snapshot
        and replayed.rng.counter == match.rng_counter
    )
