"""Telling players about their matches: every open page of a match hears of its changes, every
player of it gets their "your turn" count, and whoever's turn started, a game over, a draw
offer, a clock's reminder, a default the deadline played or a loss on time is told through
`services.notify_user`.

`notify_on_match_changed` is registered as a match-changed hook (games/notifications/apps.py):
it defers the nudge to the commit of the change, so nobody is told of a change that did not
happen. Websocket messages carry only ids, versions and counts; the page fetches its own view.
The "your turn" count in emails and in the navigation both come from
`games.matches.selectors.seats_to_play_count`.
"""

from __future__ import annotations

from datetime import datetime, timedelta
from functools import partial

from django.contrib.auth import get_user_model
from django.db import transaction

from games.accounts.models import Profile
from games.accounts.selectors import profile_for
from games.matches.hooks import MatchChanged
from games.matches.models import Match, MatchRecord, Seat
from games.matches.selectors import seats_to_play_count, seats_to_play_subquery
from games.notifications import sockets
from games.notifications.models import Notification
from games.notifications.reach import reaches_channels
from games.notifications.selectors import (
    OPPONENT_COLUMNS,
    opponent_params,
    presence_watching,
    seat_names,
)
from games.notifications.services import (
    defer_push,
    jobs,
    notifications_settle,
    notify_user,
    notify_user_told,
)

# --- the match changed -------------------------------------------------------------------------


def notify_on_match_changed(change: MatchChanged) -> None:
    """The match-changed hook: every open page hears of the change once it is committed. Who
    must play now (counts, the inbox, emails) is the worker's business, asked by the clock when
    a turn starts or ends (`notify_turns_later`): most moves stay within a turn. A change that
    played nothing (a join, a draw offer, a chat message) or ended the game (everyone hears the
    result), both rare, tells whoever must hear of it from its own request."""
    match_id, version, played = change.match.pk, change.match.version, change.played
    by = change.by_user_id
    transaction.on_commit(
        lambda: notify_match_nudge(match_id=match_id, version=version, played=played, by=by)
    )
    records = getattr(change.match, "appended_records", ())
    for record in records:
        if record.kind == MatchRecord.Kind.MOVE and record.data.get("by_deadline"):
            # Before the result a default may bring: the inbox's last word is the game over.
            transaction.on_commit(
                partial(
                    notify_deadline_default, match_id=match_id, seat=record.seat, seq=record.seq
                )
            )
    if not played or change.match.status in (Match.Status.FINISHED, Match.Status.ABORTED):
        transaction.on_commit(lambda: notify_turns(match_id=match_id))
    for record in records:
        if record.kind == MatchRecord.Kind.DRAW_DECLINED:
            # After the turn's telling: the offerer's inbox says the offer was declined.
            transaction.on_commit(
                partial(
                    notify_draw_declined,
                    match_id=match_id,
                    seat=record.seat,
                    offered_by=list(record.data.get("offered_by") or []),
                )
            )


def notify_turns_later(*, match_id: int) -> None:
    """A turn started or ended. Once the change commits, every player of the match gets their
    fresh "your turn" count (one query); the worker tells whoever's turn started (the inbox,
    emails, webhooks: `notify_turns_started`), in a job queued in the caller's transaction, so
    it exists if and only if the change committed."""
    transaction.on_commit(lambda: notify_turn_counts(match_id=match_id))
    # One match's turn jobs run one after the other, whatever the workers and their concurrency.
    # "Told once" holds without it (notify_user's `once` is a unique row), but two jobs at once
    # would wait on each other's rows, or claim two players' in opposite orders and deadlock.
    jobs().tell_turns_started.configure(lock=f"turns:{match_id}").defer(match_id=match_id)


