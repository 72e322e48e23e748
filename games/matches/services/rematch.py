"""A rematch: the same game with the same options, the players in each other's seats.

Against the computer the new match starts at once. Other players are not seated without their
word: their seats are kept for them as a challenge's are (services/challenges.py: nobody else
may take them) and they are told, so one click accepts; the match starts when they have all
joined, and a declined duel is called off."""

from __future__ import annotations

from typing import Any

from django.db import transaction
from django.utils.translation import gettext as _

from games.matches.models import Match, Seat
from games.matches.services.challenges import invite_kept
from games.matches.services.common import seat_of
from games.matches.services.lifecycle import match_create
from games.refusals import Refused


def match_rematch(*, match_id, user) -> Match:
    """A new match like `match_id` (finished, not part of a competition), seats reversed."""
    match = Match.objects.filter(pk=match_id).first()
    if match is None:
        raise Refused(_("This match does not exist."))
    mine = seat_of(match, user)
    if match.status != Match.Status.FINISHED:
        raise Refused(_("A rematch is possible once the match is over."))
    if match.competition:
        raise Refused(_("A competition's matches have no rematch: its organisers pair players."))
    seats = sorted(match.seats.all(), key=lambda s: s.index)
    reversed_seats = seats[::-1]
    seat_users: list = []
    bot_levels: dict[int, int] = {}
    invited: dict[int, Any] = {}
    for index, old in enumerate(reversed_seats):
        if old.kind == Seat.Kind.BOT:
            seat_users.append(None)
            bot_levels[index] = old.bot_level
        elif old.pk == mine.pk or old.user_id == user.pk:  # every seat the person held
            seat_users.append(user)
        else:
            seat_users.append(None)  # kept for its player, who is told (no seat without consent)
            invited[index] = old.user
    kept = {i: u for i, u in invited.items() if u is not None and u.is_active}
    with transaction.atomic():
        rematch = match_create(
            system=match.system,
            # The options as chosen; per-seat choices (armies) stay with their seat, so the
            # players also swap what they led.
            config=dict(match.config),
            seat_users=seat_users,
            bot_levels=bot_levels,
            created_by=user,
            days_per_move=match.days_per_move,
            bank_increment_hours=match.bank_increment_hours,
            bank_max_days=match.bank_max_days,
            vacation_allowed=match.vacation_allowed,
            weekend_pause_allowed=match.weekend_pause_allowed,
            is_public=match.is_public,
            chat_hidden_from_spectators=match.chat_hidden_from_spectators,
            # A player whose account is gone leaves a seat for the invite link.
            invite_seats=frozenset(invited),
            kept_for=kept,
        )
        invite_kept(match=rematch, by=user, people=list(kept.values()), rematch_of=match)
    return rematch
