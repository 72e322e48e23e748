"""Browser push notifications (Web Push with VAPID, through pywebpush): a third channel beside
email and Discord. A browser that accepts gives us a subscription (its push service's address
and two keys); the worker encrypts each notification for it and posts it there, signed with our
VAPID key so the push service knows who sends. The payload holds the sentence and the link the
player may see anyway, nothing else.

Keys: VAPID_PRIVATE_KEY / VAPID_PUBLIC_KEY from the environment, else a pair generated on first
use and kept in VAPID_KEY_DIR (var/vapid), so subscriptions survive restarts.

pywebpush, py_vapid and cryptography are imported where a key is read or a push is sent, not
with this module: with requests and aiohttp, which pywebpush brings, they are about 40 MB of the
web process that no page needs until a player turns push notifications on (`bench live`'s
memory; tests/notifications/test_push_imports.py)."""

from __future__ import annotations

import functools
import json
import logging
from typing import TYPE_CHECKING
from urllib.parse import urlsplit

from django.conf import settings
from django.utils import translation

from games.accounts.selectors import profile_for
from games.notifications.models import Notification, PushSubscription
from games.notifications.texts import notification_link, notification_text

if TYPE_CHECKING:
    from py_vapid import Vapid

log = logging.getLogger(__name__)
GONE = (404, 410)  # the push service forgot this browser: so do we


@functools.cache
def vapid() -> Vapid:
    """Our VAPID key pair (see the module's docstring)."""
    from py_vapid import Vapid

    if settings.VAPID_PRIVATE_KEY:
        return Vapid.from_string(private_key=settings.VAPID_PRIVATE_KEY)
    folder = settings.VAPID_KEY_DIR
    path = folder / "private_key.pem"
    if path.exists():
        return Vapid.from_file(private_key_file=str(path))
    folder.mkdir(parents=True, exist_ok=True)
    keys = Vapid()
    keys.generate_keys()
    keys.save_key(str(path))
    path.chmod(0o600)
    return keys


def public_key() -> str:
    """The applicationServerKey the browser subscribes with (base64url, uncompressed point)."""
    if settings.VAPID_PUBLIC_KEY:
        return settings.VAPID_PUBLIC_KEY
    from cryptography.hazmat.primitives import serialization
    from py_vapid.utils import b64urlencode

    raw = vapid().public_key.public_bytes(
        serialization.Encoding.X962, serialization.PublicFormat.UncompressedPoint
    )
    return b64urlencode(raw)


def endpoint_allowed(endpoint: str) -> bool:
    """Push services are https (the browser's own); plain http only where settings allow it
    (the tests' local push service)."""
    parts = urlsplit(endpoint)
    if not parts.netloc:
        return False
    return parts.scheme == "https" or (
        parts.scheme == "http" and getattr(settings, "WEBPUSH_ALLOW_HTTP", False)
    )


def push_subscribe(*, user, endpoint: str, p256dh: str, auth: str) -> PushSubscription:
    if not endpoint_allowed(endpoint) or not p256dh or not auth:
        raise ValueError("not a push subscription")
    subscription, _created = PushSubscription.objects.update_or_create(
        endpoint=endpoint, defaults={"user": user, "p256dh": p256dh[:200], "auth": auth[:100]}
    )
    return subscription


def push_unsubscribe(*, user, endpoint: str) -> int:
    return PushSubscription.objects.filter(user=user, endpoint=endpoint).delete()[0]


def push_payload(notification: Notification) -> str:
    profile = profile_for(notification.user)
    with translation.override(profile.language):
        text = notification_text(notification, outside=True)
    return json.dumps(
        {
            "title": settings.SITE_NAME,
            "body": text,
            "url": notification_link(notification) or "/",
            "tag": notification.params.get("about") or f"n{notification.pk}",
        }
    )


def push_send(*, notification_id: int, timeout: float = 10.0) -> int:
    """Sends one notification to every browser of its player; returns how many took it."""
    from pywebpush import WebPushException, webpush

    notification = Notification.objects.select_related("user").filter(pk=notification_id).first()
    if notification is None:
        return 0
    data = push_payload(notification)
    sent = 0
    for subscription in PushSubscription.objects.filter(user=notification.user):
        if not endpoint_allowed(subscription.endpoint):
            continue
        try:
            webpush(
                subscription_info={
                    "endpoint": subscription.endpoint,
                    "keys": {"p256dh": subscription.p256dh, "auth": subscription.auth},
                },
                data=data,
                vapid_private_key=vapid(),
                vapid_claims={"sub": settings.VAPID_SUBJECT},
                timeout=timeout,
                ttl=24 * 3600,
            )
            sent += 1
        except WebPushException as error:
            status = getattr(error.response, "status_code", None)
            if status in GONE:
                subscription.delete()
            else:
                log.warning("push to %s failed: %s", urlsplit(subscription.endpoint).netloc, status)
    return sent