def notify_match_nudge(
    *, match_id: int, version: int, played: bool = True, by: int | None = None
) -> None:
    """Every page open on the match hears "it is at version V" (a page that asked for it gets
    the partials that changed, rendered for its reader by its socket: consumers.py). A change
    that played nothing (a chat message, a draw offer, a join) keeps the version: `played`
    tells the page to refetch all the same. `by`: the user whose act it was (their page has
    the change in its answer already)."""
    sockets.send_to_group(
        f"match.{match_id}",
        {
            "type": "match.changed",
            "match": match_id,
            "version": version,
            "played": played,
            "by": by,
        },
    )


def notify_match_changed(*, match_id: int, version: int) -> None:
    """Everybody watching refetches, and every player learns who must play now (the nudge,
    then `notify_turns`): what `manage.py notify_match` announces."""
    notify_match_nudge(match_id=match_id, version=version)
    notify_turns(match_id=match_id)


def notify_turns(*, match_id: int) -> None:
    """Every player gets their fresh "your turn" count; whoever's turn started, a game over
    or a draw offer is told."""
    notify_turn_counts(match_id=match_id)
    notify_turns_started(match_id=match_id)


def notify_turn_counts(*, match_id: int) -> None:
    """Every player of the match gets their "your turn" count (the navigation's number). One
    person may hold several seats (of one team): each person hears once."""
    rows = Seat.objects.filter(match_id=match_id, kind=Seat.Kind.HUMAN, user__isnull=False)
    counts = rows.annotate(turns=seats_to_play_subquery()).values_list("user_id", "turns")
    turns_by_user = {user_id: turns or 0 for user_id, turns in counts}
    sockets.send_to_groups(
        [
            (f"user.{user_id}", {"type": "turns.count", "count": turns})
            for user_id, turns in turns_by_user.items()
        ]
    )


def notify_turns_started(*, match_id: int) -> None:
    """Who must hear of the match's state is told by their channels (the worker's job, or the
    request of a change that played nothing): a player whose turn just started, everyone at a
    game over, the others of a draw offer.

    "Just started" is recognised by the seat's deadline: the clock sets it once when the turn
    starts, so a player making several moves within one turn is told only once, and a repeated
    call for the same turn sends nothing twice.
    """
    # Plain rows, not models: building and compiling a query of three joined models cost more
    # than running it.
    # Every seat, the computer's too: a notice names its match by the other teams
    # (`opponent_params`), the computer included; only the people's seats are told.
    seats = list(
        Seat.objects.filter(match_id=match_id)
        .order_by("index")
        .values_list(
            "user_id",
            "deadline",
            "match__version",
            "match__status",
            "match__system",
            "rank",
            "offers_draw",
            "user__username",
            "team",
            "kind",
        )
    )
    rows = [row for row in seats if row[9] == Seat.Kind.HUMAN and row[0] is not None]
    if not rows:
        return
    version, status, system = rows[0][2], rows[0][3], rows[0][4]
    everyone = [(row[0], row[7], row[8], row[9]) for row in seats]

    def named(user_id: int) -> dict:
        return {"system": system, **opponent_params(everyone, user_id)}

    if status == Match.Status.FINISHED:
        _tell_game_over(match_id=match_id, named=named, rows=rows, seats=seats)
        return
    if status == Match.Status.ABORTED:
        _tell_called_off(match_id=match_id, named=named, rows=rows)
        return
    if status != Match.Status.ACTIVE:
        return
    # A person's turn in the match is their earliest running deadline: told once, and not
    # again while another of their seats starts acting within it.
    earliest: dict[int, datetime] = {}
    for user_id, deadline, *_rest in rows:
        if deadline is not None and (user_id not in earliest or deadline < earliest[user_id]):
            earliest[user_id] = deadline
    for user_id, deadline in earliest.items():
        _tell_turn_started(
            match_id=match_id, user_id=user_id, deadline=deadline, params=named(user_id)
        )
    # A draw offer is told to each person who has not offered it, once per offer.
    offerers = {row[0]: row[7] for row in rows if row[6]}
    offering = list(dict.fromkeys(offerers.values()))
    for user_id in dict.fromkeys(row[0] for row in rows):
        if offering and user_id not in offerers:
            notify_user(
                user_id=user_id,
                kind=Notification.Kind.DRAW_OFFER,
                match_id=match_id,
                params={**named(user_id), "by": ", ".join(offering)},
                once=f"draw:{version}:{','.join(offering)}",
            )


