"""Telling players: the in-site inbox with its live badge, and each player's channels (emails,
Discord webhooks, browser push) as far as they let each kind reach them.

Emails, webhooks and pushes are sent by the background worker (jobs deferred here,
games/notifications/tasks.py, whose bodies are in emails.py), so a slow mail server never slows
a move down. What concerns a match's turns is in turns.py, the sockets' sending in sockets.py.
"""

from __future__ import annotations

from datetime import datetime, timedelta
from functools import partial
from typing import NamedTuple

from django.contrib.auth import get_user_model
from django.db import connection, transaction
from django.db.models import Q
from django.utils import timezone

from games.accounts.models import Profile
from games.notifications import sockets
from games.notifications.models import MatchPresence, Notification, PushSubscription, ToldOnce
from games.notifications.reach import KIND_GROUP, reaches_channels, reaches_inbox
from hexsite.compiled_select import CompiledUpdate

PRESENCE_TTL = timedelta(minutes=30)


def jobs():
    # The jobs (tasks.py) call these services: import them when deferring, not at import time.
    from games.notifications import tasks

    return tasks


# --- any notification ----------------------------------------------------------------------


class Told(NamedTuple):
    notification: Notification
    profile: Profile  # the player's, as the telling read it (one never saved: its defaults)


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
    """`notify_user_told`'s notification (None: nothing told)."""
    told = notify_user_told(
        user_id=user_id,
        kind=kind,
        match_id=match_id,
        params=params,
        about=about,
        once=once,
        channels=channels,
        email=email,
    )
    return told.notification if told is not None else None


def notify_user_told(
    *,
    user_id: int,
    kind: str,
    match_id: int | None = None,
    params: dict | None = None,
    about: str = "",
    once: str = "",
    channels: bool = True,
    email: bool = True,
) -> Told | None:
    """Tells a player something that needs them: the inbox (live badge), and their channels
    (email unless they want none, Discord, browser push) once the transaction commits; as far
    as the player lets this kind reach them (games/notifications/reach.py): "inbox only" keeps
    it off their channels, "nothing" out of the inbox too (None is returned).

    One unread entry per match (or per `about`, e.g. "campaign:3"): a new notification about
    the same thing replaces the unread one instead of piling up. `once` is a key this event
    is told by at most once (a turn's deadline, a draw offer): told already, or being told
    right now by another transaction that then commits, nothing happens and None is returned.
    With the notification comes the profile it read, for a caller that reads it further (a
    turn's telling: issue 14, two queries fewer a turn)."""
    # The claim and the entry commit together: a failure between them tells nothing and
    # claims nothing (a caller outside a transaction included).
    with transaction.atomic(savepoint=False):
        if once and not _claim_once(user_id, once):
            return None
        # Read after the claim: a repeated telling (the common one) costs no profile.
        profile = profile_for_id(user_id)
        if not profile.user.is_active:
            # A deleted account (games/accounts/erasure.py): nobody reads its inbox any more,
            # and what its last acts cause (its own resignations' results) is not kept for it.
            return None
        if not reaches_inbox(profile, kind):
            return None  # the player wants none of this kind: told as they asked, i.e. not
        notification = _inbox_entry(
            user_id=user_id, kind=kind, match_id=match_id, params=params, about=about
        )
        transaction.on_commit(lambda: send_unread_count(user_id=user_id))
        if channels and reaches_channels(profile, kind):
            # Jobs are rows in this same transaction: they exist only if it commits.
            _send_by_channels(notification, profile, email=email)
    return Told(notification, profile)


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
    sockets.send_to_group(f"user.{user_id}", {"type": "notes.count", "count": count})


def send_challenges_changed(*, user_ids) -> None:
    """Once the act commits, the challenges waiting for these players' answers changed (one
    arrived, or was withdrawn): their open My games pages redraw that list. Only their own
    user groups hear it: nobody else learns of a challenge that is not theirs."""
    groups = [f"user.{user_id}" for user_id in dict.fromkeys(user_ids)]
    if groups:
        message = {"type": "challenges.changed"}
        transaction.on_commit(
            lambda: sockets.send_to_groups([(group, message) for group in groups])
        )


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


def notifications_page_seen(*, user, path: str) -> int:
    """The player opened a page their notices lead to (a league round or season, a campaign or
    one of its battles): the unread ones that lead there are read, as a match page reads its
    own. One update among the player's unread rows (their index), which finds nothing and
    writes nothing on most views; the badge is told only when something changed."""
    if user is None or not user.is_authenticated:
        return 0
    unread = Notification.objects.filter(user_id=user.pk, read_at__isnull=True).filter(
        Q(params__link=path) | Q(params__url=path)
    )
    read = unread.update(read_at=timezone.now())
    if read:
        user_id = user.pk
        transaction.on_commit(lambda: send_unread_count(user_id=user_id))
    return read


def _send_by_channels(notification: Notification, profile: Profile, *, email: bool = True) -> None:
    # What needs the player (a reminder, a challenge, a result) is sent to "digest" players by
    # email too; only "none" silences email.
    if email and profile.notify_turn != Profile.NotifyTurn.NONE:
        jobs().send_notification_email.defer(notification_id=notification.pk)
    if profile.discord_webhook_url:  # written when it is posted (emails.discord_post_notice)
        jobs().post_discord_notice.defer(
            notification_id=notification.pk, version=notification.created_at.isoformat()
        )
    defer_push(notification)


def defer_push(notification: Notification) -> None:
    if PushSubscription.objects.filter(user_id=notification.user_id).exists():
        jobs().send_push.defer(notification_id=notification.pk)


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


def notifications_settle(*, user_ids, about: str, kinds) -> int:
    """What `kinds` of entries about `about` asked of these players is over (a challenge
    answered, an objective declared, territories picked, a turn or a draw offer gone with the
    match's end): their unread ones are read, as lichess and BGA drop a notice whose action is
    gone, so « nouveau » no longer calls for something nobody can do. Entries that tell news
    (a result, a reason) are not among `kinds`: they stay new until opened."""
    unread = Notification.objects.filter(
        user_id__in=list(user_ids), read_at__isnull=True, kind__in=list(kinds), params__about=about
    )
    touched = list(unread.values_list("user_id", flat=True).distinct())
    if not touched:
        return 0
    read = unread.update(read_at=timezone.now())
    for user_id in touched:
        transaction.on_commit(partial(send_unread_count, user_id=user_id))
    return read


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
