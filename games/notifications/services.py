"""Telling players: the in-site inbox, websocket nudges, emails and Discord webhooks.

`notify_on_match_changed` is registered as a match-changed hook (games/notifications/apps.py):
it defers the nudge to the commit of the change, so nobody is told of a change that did not
happen. Websocket messages carry only ids, versions and counts; the page fetches its own view.
Emails and webhooks are sent by the background worker (jobs deferred here, games/notifications/
tasks.py, whose bodies are in emails.py), so a slow mail server never slows a move down. The
"your turn" count in emails and in the navigation both come from
`games.matches.selectors.seats_to_play_count`.
"""

from __future__ import annotations

import asyncio
import logging
from concurrent.futures import ThreadPoolExecutor
from datetime import datetime, timedelta

from asgiref.sync import async_to_sync
from channels.layers import get_channel_layer
from django.contrib.auth import get_user_model
from django.db import connection, transaction
from django.utils import timezone, translation
from django.utils.translation import gettext as _

from games.accounts.models import Profile
from games.accounts.selectors import profile_for
from games.matches.hooks import MatchChanged
from games.matches.models import Match, Seat
from games.matches.presenters import match_title
from games.matches.selectors import seats_to_play_count, seats_to_play_subquery
from games.notifications.models import MatchPresence, Notification, PushSubscription, ToldOnce
from games.notifications.reach import KIND_GROUP, reaches_channels, reaches_inbox
from games.notifications.selectors import match_link, presence_watching
from games.notifications.texts import notification_text, notification_url
from hexsite.compiled_select import CompiledUpdate
from hexsite.http import after_answer

log = logging.getLogger(__name__)
PRESENCE_TTL = timedelta(minutes=30)


def _group_send(group: str, message: dict) -> None:
    _group_send_all([(group, message)])


def _group_send_all(messages: list[tuple[str, dict]]) -> None:
    """Several group messages through one event loop (starting a loop costs more than a send).

    Best effort: a nudge runs after the change committed, so a channel layer that is down
    (Redis restarting) must not turn an accepted move into an error page. Nothing is lost for
    good: the pages' sockets die with the layer, and a page that reconnects refetches."""
    try:
        _send_all(messages)
    except Exception as error:  # noqa: BLE001 (whatever the layer raises, the change stands)
        log.warning("websocket nudge not sent (%s): %s", type(error).__name__, error)


def _send_all(messages: list[tuple[str, dict]]) -> None:
    layer = get_channel_layer()
    if layer is None or not messages:
        return

    async def send_all() -> None:
        for group, message in messages:
            await layer.group_send(group, message)

    if after_answer(send_all):  # a request's: its event loop sends them once the view returned
        return
    send = async_to_sync(send_all)
    try:
        asyncio.get_running_loop()
    except RuntimeError:
        send()
        return
    # A sync caller on a thread that runs an event loop (async_to_sync refuses that): send
    # from a short-lived helper thread instead.
    with ThreadPoolExecutor(max_workers=1) as helper:
        helper.submit(send).result()


def _tasks():
    # The jobs (tasks.py) call these services: import them when deferring, not at import time.
    from games.notifications import tasks

    return tasks


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
    if not played or change.match.status == Match.Status.FINISHED:
        transaction.on_commit(lambda: notify_turns(match_id=match_id))


def notify_turns_later(*, match_id: int) -> None:
    """A turn started or ended. Once the change commits, every player of the match gets their
    fresh "your turn" count (one query); the worker tells whoever's turn started (the inbox,
    emails, webhooks: `notify_turns_started`), in a job queued in the caller's transaction, so
    it exists if and only if the change committed."""
    transaction.on_commit(lambda: notify_turn_counts(match_id=match_id))
    # One match's turn jobs run one after the other, whatever the workers and their concurrency.
    # "Told once" holds without it (notify_user's `once` is a unique row), but two jobs at once
    # would wait on each other's rows, or claim two players' in opposite orders and deadlock.
    _tasks().tell_turns_started.configure(lock=f"turns:{match_id}").defer(match_id=match_id)


