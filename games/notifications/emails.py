"""What the worker sends outside the site: the per-turn email, a notification's email, the
daily digest, a Discord post (written when it is sent: its job carries the notice's id, never
the text nor the webhook, RGPD). Each is a job's body (tasks.py): services.py defers them when a
player is told something, and the digest runs every morning. The turn's email checks again,
when it runs, that it is still worth sending."""

from __future__ import annotations

import logging
from datetime import datetime

from django.conf import settings
from django.contrib.auth import get_user_model
from django.core.mail import send_mail
from django.urls import reverse
from django.utils import translation
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from games.accounts import webhooks as webhook_addresses
from games.accounts.models import Profile
from games.accounts.notice_groups import TURNS, NoticeChoice
from games.accounts.selectors import profile_for
from games.matches.hooks import match_contexts
from games.matches.models import Match, Seat
from games.matches.selectors import seats_to_play_count
from games.notifications import webhooks
from games.notifications.models import Notification
from games.notifications.reach import reaches_channels
from games.notifications.selectors import (
    match_link,
    match_opponent_params,
    matches_opponent_params,
    presence_watching,
)
from games.notifications.texts import (
    match_where,
    notice_opponent,
    notification_link,
    notification_text,
    notification_url,
    opponent_words,
    where_words,
)

log = logging.getLogger(__name__)


def _mail(profile: Profile, subject: str, body: str) -> bool:
    """Signed with the site's name and address (SITE_NAME, SITE_URL), never a host name."""
    if not profile.user.email:
        return False
    footer = _("Change what we send you: %(link)s") % {
        "link": settings.SITE_URL.rstrip("/") + reverse("accounts:settings")
    }
    signature = f"{settings.SITE_NAME} · {settings.SITE_URL}"
    subject = f"[{settings.SITE_NAME}] {subject}"
    send_mail(subject, f"{body}\n\n-- \n{signature}\n{footer}\n", None, [profile.user.email])
    return True


def _count_line(count: int) -> str:
    return ngettext(
        "You have %(count)d match waiting for your move.",
        "You have %(count)d matches waiting for your move.",
        count,
    ) % {"count": count}


def email_turn(*, user_id: int, match_id: int, turn: str | None = None) -> bool:
    """The per-turn email. Skipped if the turn is already played or the page is open.

    `turn` is the turn the email was queued for (its deadline, as `_tell_turn_started` keys
    it): a worker running late must not send it once that turn is over, even when a later
    turn of the same player runs now (that one has its own email)."""
    profile = profile_for(get_user_model().objects.get(pk=user_id))
    match = Match.objects.filter(pk=match_id).first()
    deadline = (  # the person's turn: their earliest running deadline (as it was told)
        Seat.objects.filter(match_id=match_id, user_id=user_id, deadline__isnull=False)
        .order_by("deadline")
        .values_list("deadline", flat=True)
        .first()
    )
    if match is None or deadline is None or profile.notify_turn != Profile.NotifyTurn.EACH:
        return False
    if not reaches_channels(profile, Notification.Kind.TURN):
        return False  # they chose the inbox only for their turns since it was queued
    if turn is not None and deadline != _turn_deadline(turn):
        return False
    if presence_watching(user_id=user_id, match_id=match_id):
        return False
    with translation.override(profile.language):
        link = match_link(match_id=match_id)
        words = {
            "opponent": opponent_words(match_opponent_params(match_id=match_id, user_id=user_id)),
            "where": match_where(system=match.system, match_id=match.pk),
            "link": link,
        }
        # The match by its opponents and competition, never its number.
        if words["opponent"]:
            subject = _("Your turn against %(opponent)s (%(where)s)") % words
            first = _("It is your turn against %(opponent)s (%(where)s): %(link)s") % words
        else:
            subject = _("Your turn (%(where)s)") % words
            first = _("It is your turn (%(where)s): %(link)s") % words
        body = "\n\n".join([first, _count_line(seats_to_play_count(user=profile.user))])
        return _mail(profile, subject, body)


def _turn_deadline(turn: str) -> datetime | None:
    try:
        return datetime.fromisoformat(turn)
    except ValueError:
        return None


def email_notification(*, notification_id: int) -> bool:
    notification = Notification.objects.select_related("user").filter(pk=notification_id).first()
    if notification is None:
        return False
    if notification.kind == Notification.Kind.CHAT and notification.read_at is not None:
        return False  # the player opened the match before the worker got here: they read it
    profile = profile_for(notification.user)
    with translation.override(profile.language):
        text = notification_text(notification, outside=True)
        link = notification_url(notification) if notification_link(notification) else ""
        body = f"{text}\n\n{link}" if link else text
        return _mail(profile, text, body)


