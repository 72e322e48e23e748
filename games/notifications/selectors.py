"""Reads for notifications: the inbox, who is watching a match, a match's address for emails.
(Who may watch a match is the matches app's rule: `games.matches.selectors.match_visible_to`.)"""

from __future__ import annotations

from collections.abc import Callable
from datetime import datetime

from django.conf import settings
from django.urls import reverse
from django.utils import timezone

from games.matches.models import Seat
from games.notifications.models import MatchPresence, Notification


def notification_inbox(*, user, limit: int = 100) -> list[Notification]:
    return list(Notification.objects.filter(user=user)[:limit])


def notification_unread_count(*, user) -> int:
    return Notification.objects.filter(user=user, read_at__isnull=True).count()


def presence_watching(*, user_id: int, match_id: int, now: datetime | None = None) -> bool:
    """Whether the player has the match's page open (its websocket's presence is fresh)."""
    return MatchPresence.objects.filter(
        user_id=user_id, match_id=match_id, expires_at__gt=now or timezone.now()
    ).exists()


def match_link(*, match_id: int) -> str:
    """The match page's absolute address, for emails and Discord."""
    return settings.SITE_URL.rstrip("/") + reverse("matches:match", args=[match_id])


def opponents_named(seats, user_id: int) -> str:
    """The people of the other teams (« anna, bruno ») among `seats`, (user id, name, team) of
    the human seats: a notice names its match by them, not by its number. Empty against the
    computer alone."""
    seats = list(seats)
    mine = {team for uid, _name, team in seats if uid == user_id}
    return ", ".join(
        dict.fromkeys(name for uid, name, team in seats if uid != user_id and team not in mine)
    )


def opponent_params(seats, user_id: int) -> dict:
    """What a notice about a match stores to name it as a player does: {"opponent": "anna,
    bruno"}, {"computer": True} when only the computer sits on the other teams, or nothing.
    `seats`: (user id, name, team, kind) of every seat (a computer's has no user), rows the
    teller read anyway (no query of its own)."""
    seats = list(seats)
    humans = [(uid, name, team) for uid, name, team, kind in seats if kind == Seat.Kind.HUMAN]
    opponent = opponents_named(((u, n, t) for u, n, t in humans if u is not None), user_id)
    if opponent:
        return {"opponent": opponent}
    mine = {team for uid, _name, team in humans if uid == user_id}
    if any(kind == Seat.Kind.BOT and team not in mine for _u, _n, team, kind in seats):
        return {"computer": True}
    return {}


def seat_names(seats) -> list[tuple]:
    """`opponent_params`' rows from Seat models read with their users."""
    return [(s.user_id, s.user.username if s.user else "", s.team, s.kind) for s in seats]


# A seat's columns `opponent_params` reads, for a teller's own query of the seats.
OPPONENT_COLUMNS = ("user_id", "user__username", "team", "kind")


def match_opponent_params(*, match_id: int, user_id: int) -> dict:
    """`opponent_params` read for one match (a notice stored before it carried them, read away
    from the site; a turn's email): one query."""
    return matches_opponent_params(match_ids=[match_id], user_id=user_id)[match_id]


def matches_opponent_params(*, match_ids, user_id: int) -> dict[int, dict]:
    """`opponent_params` of each of `match_ids` for one player, by match id (the digest's
    list): one query whatever their number."""
    rows = Seat.objects.filter(match_id__in=list(match_ids)).order_by("index")
    seats: dict[int, list[tuple]] = {}
    for match_id, *seat in rows.values_list("match_id", *OPPONENT_COLUMNS):
        seats.setdefault(match_id, []).append(tuple(seat))
    return {match_id: opponent_params(seats.get(match_id, []), user_id) for match_id in match_ids}


def match_opponents(*, match_id: int) -> Callable[[int], dict]:
    """`opponent_params` of a match for each of its players (a chat message's readers): one
    query for them all."""
    rows = Seat.objects.filter(match_id=match_id).order_by("index")
    seats = list(rows.values_list(*OPPONENT_COLUMNS))
    return lambda user_id: opponent_params(seats, user_id)


def table_opponent_params(*, match_id: int) -> Callable[[int], dict]:
    """`opponent_params` of a match not started yet, for each of its people: a seat kept for
    someone counts as theirs (a challenge names the match by who will play it). One query."""
    rows = Seat.objects.filter(match_id=match_id).order_by("index")
    seats = [
        (user_id or kept_id, name or kept_name or "", team, kind)
        for user_id, name, kept_id, kept_name, team, kind in rows.values_list(
            "user_id", "user__username", "kept_for_id", "kept_for__username", "team", "kind"
        )
    ]
    return lambda user_id: opponent_params(seats, user_id)
