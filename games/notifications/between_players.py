"""What one player's act tells another: a seat kept for them (a challenge, a rematch offer),
its end (declined, withdrawn), a player leaving a table, a chat message. Hooks of the matches app, registered from
NotificationsConfig.ready; each tells through `services.notify_user`, in the act's transaction."""

from __future__ import annotations

from django.urls import reverse

from games.accounts.models import Profile
from games.accounts.selectors import blocker_ids_subquery
from games.matches.models import Seat
from games.notifications.models import Notification
from games.notifications.selectors import (
    match_opponents,
    presence_watching,
    table_opponent_params,
)
from games.notifications.services import (
    notify_user,
    profile_for_id,
    send_challenges_changed,
)


def notify_invited(invited) -> None:
    """The match-invited hook (a challenge, a rematch): each player learns of the seat kept
    for them. A challenge leads to the match page (accept or decline there), a rematch to its
    invite page."""
    match = invited.match
    if invited.rematch_of is not None:
        kind = Notification.Kind.REMATCH
        link = reverse("matches:invite", args=[match.pk, match.invite_token])
    else:
        kind, link = Notification.Kind.MATCH_CHALLENGE, reverse("matches:match", args=[match.pk])
    by = invited.by.get_username() if invited.by is not None else ""
    named = table_opponent_params(match_id=match.pk)  # « vous défie » names no number
    for user in invited.users:
        notify_user(
            user_id=user.pk,
            kind=kind,
            match_id=match.pk,
            params={"system": match.system, "by": by, "link": link, **named(user.pk)},
        )
    send_challenges_changed(user_ids=[user.pk for user in invited.users])


def notify_invitation_ended(ended) -> None:
    """The invitation-ended hook: a declined challenge is told to its creator, a withdrawn one
    to the person it was for, a match called off before it started to those seated at it (the
    inbox and push; no email: nothing waits for them)."""
    declined = ended.how == "declined"
    told, by = (ended.creator, ended.invitee) if declined else (ended.invitee, ended.creator)
    if not declined and told is not None:
        # Their My games drops the challenge at once (the creator's follows the match's turns).
        send_challenges_changed(user_ids=[told.pk])
    if told is None:
        return
    notify_user(
        user_id=told.pk,
        kind=Notification.Kind.DECLINED if declined else Notification.Kind.WITHDRAWN,
        match_id=ended.match.pk,
        params={
            "system": ended.match.system,
            "by": by.get_username() if by is not None else "",
            "aborted": ended.aborted,
            **({"called_off": True} if ended.how == "called_off" else {}),
            **table_opponent_params(match_id=ended.match.pk)(told.pk),
        },
        email=False,
    )


def notify_seat_left(left) -> None:
    """The seat-left hook: the people still at a table hear that a player gave their seat up
    before the start (the inbox and push; no email: nothing waits for them)."""
    named = table_opponent_params(match_id=left.match.pk)  # the leaver's seat is free now
    for person in left.told:
        notify_user(
            user_id=person.pk,
            kind=Notification.Kind.LEFT,
            match_id=left.match.pk,
            params={
                "system": left.match.system,
                "by": left.leaver.get_username(),
                **named(person.pk),
            },
            email=False,
        )


CHAT_EXCERPT = 100  # characters of the message the inbox, the email and the push quote


def chat_excerpt(text: str) -> str:
    """What the inbox, the email and the push quote of a chat line: one line (an email subject
    holds no newline), CHAT_EXCERPT characters at most."""
    excerpt = " ".join(text.split())
    if len(excerpt) > CHAT_EXCERPT:
        excerpt = excerpt[: CHAT_EXCERPT - 1].rstrip() + "…"
    return excerpt


def notify_chat_posted(posted) -> None:
    """The chat-posted hook: the match's other players hear of a message, unless they are
    looking at the page (it shows there at once). Spectators are never told. One unread entry
    per match's chat: later messages renew it with their count, and only the first of an
    unread run goes out by email (to players who want an email at each turn) and push, so a
    conversation does not become a flood."""
    match, message = posted.match, posted.message
    # Named as the match's page and every other notice name a player: by their user name.
    author = message.author.get_username()
    excerpt = chat_excerpt(message.text)
    readers = (
        Seat.objects.filter(match=match, kind=Seat.Kind.HUMAN, user__isnull=False)
        .exclude(user_id=message.author_id)
        # A player who blocked the author does not see their lines: nor hears of them.
        .exclude(user_id__in=blocker_ids_subquery(user=message.author))
        .values_list("user_id", flat=True)
    )
    about = f"chat:{match.pk}"
    named = match_opponents(match_id=match.pk)
    for user_id in dict.fromkeys(readers):
        if presence_watching(user_id=user_id, match_id=match.pk):
            continue
        unread = (
            Notification.objects.filter(user_id=user_id, read_at__isnull=True, params__about=about)
            .values_list("params", flat=True)
            .first()
        )
        # Only the first of an unread run goes out by the player's channels: only then are their
        # email preferences read.
        first = unread is None
        notify_user(
            user_id=user_id,
            kind=Notification.Kind.CHAT,
            match_id=match.pk,
            params={
                "system": match.system,
                "by": author,
                "excerpt": excerpt,
                **named(user_id),
                "count": (unread or {}).get("count", 0) + 1,
            },
            about=about,
            channels=first,
            email=first and profile_for_id(user_id).notify_turn == Profile.NotifyTurn.EACH,
        )