def notify_match_nudge(
    *, match_id: int, version: int, played: bool = True, by: int | None = None
) -> None:
    """Every page open on the match hears "it is at version V" (a page that asked for it gets
    the partials that changed, rendered for its reader by its socket: consumers.py). A change
    that played nothing (a chat message, a draw offer, a join) keeps the version: `played`
    tells the page to refetch all the same. `by`: the user whose act it was (their page has
    the change in its answer already)."""
    _group_send(
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
    _group_send_all(
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
    rows = list(
        Seat.objects.filter(match_id=match_id, kind=Seat.Kind.HUMAN, user__isnull=False)
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
        )
    )
    if not rows:
        return
    version, status, system = rows[0][2], rows[0][3], rows[0][4]
    if status == Match.Status.FINISHED:
        _tell_game_over(match_id=match_id, system=system, rows=rows)
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
        _tell_turn_started(match_id=match_id, system=system, user_id=user_id, deadline=deadline)
    # A draw offer is told to each person who has not offered it, once per offer.
    offerers = {row[0]: row[7] for row in rows if row[6]}
    offering = list(dict.fromkeys(offerers.values()))
    for user_id in dict.fromkeys(row[0] for row in rows):
        if offering and user_id not in offerers:
            notify_user(
                user_id=user_id,
                kind=Notification.Kind.DRAW_OFFER,
                match_id=match_id,
                params={"system": system, "by": ", ".join(offering)},
                once=f"draw:{version}:{','.join(offering)}",
            )


def _tell_game_over(*, match_id: int, system: str, rows: list) -> None:
    """Each player hears the result once (a person holding several seats of one team too). A
    loss on time was told already, with its reason."""
    ranks = [row[5] for row in rows]
    everyone_equal = len({r for r in ranks if r is not None}) <= 1 and len(rows) > 1
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
            params={"system": system, "result": result},
            once=f"over:{match_id}",
            email=False,  # the page and the inbox say it; a loss on time has its own email
        )


def _tell_turn_started(*, match_id: int, system: str, user_id: int, deadline: datetime) -> None:
    key = deadline.isoformat()
    told = notify_user(
        user_id=user_id,
        kind=Notification.Kind.TURN,
        match_id=match_id,
        params={"system": system, "turn": key},
        once=f"turn:{key}",
        channels=False,  # a turn's email waits for the worker and for the page being closed
    )
    if told is None:
        return
    profile = profile_for(get_user_model().objects.get(pk=user_id))
    if not reaches_channels(profile, Notification.Kind.TURN):
        return  # the inbox only: the player's choice in their settings
    # Nobody needs an email about the page they are looking at.
    if profile.notify_turn == Profile.NotifyTurn.EACH and not presence_watching(
        user_id=user_id, match_id=match_id
    ):
        _tasks().send_turn_email.defer(user_id=user_id, match_id=match_id, turn=key)
    if profile.discord_webhook_url:
        with translation.override(profile.language):
            content = _("%(name)s, your turn in %(title)s: %(link)s") % {
                "name": profile.name,
                "title": match_title(system=system, match_id=match_id),
                "link": match_link(match_id=match_id),
            }
        _tasks().post_discord_webhook.defer(url=profile.discord_webhook_url, content=content)
    _defer_push(told)


# --- any notification ----------------------------------------------------------------------


def notify_user(
    *,
    user_id: int,
    kind: str,
    match_id: int | None = None,
    params: dict | None = None,
    about: str = "",
    once: str = "",
    channels: bool = True,
    email: bool = True,
) -> Notification | None:
    """Tells a player something that needs them: the inbox (live badge), and their channels
    (email unless they want none, Discord, browser push) once the transaction commits; as far
    as the player lets this kind reach them (games/notifications/reach.py): "inbox only" keeps
    it off their channels, "nothing" out of the inbox too (None is returned).

    One unread entry per match (or per `about`, e.g. "campaign:3"): a new notification about
    the same thing replaces the unread one instead of piling up. `once` is a key this event
    is told by at most once (a turn's deadline, a draw offer): told already, or being told
    right now by another transaction that then commits, nothing happens and None is returned."""
    # The claim and the entry commit together: a failure between them tells nothing and
    # claims nothing (a caller outside a transaction included).
    with transaction.atomic(savepoint=False):
        if once and not _claim_once(user_id, once):
            return None
        # Read after the claim: a repeated telling (the common one) costs no profile.
        profile = profile_for_id(user_id)
        if not reaches_inbox(profile, kind):
            return None  # the player wants none of this kind: told as they asked, i.e. not
        notification = _inbox_entry(
            user_id=user_id, kind=kind, match_id=match_id, params=params, about=about
        )
        transaction.on_commit(lambda: send_unread_count(user_id=user_id))
        if channels and reaches_channels(profile, kind):
            # Jobs are rows in this same transaction: they exist only if it commits.
            _send_by_channels(notification, profile, email=email)
    return notification


