"""A player's matches in their data download, and what deleting their account does to their
matches (games/accounts/privacy.py; registered by notifications, which joins accounts and
matches: this app imports neither).

The download lists each match the player holds a seat in as its page lists it publicly (the
game, the status, the seats' names, the result and dates): never its position, a hand, the
seed or anything the rules hide, even of a match in progress. Their own chat lines and their
own private notes follow; nobody else's.

Deleting: their matches in progress are resigned (as the match page's « Abandonner »: the
opponents are told, the clock, the competitions and the ratings follow); the tables they
created that have not started are called off (a challenge withdrawn), the others left; the
challenges addressed to them declined. Then their notes go, and their chat lines stay where
they were, empty: the match page shows « message supprimé » in its reader's language, so the
other players' lines around them still read in order."""

from __future__ import annotations

from django.db.models import Q

from games.matches.models import ChatMessage, Match, MatchNote, Seat
from games.matches.presenters import match_title, seat_name
from games.matches.services import (
    challenge_decline,
    challenge_withdraw,
    match_call_off,
    match_leave,
    match_resign,
)


def matches_data(user) -> list[dict]:
    mine = Seat.objects.filter(user=user).values_list("match_id", flat=True)
    matches = (
        Match.objects.filter(pk__in=mine)
        .only("pk", "system", "status", "created_at", "started_at", "finished_at", "outcome")
        .prefetch_related("seats__user", "seats__kept_for")
        .order_by("pk")
    )
    return [_match_data(match, user) for match in matches]


def _match_data(match: Match, user) -> dict:
    seats = list(match.seats.all())
    own = [s for s in seats if s.user_id == user.pk]
    finished = match.status == Match.Status.FINISHED
    outcome = match.outcome or {}
    return {
        "id": match.pk,
        "title": match_title(system=match.system, match_id=match.pk),
        "game": match.system,
        "status": match.status,
        "my_seats": [s.index for s in own],
        "other_seats": [
            {"seat": s.index, "name": str(seat_name(s))} for s in seats if s.user_id != user.pk
        ],
        "result": (
            {"my_ranks": [s.rank for s in own], "reason": outcome.get("reason", "")}
            if finished
            else None
        ),
        "created_at": match.created_at,
        "started_at": match.started_at,
        "finished_at": match.finished_at,
    }


def chat_lines_data(user) -> list[dict]:
    return [
        {"match": line.match_id, "text": line.text, "written_at": line.created_at}
        for line in ChatMessage.objects.filter(author=user).order_by("created_at", "pk")
    ]


def match_notes_data(user) -> list[dict]:
    return [
        {"match": note.match_id, "text": note.text, "updated_at": note.updated_at}
        for note in MatchNote.objects.filter(user=user).order_by("match_id")
    ]


def matches_leave_all(user) -> None:
    """The "play" stage of a deletion: no match waits for this player any more. Each through
    the service a player's own click runs, so everybody is told as usual."""
    playing = Match.objects.filter(status=Match.Status.ACTIVE, seats__user=user)
    for match_id in _ids(playing):
        match_resign(match_id=match_id, user=user)
    waiting = Match.objects.filter(status=Match.Status.OPEN, competition="")
    for match in waiting.filter(created_by=user).prefetch_related("seats").order_by("pk"):
        if any(s.awaits_answer for s in match.seats.all()):
            challenge_withdraw(match_id=match.pk, user=user)
        else:
            match_call_off(match_id=match.pk, user=user)
    for match_id in _ids(waiting.filter(seats__user=user).exclude(created_by=user)):
        match_leave(match_id=match_id, user=user)
    asked = Q(seats__kept_for=user, seats__user__isnull=True)
    for match_id in _ids(waiting.filter(asked)):
        challenge_decline(match_id=match_id, user=user)


def _ids(matches) -> list[int]:
    return sorted(set(matches.values_list("pk", flat=True)))


def matches_forget(user) -> None:
    """The "belongings" stage: their notes go; their chat lines are emptied (see above)."""
    MatchNote.objects.filter(user=user).delete()
    ChatMessage.objects.filter(author=user).update(text="")
