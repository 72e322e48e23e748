"""A match from creation to its start: creating it with its seats, joining, starting; and the
check that the stored snapshot is the replay of the log."""

from __future__ import annotations

import copy
import secrets
from collections.abc import Callable
from typing import Any

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from games.engine import registry
from games.engine.rng import Rng
from games.matches import replaying
from games.matches.models import Match, MatchRecord, Seat
from games.matches.services.common import (
    append,
    apply_state,
    changed,
    locked,
    may_hold_team_seats,
    system_of,
    team_by_seat,
)
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
    weekend_pause_allowed: bool = True,
    is_public: bool = True,
    competition: str = "",
    chat_hidden_from_spectators: bool = True,
    invite_seats: frozenset[int] = frozenset(),
    kept_for: dict[int, Any] | None = None,
    seed: str | None = None,
) -> Match:
    """Creates the match and its seats (None: an open seat; `bot_levels`: computer seats;
    `invite_seats`: open seats only the invite link fills; `kept_for`: open seats kept for one
    named person each, who alone may take them: services/challenges.py tells them). Starts at
    once when all are filled.
    `seed`: the match's secret seed when the caller drew something from it already (a
    campaign's scenario roll); a fresh one otherwise."""
    bot_levels = bot_levels or {}
    kept_for = kept_for or {}
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
    if any(i in bot_levels and seat_users[i] is not None for i in range(seats)):
        raise Refused(_("A computer seat cannot also have a player."))
    if any(not 0 <= i < seats or i in bot_levels or seat_users[i] is not None for i in kept_for):
        raise Refused(_("Only a free seat may be kept for a player."))
    if not 1 <= int(days_per_move) <= 14:
        raise Refused(_("Days per move must be between 1 and 14."))
    try:
        normalised = engine.validate_config(config, seats)
    except ValueError as error:
        raise Refused(str(error)) from None
    teams = team_by_seat(engine, normalised, seats)
    # A person a seat is kept for counts as holding it: the same limits hold once they accept.
    _check_seats_per_person(engine, [kept_for.get(i, u) for i, u in enumerate(seat_users)], teams)
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
            weekend_pause_allowed=weekend_pause_allowed,
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
                team=teams[index],
                bot_level=bot_levels.get(index, 0),
                invite_only=(index in invite_seats or index in kept_for)
                and user is None
                and not bot,
                kept_for=kept_for.get(index),
                joined_at=now if (user is not None or bot) else None,
            )
        if all(u is not None or i in bot_levels for i, u in enumerate(seat_users)):
            match = Match.objects.select_for_update().get(pk=match.pk)
            match_start(match=match, now=now)
    return match


def _check_seats_per_person(engine, seat_users: list, teams: dict[int, int]) -> None:
    """One seat per person, or several of one team where the system allows it."""
    held: dict[int, list[int]] = {}
    for index, user in enumerate(seat_users):
        if user is not None:
            held.setdefault(user.pk, []).append(index)
    for indices in held.values():
        if len(indices) == 1:
            continue
        if not may_hold_team_seats(engine):
            raise Refused(_("A player cannot take two seats."))
        if len({teams[i] for i in indices}) > 1:
            raise Refused(_team_refusal(teams, indices[0]))


def _team_refusal(teams: dict[int, int], seat: int) -> str:
    """Why a person may not take a seat outside their team, naming their team's seats."""
    mates = [i for i in sorted(teams) if teams[i] == teams[seat]]
    if len(mates) == 1:
        return _("One person may take two seats only in team play.")
    return _("One person may hold two seats of one team only: seats %(seats)s play together.") % {
        "seats": ", ".join(str(i + 1) for i in mates)
    }


def match_join(
    *,
    match_id,
    user,
    seat_index=None,
    invite_token: str | None = None,
    before_start: Callable[[Match, Seat], None] | None = None,
) -> Match:
    """Takes a free seat. Without the invite token only seats listed in the lobby are free; a
    seat kept for a named person is free to them alone (and the one they take first).
    `before_start(match, seat)` runs once the seat is taken, before the match may start, in the
    same transaction (what the player chose on taking it, such as an army list, goes into the
    config there); it may refuse, and then nothing changes. The options as they were before it
    are kept on the seat (`Seat.options_before`) when it changed them: leaving gives them back.

    A person who already holds a seat may take another only where the system allows it, and
    only a seat of their own team (any free one of it: they have the invite link already)."""
    if user is None or not user.is_authenticated:
        raise Refused(_("Please sign in to play."))
    wanted = None
    if seat_index not in (None, ""):
        try:
            wanted = int(seat_index)
        except (TypeError, ValueError):
            raise Refused(_("This seat does not exist.")) from None
    now = timezone.now()
    with transaction.atomic():
        match = locked(match_id)
        if match.status != Match.Status.OPEN:
            raise Refused(_("This match is no longer waiting for players."))
        seats = list(match.seats.order_by("index"))
        free = [s for s in seats if s.is_free_for(user.pk)]
        mine = [s for s in seats if s.user_id == user.pk]
        if mine:
            free = _free_seats_of_my_team(match, seats, mine, free, wanted)
        elif not invite_token or not secrets.compare_digest(str(invite_token), match.invite_token):
            free = [s for s in free if not s.invite_only or s.kept_for_id == user.pk]
        if wanted is not None:
            free = [s for s in free if s.index == wanted]
        elif any(s.kept_for_id == user.pk for s in free):
            free = [s for s in free if s.kept_for_id == user.pk]
        if not free and any(s.awaits_answer for s in seats):
            raise Refused(_("The free seats of this match are kept for the players it names."))
        if not free:
            raise Refused(_("This seat is already taken."))
        seat = free[0]
        seat.user, seat.joined_at, seat.options_before = user, now, None
        seat.save(update_fields=["user", "joined_at", "options_before"])
        if before_start is not None:
            before = copy.deepcopy(match.config)
            before_start(match, seat)
            if match.config != before:
                # What leaving before the start gives back (services/leaving.py).
                seat.options_before = before
                seat.save(update_fields=["options_before"])
        if not any(s.is_free for s in seats):
            match_start(match=match, now=now)
        else:
            changed(match, now, played=False)
    return match


def _free_seats_of_my_team(
    match: Match, seats: list[Seat], mine: list[Seat], free: list[Seat], wanted: int | None
) -> list[Seat]:
    if not may_hold_team_seats(system_of(match)):
        raise Refused(_("You already have a seat in this match."))
    team = mine[0].team
    if any(s.index == wanted and s.team != team for s in free):
        raise Refused(_team_refusal({s.index: s.team for s in seats}, mine[0].index))
    ours = [s for s in free if s.team == team]
    if not ours and sum(1 for s in seats if s.team == team) == 1:
        raise Refused(_team_refusal({s.index: s.team for s in seats}, mine[0].index))
    if not ours:
        raise Refused(_("Your team has no free seat left."))
    return ours


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