def _inbox_entry(
    *, user_id: int, kind: str, match_id: int | None, params: dict | None, about: str
) -> Notification:
    """The player's unread entry about the same thing, renewed, or a new one."""
    params = dict(params or {})
    about = about or (f"match:{match_id}" if match_id else "")
    params["about"] = about
    notification = None
    if about:
        notification = (
            Notification.objects.filter(user_id=user_id, read_at__isnull=True, params__about=about)
            .order_by("-created_at")
            .first()
        )
    if notification is None:
        return Notification.objects.create(
            user_id=user_id, kind=kind, match_id=match_id, params=params
        )
    notification.kind, notification.params, notification.match_id = kind, params, match_id
    notification.created_at = timezone.now()
    notification.save(update_fields=["kind", "params", "match_id", "created_at"])
    return notification


def _claim_once(user_id: int, key: str) -> bool:
    """Whether `key` is told to the player now: True for the first telling only. One statement
    that waits for a telling of the same key still in progress elsewhere (its unique row), so
    "once" holds across workers and requests, not just within one."""
    with connection.cursor() as cursor:
        cursor.execute(_CLAIM_ONCE, [user_id, key])
        return cursor.fetchone() is not None


_CLAIM_ONCE = (
    f"INSERT INTO {ToldOnce._meta.db_table} (user_id, key, created_at) VALUES (%s, %s, now())"
    " ON CONFLICT (user_id, key) DO NOTHING RETURNING id"
)


def profile_for_id(user_id: int) -> Profile:
    """The player's profile as it is (one query with its user); one never saved is read with
    its defaults and not created here (creating it would fix the language of somebody still
    reading by their browser's)."""
    profile = Profile.objects.select_related("user").filter(user_id=user_id).first()
    return profile or Profile(user=get_user_model().objects.get(pk=user_id))


def send_unread_count(*, user_id: int) -> None:
    """The header's badge, live on every open page of the player."""
    count = Notification.objects.filter(user_id=user_id, read_at__isnull=True).count()
    _group_send(f"user.{user_id}", {"type": "notes.count", "count": count})


def send_challenges_changed(*, user_ids) -> None:
    """Once the act commits, the challenges waiting for these players' answers changed (one
    arrived, or was withdrawn): their open My games pages redraw that list. Only their own
    user groups hear it: nobody else learns of a challenge that is not theirs."""
    groups = [f"user.{user_id}" for user_id in dict.fromkeys(user_ids)]
    if groups:
        message = {"type": "challenges.changed"}
        transaction.on_commit(lambda: _group_send_all([(group, message) for group in groups]))


def _unread_of_match(user_id, match_id, now):
    unread = Notification.objects.filter(user_id=user_id, match_id=match_id, read_at__isnull=True)
    return unread, {"read_at": now}


# Every push and every page a player opens runs it: compiled once (hexsite.compiled_select).
_read_of_match = CompiledUpdate(_unread_of_match, "user_id", "match_id", now=datetime)


def notifications_match_seen(*, match_id: int, user) -> int:
    """The player opened the match: what the inbox says about it is read (the match-seen
    hook). One indexed update; the badge is told only when something changed."""
    if user is None or not user.is_authenticated:
        return 0
    if type(match_id) is int and type(user.pk) is int:
        read = _read_of_match(user_id=user.pk, match_id=match_id, now=timezone.now())
    else:
        unread, changes = _unread_of_match(user.pk, match_id, timezone.now())
        read = unread.update(**changes)
    if read:
        user_id = user.pk
        transaction.on_commit(lambda: send_unread_count(user_id=user_id))
    return read


# --- clock events -----------------------------------------------------------------------------


def notify_deadline_reminder(*, user_id: int, match_id: int, left: timedelta) -> bool:
    """One reminder step for one seat, `left` being the time its clock has left (weekday time
    for a clock stopped at weekends); False when the player turned reminders off."""
    user = get_user_model().objects.get(pk=user_id)
    profile = profile_for(user)
    if not profile.deadline_reminders:
        return False
    match = Match.objects.get(pk=match_id)
    hours = max(1, round(left.total_seconds() / 3600))
    notify_user(
        user_id=user.pk,
        kind=Notification.Kind.REMINDER,
        match_id=match_id,
        params={"system": match.system, "hours": hours},
    )
    return True