def email_daily_digests(*, now: datetime) -> int:
    """One email per "digest" player who has matches waiting: the list, nothing else. Not to
    a player who keeps their turns in the inbox only (their notice choices)."""
    sent = 0
    profiles = (
        Profile.objects.filter(notify_turn=Profile.NotifyTurn.DIGEST)
        # Containment, not a key lookup: a key lookup's NULL would exclude every player who
        # never chose.
        .exclude(notice_choices__contains={TURNS: NoticeChoice.INBOX})
        .select_related("user")
    )
    for profile in profiles:
        waiting = list(  # a match where several of the player's seats wait: listed once
            dict.fromkeys(
                Match.objects.filter(
                    status=Match.Status.ACTIVE,
                    seats__user=profile.user,
                    seats__deadline__isnull=False,
                ).order_by("seats__deadline")
            )
        )
        count = seats_to_play_count(user=profile.user)
        if not waiting or not count:
            continue
        with translation.override(profile.language):
            lines = [_count_line(count), ""] + _digest_lines(waiting, user_id=profile.user_id)
            if _mail(profile, _("Your matches waiting for you"), "\n".join(lines)):
                sent += 1
    return sent


def _digest_lines(matches: list[Match], *, user_id: int) -> list[str]:
    """Each match waiting for the player as « Votre tour » names it: by its opponents, game
    and competition (« - Votre tour contre bruno (<le jeu>, Ligue du jeudi, saison 1, manche
    3) : <link> »), never its number; two queries whatever their number."""
    opponents = matches_opponent_params(match_ids=[m.pk for m in matches], user_id=user_id)
    contexts = match_contexts(matches)
    lines = []
    for m in matches:
        words = {
            "opponent": opponent_words(opponents[m.pk]),
            "where": where_words(m.system, contexts.get(m.pk)),
        }
        if words["opponent"]:
            turn = _("Your turn against %(opponent)s (%(where)s)") % words
        else:
            turn = _("Your turn (%(where)s)") % words
        lines.append(f"- {turn}: {match_link(match_id=m.pk)}")
    return lines


def discord_post_notice(*, notification_id: int, version: str | None = None) -> int:
    """post_discord_notice's body: the notice's post (discord_notice) sent, or 0 when there is
    none to send."""
    post = discord_notice(notification_id=notification_id, version=version)
    return discord_post(url=post[0], content=post[1]) if post else 0


def discord_notice(*, notification_id: int, version: str | None = None) -> tuple[str, str] | None:
    """The webhook and the text of a notice's Discord post, written when it is sent, in the
    player's language, to the webhook their settings name then; None when the notice, the
    webhook or the account is gone (a deleted account's post still waiting in the queue).

    `version`: the notice's `created_at` when the post was queued. A later event about the same
    thing renews the unread notice in place (services._inbox_entry) and queues a post of its
    own: this one then sends nothing, rather than the same newer text twice."""
    notice = Notification.objects.select_related("user").filter(pk=notification_id).first()
    if notice is None or not notice.user.is_active:
        return None
    if version is not None and notice.created_at.isoformat() != version:
        return None
    profile = profile_for(notice.user)
    if not profile.discord_webhook_url:
        return None
    with translation.override(profile.language):
        if notice.kind == Notification.Kind.TURN and notice.match_id:
            words = {
                "name": profile.name,
                "opponent": notice_opponent(notice, read=True),
                "where": match_where(
                    system=notice.params.get("system", ""), match_id=notice.match_id
                ),
                "link": match_link(match_id=notice.match_id),
            }
            if words["opponent"]:
                content = (
                    _("%(name)s, your turn against %(opponent)s (%(where)s): %(link)s") % words
                )
            else:
                content = _("%(name)s, your turn (%(where)s): %(link)s") % words
        else:
            content = f"{notification_text(notice, outside=True)} {notification_url(notice)}"
    return profile.discord_webhook_url, content


def discord_post(*, url: str, content: str, timeout: float = webhooks.TIMEOUT_SECONDS) -> int:
    """POST a message to a Discord webhook; returns the HTTP status, or 0 when the address is
    refused (not a Discord webhook, or its host no longer resolves to public addresses only:
    checked again now, against DNS rebinding). A refusal is not retried; network errors are."""
    try:
        target = webhook_addresses.webhook_target(url)
        address = webhook_addresses.public_address(target)
    except webhook_addresses.WebhookRefused as refusal:
        log.warning("webhook refused (%s): %s", refusal.message, url[:100])
        return 0
    return webhooks.post_json(target, address, webhooks.discord_payload(content), timeout=timeout)
