"""Issue 13, point 4: every event that needs a player reaches them, once per match in the
inbox (read when they open the match), with a live unread badge, emails signed with the site's
name, and browser push (Web Push with VAPID) tested against a local push service."""

from __future__ import annotations

import base64
import json
import os
import threading
from http.server import BaseHTTPRequestHandler, HTTPServer

import http_ece
import pytest
from cryptography.hazmat.primitives import serialization
from cryptography.hazmat.primitives.asymmetric import ec
from django.core import mail

from games.matches import services
from games.notifications import push
from games.notifications.emails import email_notification
from games.notifications.models import Notification, PushSubscription
from games.notifications.services import notify_user
from games.notifications.turns import notify_match_changed
from tests.fixtures import end_turn, start_match

pytestmark = pytest.mark.django_db
K = Notification.Kind


def unread(user):
    return list(Notification.objects.filter(user=user, read_at__isnull=True))


def test_one_unread_entry_per_match_however_many_turns(match, anna, bruno):
    for _ in range(3):
        notify_match_changed(match_id=match.pk, version=match.version)
        match = end_turn(end_turn(match, anna), bruno)
    notify_match_changed(match_id=match.pk, version=match.version)
    assert [(n.kind, n.match_id) for n in unread(anna)] == [(K.TURN, match.pk)]


