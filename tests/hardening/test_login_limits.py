"""Login limits: counted per client address as the trusted proxy reports it, shared by every
process through the database cache, and never locking a player out because a stranger guessed
at their password (reliability review, finding 3)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest
from django.core.cache import cache

from hexsite.security import trusted_proxies
from tests.hardening.support import database_url, password_of, verified_player

ROOT = Path(__file__).resolve().parents[2]
PROXY = "10.0.0.1"
TOO_MANY = "Too many failed sign-in attempts"
EN = {"HTTP_ACCEPT_LANGUAGE": "en"}


@pytest.fixture
def behind_proxy(settings):
    settings.TRUSTED_PROXIES = trusted_proxies(PROXY)


def sign_in(client, login: str, password: str, *, through: str = PROXY, client_ip: str = ""):
    """POSTs the login form as a visitor at `client_ip`, connecting from `through`."""
    headers = {"REMOTE_ADDR": through, **EN}
    if client_ip:
        headers["HTTP_X_FORWARDED_FOR"] = client_ip
    return client.post("/accounts/login/", {"login": login, "password": password}, **headers)


def signed_in(response) -> bool:
    return response.status_code == 302 and response["Location"] == "/games/"


@pytest.mark.django_db
def test_a_stranger_guessing_a_players_password_never_locks_the_player_out(client, behind_proxy):
    anna = verified_player("anna")
    for _ in range(12):
        refused = sign_in(client, "anna", "wrong", client_ip="203.0.113.9")
        assert refused.status_code in (200, 429) and not signed_in(refused)
    # The stranger's own address is now blocked for that account, even with the right password:
    blocked = sign_in(client, "anna", password_of(anna), client_ip="203.0.113.9")
    assert not signed_in(blocked)
    assert TOO_MANY in blocked.content.decode() or blocked.status_code == 429
    # ... but Anna, from her own address, signs in as usual.
    assert signed_in(sign_in(client, "anna", password_of(anna), client_ip="198.51.100.7"))


@pytest.mark.django_db
def test_behind_the_proxy_each_visitor_is_counted_on_their_own_address(client, behind_proxy):
    bruno = verified_player("bruno")
    for visitor in range(1, 13):  # twelve people mistype a password once each
        assert not signed_in(sign_in(client, "bruno", "oops", client_ip=f"198.51.100.{visitor}"))
    # Without the proxy's report they would all be the proxy's address, over the 10/min limit.
    assert signed_in(sign_in(client, "bruno", password_of(bruno), client_ip="198.51.100.99"))


@pytest.mark.django_db
def test_a_forwarded_for_header_from_an_untrusted_address_is_not_believed(client, behind_proxy):
    carla = verified_player("carla")
    for n in range(12):  # a direct client rotating a forged header is still one address
        sign_in(client, "carla", "guess", through="192.0.2.50", client_ip=f"203.0.113.{n}")
    response = sign_in(
        client, "carla", password_of(carla), through="192.0.2.50", client_ip="203.0.113.200"
    )
    assert not signed_in(response)


@pytest.mark.django_db
def test_the_limit_message_tells_the_player_what_to_do_in_their_language(client, behind_proxy):
    verified_player("dina")
    for _ in range(6):
        response = client.post(
            "/accounts/login/",
            {"login": "dina", "password": "nope"},
            REMOTE_ADDR="192.0.2.60",
            HTTP_ACCEPT_LANGUAGE="fr",
        )
    assert "réinitialisez votre mot de passe" in response.content.decode()


SUBPROCESS_LOGIN = """
import django
django.setup()
from django.test import Client
response = Client(REMOTE_ADDR="203.0.113.77").post(
    "/accounts/login/", {"login": "emil", "password": "pw-emil-x9"}, HTTP_ACCEPT_LANGUAGE="en"
)
print(response.status_code, "Too many failed sign-in attempts" in response.content.decode())
"""


@pytest.mark.django_db(transaction=True)
def test_the_limits_are_shared_by_every_process(client):
    """Five failures counted in this process block the same address in another process (a
    second daphne, or this one after a restart): the count lives in the database cache."""
    verified_player("emil")
    try:
        for _ in range(5):
            client.post(
                "/accounts/login/", {"login": "emil", "password": "x"}, REMOTE_ADDR="203.0.113.77"
            )
        env = {
            **os.environ,
            "DATABASE_URL": database_url(),
            "DJANGO_SETTINGS_MODULE": "hexsite.settings",
        }
        out = subprocess.run(
            [sys.executable, "-c", SUBPROCESS_LOGIN],
            cwd=ROOT,
            env=env,
            capture_output=True,
            text=True,
            timeout=120,
        )
        assert out.returncode == 0, out.stderr[-3000:]
        assert out.stdout.split() == ["200", "True"]
    finally:
        cache.clear()  # the cache table is not emptied between transactional tests


@pytest.mark.django_db
def test_sign_ups_are_limited_per_client_address_not_per_proxy(client, behind_proxy):
    def sign_up(n: int, client_ip: str):
        return client.post(
            "/accounts/signup/",
            {
                "email": f"new{n}@example.org",
                "username": f"new{n}",
                "password1": "hex-tiles-42",
                "password2": "hex-tiles-42",
            },
            REMOTE_ADDR=PROXY,
            HTTP_X_FORWARDED_FOR=client_ip,
            **EN,
        )

    for n in range(20):  # a club signing up together from one address
        assert sign_up(n, "203.0.113.30").status_code == 302
    refused = sign_up(20, "203.0.113.30")
    assert refused.status_code == 429 and "Too many attempts" in refused.content.decode()
    assert sign_up(21, "198.51.100.30").status_code == 302  # everyone else still may