def _tell_game_over(*, match_id: int, named, rows: list, seats: list) -> None:
    """Each player hears the result once (a person holding several seats of one team too). A
    loss on time was told already, with its reason."""
    # Every seat's rank, the computer's too: `rows` are the human seats only, so against the
    # computer a drawn game was one seat ranked first, and read "You won".
    ranks = [seat[5] for seat in seats]
    everyone_equal = len({r for r in ranks if r is not None}) <= 1 and len(ranks) > 1
    timed_out = set(
        Notification.objects.filter(match_id=match_id, kind=Notification.Kind.TIMEOUT).values_list(
            "user_id", flat=True
        )
    )
    rank_of = {}
    for row in rows:
        rank_of.setdefault(row[0], row[5])
    for user_id, rank in rank_of.items():
        if user_id in timed_out:
            continue
        if everyone_equal:
            result = "draw"
        else:
            result = "won" if rank == 0 else ("lost" if rank is not None else "")
        notify_user(
            user_id=user_id,
            kind=Notification.Kind.GAME_OVER,
            match_id=match_id,
            params={**named(user_id), "result": result},
            once=f"over:{match_id}",
            email=False,  # the page and the inbox say it; a loss on time has its own email
        )


def _tell_called_off(*, match_id: int, named, rows: list) -> None:
    """Each player of a match called off once it had started hears it once, with the reason
    (a table called off before its start told its people already: challenges' hook)."""
    record = MatchRecord.objects.filter(match_id=match_id, kind=MatchRecord.Kind.CALLED_OFF)
    reason = record.values_list("data__reason", flat=True).first()
    if reason is None:
        return
    for user_id in dict.fromkeys(row[0] for row in rows):
        notify_user(
            user_id=user_id,
            kind=Notification.Kind.CALLED_OFF,
            match_id=match_id,
            params={**named(user_id), "reason": reason},
            once=f"called_off:{match_id}",
        )


def notify_draw_declined(*, match_id: int, seat: int | None, offered_by: list[int]) -> None:
    """Whoever offered the draw hears that it was declined, unless they are looking at the
    page (its log says « bruno a refusé la nulle. » there at once)."""
    everyone = list(
        Seat.objects.filter(match_id=match_id).select_related("user", "match").order_by("index")
    )
    seats = [s for s in everyone if s.kind == Seat.Kind.HUMAN and s.user_id is not None]
    names = seat_names(everyone)
    decliner = next((s for s in seats if s.index == seat), None)
    if decliner is None:
        return
    # The offer is gone for everyone it was told to (a draw offer ends only declined or with
    # the match): their « … propose la nulle » no longer waits for an answer.
    notifications_settle(
        user_ids={s.user_id for s in seats},
        about=f"match:{match_id}",
        kinds=(Notification.Kind.DRAW_OFFER,),
    )
    by = decliner.user.get_username()  # as the page and `opponent` name a player
    offerers = {s.user_id for s in seats if s.index in offered_by} - {decliner.user_id}
    for user_id in sorted(offerers):
        if presence_watching(user_id=user_id, match_id=match_id):
            continue
        notify_user(
            user_id=user_id,
            kind=Notification.Kind.DRAW_DECLINED,
            match_id=match_id,
            params={
                "system": decliner.match.system,
                "by": by,
                **opponent_params(names, user_id),
            },
        )