def notify_timeout(*, match_id: int, seat_index: int) -> None:
    """Both sides learn why the match ended: the loser and every other player."""
    match = Match.objects.get(pk=match_id)
    seats = list(match.seats.filter(user__isnull=False).select_related("user"))
    loser = next((s for s in seats if s.index == seat_index), None)
    loser_name = profile_for(loser.user).name if loser else "?"
    told: set[int] = set()  # one person may hold several seats: told once
    for seat in seats:
        if seat.kind != Seat.Kind.HUMAN or seat.user_id in told:
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
            },
        )
        count = seats_to_play_count(user=seat.user)
        _group_send(f"user.{seat.user_id}", {"type": "turns.count", "count": count})


def _send_by_channels(notification: Notification, profile: Profile, *, email: bool = True) -> None:
    # What needs the player (a reminder, a challenge, a result) is sent to "digest" players by
    # email too; only "none" silences email.
    if email and profile.notify_turn != Profile.NotifyTurn.NONE:
        _tasks().send_notification_email.defer(notification_id=notification.pk)
    if profile.discord_webhook_url:
        with translation.override(profile.language):
            content = f"{notification_text(notification)} {notification_url(notification)}"
        _tasks().post_discord_webhook.defer(url=profile.discord_webhook_url, content=content)
    _defer_push(notification)


def _defer_push(notification: Notification) -> None:
    if PushSubscription.objects.filter(user_id=notification.user_id).exists():
        _tasks().send_push.defer(notification_id=notification.pk)


# --- invitations --------------------------------------------------------------------------------


def notify_invitation(*, user, by: str, name: str, url: str) -> Notification | None:
    """`by` invites `user` to the league or campaign `name` (answered at `url`): the inbox with
    its live badge, and the player's channels (as far as they let leagues and campaigns reach
    them: the invitation waits on the competition's page all the same)."""
    return notify_user(
        user_id=user.pk,
        kind=Notification.Kind.INVITATION,
        params={"by": by, "name": name, "url": url},
        about=f"invitation:{url}",
    )


def notify_competition(
    *, users, event: str, name: str, url: str, apart: str = "", **params
) -> None:
    """An organiser's act in the league or campaign `name` that concerns `users` (`event`:
    correction, late_accepted, late_refused, substitute, report...; the competition apps word
    each through texts.on_competition_text): the inbox with its live badge and each player's
    channels. Params are names and reasons, never sentences: each reader reads their language.

    A new notice of the same event on the same page replaces the player's unread one; `apart`
    (e.g. an adjustment's id) keeps acts that each carry their own reason in entries of their
    own."""
    told: set[int] = set()
    for user in users:
        if user is None or user.pk in told:
            continue
        told.add(user.pk)
        notify_user(
            user_id=user.pk,
            kind=Notification.Kind.COMPETITION,
            params={"event": event, "name": name, "url": url, **params},
            about=f"{event}:{url}" + (f"#{apart}" if apart else ""),
        )


# --- the inbox ----------------------------------------------------------------------------------


def notification_mark_read(*, user, notification_id: int | None = None) -> int:
    """Mark one notification (or, with no id, all of them) read; only the user's own."""
    unread = Notification.objects.filter(user=user, read_at__isnull=True)
    if notification_id is not None:
        unread = unread.filter(pk=notification_id)
    return unread.update(read_at=timezone.now())


def forget_silenced_notices(*, user, groups: set[str]) -> None:
    """Groups just set to « Rien »: their unread entries are marked read, so the badge stops
    counting what nothing of reaches the player any more (they stay in the inbox)."""
    kinds = [kind for kind, group in KIND_GROUP.items() if group in groups]
    unread = Notification.objects.filter(user=user, read_at__isnull=True, kind__in=kinds)
    if unread.update(read_at=timezone.now()):
        transaction.on_commit(lambda: send_unread_count(user_id=user.pk))


# --- presence (written by the websocket consumer only) -----------------------------------------


def presence_touch(*, user_id: int, match_id: int, channel_name: str) -> None:
    MatchPresence.objects.update_or_create(
        channel_name=channel_name,
        match_id=match_id,
        defaults={"user_id": user_id, "expires_at": timezone.now() + PRESENCE_TTL},
    )


def presence_clear(*, channel_name: str) -> None:
    MatchPresence.objects.filter(channel_name=channel_name).delete()
