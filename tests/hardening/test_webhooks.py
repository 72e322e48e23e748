"""Outgoing webhooks go only to Discord, only to public addresses, checked again when posting,
with a timeout (reliability review, finding 5: blind SSRF through the Discord webhook)."""

from __future__ import annotations

import json
import socket
import ssl
import subprocess
import threading
from http.server import BaseHTTPRequestHandler, HTTPServer

import pytest
from django.utils import translation

from games.accounts import webhooks
from games.accounts.selectors import profile_for
from games.accounts.webhooks import Target, WebhookRefused, is_public
from games.notifications.emails import discord_post
from games.notifications.webhooks import discord_payload, post_json
from tests.fixtures import make_player

GOOD = "https://discord.com/api/webhooks/1234/abcd"
SETTINGS = {"language": "en", "time_zone": "Europe/Paris", "notify_turn": "each"}


def save_webhook(client, url: str, language: str = "en"):
    return client.post(
        "/me/settings/",
        {**SETTINGS, "language": language, "discord_webhook_url": url},
        HTTP_ACCEPT_LANGUAGE=language,
    )


REFUSED = [
    ("http://discord.com/api/webhooks/1/x", "Only Discord webhooks are supported"),
    ("https://127.0.0.1:9443/hook", "Only Discord webhooks are supported"),  # the review's
    ("https://169.254.169.254/latest/meta-data/", "Only Discord webhooks are supported"),
    ("https://evil.example/api/webhooks/1/x", "Only Discord webhooks are supported"),
    ("https://discord.com.evil.example/api/webhooks/1/x", "Only Discord webhooks are supported"),
    ("https://discord.com:8443/api/webhooks/1/x", "Only Discord webhooks are supported"),
    ("https://user:pw@discord.com/api/webhooks/1/x", "Only Discord webhooks are supported"),
    ("https://discord.com/oauth2/authorize", "Only Discord webhooks are supported"),
    ("https://discord.com:99999/api/webhooks/1/x", "This is not a web address"),
]


@pytest.mark.django_db
@pytest.mark.parametrize(("url", "message"), REFUSED)
def test_the_settings_form_refuses_anything_but_a_discord_webhook(client, dns, url, message):
    user = make_player("wanda")
    client.force_login(user)
    response = save_webhook(client, url)
    assert response.status_code == 400
    assert message in response.content.decode()
    assert profile_for(user).discord_webhook_url == ""


@pytest.mark.django_db
@pytest.mark.parametrize(
    "addresses", [["10.0.0.5"], ["127.0.0.1"], ["162.159.135.232", "169.254.169.254"], ["::1"]]
)
def test_a_discord_name_resolving_to_a_private_address_is_refused(client, dns, addresses):
    dns["discord.com"] = addresses
    user = make_player("xavier")
    client.force_login(user)
    response = save_webhook(client, GOOD)
    assert response.status_code == 400
    assert "does not lead to a public server" in response.content.decode()
    assert profile_for(user).discord_webhook_url == ""


@pytest.mark.django_db
def test_a_webhook_whose_server_cannot_be_found_is_refused_in_french_too(client, dns):
    del dns["discord.com"]
    user = make_player("yvonne", language="fr")
    client.force_login(user)
    response = save_webhook(client, GOOD, language="fr")
    assert response.status_code == 400
    assert "Le serveur de ce webhook est introuvable" in response.content.decode()


@pytest.mark.django_db
def test_a_discord_webhook_on_public_addresses_is_saved(client, dns):
    user = make_player("zoe")
    client.force_login(user)
    assert save_webhook(client, GOOD).status_code == 302
    assert profile_for(user).discord_webhook_url == GOOD


def test_only_globally_reachable_addresses_are_public():
    private = [
        "127.0.0.1",
        "10.1.2.3",
        "172.16.0.1",
        "192.168.1.1",
        "169.254.169.254",  # cloud metadata
        "100.64.0.1",  # carrier-grade NAT
        "0.0.0.0",
        "224.0.0.1",
        "255.255.255.255",
        "::1",
        "::",
        "fe80::1",
        "fc00::1",
        "::ffff:127.0.0.1",  # IPv4-mapped
        "2002:7f00:1::",  # 6to4 around 127.0.0.1
        "64:ff9b::a00:1",  # NAT64 around 10.0.0.1
        "ff02::1",
        "not-an-address",
    ]
    assert [a for a in private if is_public(a)] == []
    assert is_public("162.159.135.232") and is_public("2606:4700::6810:86e8")