def _tell_turn_started(*, match_id: int, user_id: int, deadline: datetime, params: dict) -> None:
    key = deadline.isoformat()
    params = {**params, "turn": key}
    told = notify_user_told(
        user_id=user_id,
        kind=Notification.Kind.TURN,
        match_id=match_id,
        params=params,
        once=f"turn:{key}",
        channels=False,  # a turn's email waits for the worker and for the page being closed
    )
    if told is None:
        return
    # The profile the telling read (its user with it): not read again.
    notification, profile = told
    if not reaches_channels(profile, Notification.Kind.TURN):
        return  # the inbox only: the player's choice in their settings
    # Nobody needs an email about the page they are looking at.
    if profile.notify_turn == Profile.NotifyTurn.EACH and not presence_watching(
        user_id=user_id, match_id=match_id
    ):
        jobs().send_turn_email.defer(user_id=user_id, match_id=match_id, turn=key)
    if profile.discord_webhook_url:  # written when it is posted (emails.discord_post_notice)
        jobs().post_discord_notice.defer(
            notification_id=notification.pk, version=notification.created_at.isoformat()
        )
    defer_push(notification)


# --- clock events -----------------------------------------------------------------------------


def notify_deadline_reminder(*, user_id: int, match_id: int, left: timedelta) -> bool:
    """One reminder step for one seat, `left` being the time its clock has left (weekday time
    for a clock stopped at weekends); False when the player turned reminders off."""
    user = get_user_model().objects.get(pk=user_id)
    profile = profile_for(user)
    if not profile.deadline_reminders:
        return False
    # The seats, not the match alone: the reminder names the match by its opponents.
    seats = list(
        Seat.objects.filter(match_id=match_id)
        .order_by("index")
        .values_list(*OPPONENT_COLUMNS, "match__system")
    )
    hours = max(1, round(left.total_seconds() / 3600))
    notify_user(
        user_id=user.pk,
        kind=Notification.Kind.REMINDER,
        match_id=match_id,
        params={
            "system": seats[0][4],
            "hours": hours,
            **opponent_params((seat[:4] for seat in seats), user.pk),
        },
    )
    return True


def notify_deadline_default(*, match_id: int, seat: int | None, seq: int) -> None:
    """The player whose deadline passed hears that the rules' default was played for their
    seat (lichess and BGA tell a player when the clock acted for them), once per default (the
    record's `seq`); the other players read it in the log. One query for the seats."""
    seats = list(
        Seat.objects.filter(match_id=match_id)
        .order_by("index")
        .values_list(*OPPONENT_COLUMNS, "index", "match__system")
    )
    defaulted = next((row for row in seats if row[4] == seat), None)
    if defaulted is None or defaulted[3] != Seat.Kind.HUMAN or defaulted[0] is None:
        return
    user_id = defaulted[0]
    notify_user(
        user_id=user_id,
        kind=Notification.Kind.DEADLINE_DEFAULT,
        match_id=match_id,
        params={"system": seats[0][5], **opponent_params((row[:4] for row in seats), user_id)},
        once=f"default:{match_id}:{seq}",
    )


def notify_timeout(*, match_id: int, seat_index: int) -> None:
    """Both sides learn why the match ended: the loser and every other player."""
    match = Match.objects.get(pk=match_id)
    seats = list(match.seats.select_related("user"))
    names = seat_names(seats)
    loser = next((s for s in seats if s.index == seat_index and s.user_id), None)
    loser_name = loser.user.get_username() if loser else "?"  # as `opponent` names them
    told: set[int] = set()  # one person may hold several seats: told once
    for seat in seats:
        if seat.kind != Seat.Kind.HUMAN or seat.user_id is None or seat.user_id in told:
            continue
        told.add(seat.user_id)
        notify_user(
            user_id=seat.user_id,
            kind=Notification.Kind.TIMEOUT,
            match_id=match_id,
            params={
                "system": match.system,
                "loser": loser_name,
                "you": loser is not None and seat.user_id == loser.user_id,
                **opponent_params(names, seat.user_id),
            },
        )
        count = seats_to_play_count(user=seat.user)
        sockets.send_to_group(f"user.{seat.user_id}", {"type": "turns.count", "count": count})