def test_opening_the_match_reads_its_entries_and_the_header_counts_the_rest(client, anna, bruno):
    first, second = start_match(anna, bruno), start_match(anna, bruno)
    notify_match_changed(match_id=first.pk, version=first.version)
    notify_match_changed(match_id=second.pk, version=second.version)
    client.force_login(anna)
    lobby = client.get("/", HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert 'data-testid="unread-badge"><span class="visually-hidden">, unread: </span>2<' in lobby
    client.get(f"/m/{first.pk}/")
    assert [n.match_id for n in unread(anna)] == [second.pk]
    lobby = client.get("/", HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert "unread: </span>1<" in lobby


def test_the_end_of_a_game_and_a_draw_offer_are_told(
    match, anna, bruno, django_capture_on_commit_callbacks
):
    with django_capture_on_commit_callbacks(execute=True):
        services.match_offer_draw(match_id=match.pk, user=anna)
    offer = Notification.objects.get(user=bruno, kind=K.DRAW_OFFER)
    assert offer.params["by"] == "anna"
    assert not Notification.objects.filter(user=anna, kind=K.DRAW_OFFER).exists()
    with django_capture_on_commit_callbacks(execute=True):
        services.match_resign(match_id=match.pk, user=anna)
    results = {
        n.user.username: n.params["result"] for n in Notification.objects.filter(kind=K.GAME_OVER)
    }
    assert results == {"anna": "lost", "bruno": "won"}
    # The draw offer's unread entry became the result: still one per match.
    assert [n.kind for n in unread(bruno)] == [K.GAME_OVER]


@pytest.mark.parametrize("language", ["fr", "en"])
def test_every_kind_reads_as_a_sentence_in_both_languages(anna, language):
    from django.utils import translation

    from games.notifications.texts import notification_text

    params = {
        "system": "neuroshima",
        "hours": 4,
        "loser": "bruno",
        "you": False,
        "result": "won",
        "by": "bruno",
        "campaign": "Guerre des Hexes",
        "opponent": "bruno",
        "number": 2,
        "league": "NeuroDuel",
        "name": "NeuroDuel",
        "excerpt": "À toi de jouer",
    }
    with translation.override(language):
        for kind in K.values:
            text = notification_text(Notification(user=anna, kind=kind, match_id=7, params=params))
            assert text and "%(" not in text and text != str(K(kind).label), kind


def test_emails_are_signed_with_the_sites_name_and_address(settings, anna):
    settings.SITE_URL = "https://hexsite.example"
    settings.SITE_NAME = "hexsite"
    note = notify_user(
        user_id=anna.pk,
        kind=K.ROUND,
        params={"campaign": "Hexes", "number": 1, "link": "/campaigns/1/"},
    )
    email_notification(notification_id=note.pk)
    (message,) = mail.outbox
    assert message.subject.startswith("[hexsite] ")
    assert "https://hexsite.example/campaigns/1/" in message.body
    assert "hexsite · https://hexsite.example" in message.body
    assert "127.0.0.1" not in message.body and "testserver" not in message.body


def test_allauth_mails_name_the_site_not_the_host(client, settings):
    client.post(
        "/accounts/signup/",
        {
            "email": "eve@example.org",
            "username": "eve",
            "password1": "hexes-and-tiles-9",
            "password2": "hexes-and-tiles-9",
        },
        HTTP_ACCEPT_LANGUAGE="en",
    )
    (message,) = mail.outbox
    assert message.subject.startswith("[hexsite]")
    assert "testserver" not in message.subject and "testserver" not in message.body.split("\n")[0]


# --- browser push against a local push service ------------------------------------------------


class _PushService(BaseHTTPRequestHandler):
    received: list = []

    def do_POST(self):  # http.server's name
        body = self.rfile.read(int(self.headers["Content-Length"]))
        self.received.append((self.path, dict(self.headers), body))
        self.send_response(201)
        self.end_headers()

    def log_message(self, *args):
        pass


@pytest.fixture
def push_service(settings, tmp_path):
    settings.WEBPUSH_ALLOW_HTTP = True
    settings.VAPID_KEY_DIR = tmp_path / "vapid"
    push.vapid.cache_clear()
    server = HTTPServer(("127.0.0.1", 0), _PushService)
    _PushService.received = []
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{server.server_port}/push/", _PushService.received
    server.shutdown()
    server.server_close()
    push.vapid.cache_clear()


def _browser_keys():
    """What a browser's PushSubscription holds: its ECDH key and auth secret."""
    private = ec.generate_private_key(ec.SECP256R1())
    public = private.public_key().public_bytes(
        serialization.Encoding.X962, serialization.PublicFormat.UncompressedPoint
    )
    auth = os.urandom(16)
    b64 = lambda raw: base64.urlsafe_b64encode(raw).decode().rstrip("=")  # noqa: E731
    return private, auth, b64(public), b64(auth)


def test_a_subscribed_browser_gets_the_notification_encrypted_and_signed(
    client, anna, push_service
):
    endpoint, received = push_service
    private, auth, p256dh, auth_b64 = _browser_keys()
    client.force_login(anna)
    assert client.get("/notifications/push/key").json()["key"] == push.public_key()
    response = client.post(
        "/notifications/push/subscribe",
        json.dumps({"endpoint": endpoint + "anna", "keys": {"p256dh": p256dh, "auth": auth_b64}}),
        content_type="application/json",
    )
    assert response.status_code == 200
    note = notify_user(
        user_id=anna.pk,
        kind=K.CHALLENGE,
        params={"by": "bruno", "campaign": "Hexes", "link": "/campaigns/1/"},
    )
    assert push.push_send(notification_id=note.pk) == 1
    (path, headers, body) = received[0]
    headers = {k.lower(): v for k, v in headers.items()}
    assert path == "/push/anna"
    assert (
        headers["authorization"].startswith("vapid t=")
        and push.public_key() in headers["authorization"]
    )
    assert headers["content-encoding"] == "aes128gcm"
    payload = json.loads(
        http_ece.decrypt(body, private_key=private, auth_secret=auth, version="aes128gcm")
    )
    assert payload["url"] == "/campaigns/1/" and "bruno" in payload["body"]
    assert "seed" not in payload and payload["title"] == "hexsite"


def test_a_push_service_that_forgot_the_browser_makes_us_forget_it(anna, push_service, settings):
    endpoint, received = push_service
    _PushService_gone = type(
        "Gone",
        (_PushService,),
        {"do_POST": lambda self: (self.send_response(410), self.end_headers())},
    )
    server = HTTPServer(("127.0.0.1", 0), _PushService_gone)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        _, _, p256dh, auth_b64 = _browser_keys()
        push.push_subscribe(
            user=anna,
            endpoint=f"http://127.0.0.1:{server.server_port}/gone",
            p256dh=p256dh,
            auth=auth_b64,
        )
        note = notify_user(user_id=anna.pk, kind=K.ROUND, params={"campaign": "Hexes", "number": 2})
        assert push.push_send(notification_id=note.pk) == 0
        assert not PushSubscription.objects.filter(user=anna).exists()
    finally:
        server.shutdown()
        server.server_close()


def test_only_https_push_services_are_accepted_outside_tests(client, anna, settings):
    settings.WEBPUSH_ALLOW_HTTP = False
    client.force_login(anna)
    response = client.post(
        "/notifications/push/subscribe",
        json.dumps({"endpoint": "http://127.0.0.1:9/x", "keys": {"p256dh": "a", "auth": "b"}}),
        content_type="application/json",
    )
    assert response.status_code == 400 and not PushSubscription.objects.exists()


def test_the_service_worker_is_served_from_the_root(client):
    response = client.get("/sw.js")
    assert response.status_code == 200 and response["Content-Type"] == "application/javascript"
    assert "showNotification" in response.content.decode()