def test_the_worker_checks_again_when_it_posts_against_dns_rebinding(dns, caplog):
    """The address was public when the player saved it; now it resolves to the worker's own
    network: nothing is sent and the job is not retried (0, not an exception)."""
    webhooks.check_webhook_url(GOOD)
    dns["discord.com"] = ["127.0.0.1"]
    assert discord_post(url=GOOD, content="Your turn") == 0
    assert "webhook refused" in caplog.text
    assert discord_post(url="https://127.0.0.1:9443/hook", content="x") == 0  # saved before


# --- the transport, against a local TLS server ------------------------------------------------


@pytest.fixture(scope="module")
def certificate(tmp_path_factory):
    """A self-signed certificate for discord.com (openssl, installed with PostgreSQL)."""
    folder = tmp_path_factory.mktemp("tls")
    key, cert = folder / "key.pem", folder / "cert.pem"
    subprocess.run(
        ["openssl", "req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1"]
        + ["-nodes", "-keyout", str(key), "-out", str(cert), "-days", "1"]
        + ["-subj", "/CN=discord.com", "-addext", "subjectAltName=DNS:discord.com"],
        check=True,
        capture_output=True,
    )
    return key, cert


class _Hook(BaseHTTPRequestHandler):
    received: list = []

    def do_POST(self):
        body = self.rfile.read(int(self.headers["Content-Length"]))
        self.received.append((self.path, self.headers["Content-Type"], json.loads(body)))
        self.send_response(204)
        self.end_headers()

    def log_message(self, *args):
        pass


@pytest.fixture
def tls_server(certificate):
    key, cert = certificate
    server = HTTPServer(("127.0.0.1", 0), _Hook)
    context = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
    context.load_cert_chain(cert, key)
    server.socket = context.wrap_socket(server.socket, server_side=True)
    _Hook.received = []
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield server.server_port, ssl.create_default_context(cafile=str(cert))
    server.shutdown()
    server.server_close()


def test_a_post_goes_to_the_checked_address_and_verifies_the_hosts_certificate(tls_server):
    port, trusting = tls_server
    target = Target(host="discord.com", port=port, path="/api/webhooks/1/abc?wait=false")
    payload = discord_payload("Your turn in Neuroshima #1 " + "x" * 3000)
    assert post_json(target, "127.0.0.1", payload, context=trusting) == 204
    ((path, ctype, body),) = _Hook.received
    assert (path, ctype) == ("/api/webhooks/1/abc?wait=false", "application/json")
    assert len(body["content"]) == 2000 and body["allowed_mentions"] == {"parse": []}
    # The same address under another name fails the certificate check: no silent detour.
    other = Target(host="discordapp.com", port=port, path="/api/webhooks/1/abc")
    with pytest.raises(ssl.SSLCertVerificationError):
        post_json(other, "127.0.0.1", payload, context=trusting)


def test_a_server_that_never_answers_times_out_instead_of_holding_the_worker():
    silent = socket.socket()
    silent.bind(("127.0.0.1", 0))
    silent.listen(1)  # accepts the connection, never speaks TLS
    try:
        target = Target(host="discord.com", port=silent.getsockname()[1], path="/api/webhooks/")
        with pytest.raises(TimeoutError):
            post_json(target, "127.0.0.1", {"content": "x"}, timeout=0.2)
    finally:
        silent.close()


@pytest.mark.parametrize(
    ("language", "sentence"),
    [("en", "Only Discord webhooks are supported"), ("fr", "Seuls les webhooks Discord")],
)
def test_refusals_carry_a_sentence_for_the_player_in_their_language(language, sentence):
    with translation.override(language), pytest.raises(WebhookRefused) as refused:
        webhooks.webhook_target("ftp://discord.com/api/webhooks/1/x")
    assert sentence in refused.value.message
