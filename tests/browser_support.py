"""Shared browser-test fixtures: a real daphne server (HTTP + websockets) on a free loopback
port against the test database, and Playwright driving Debian's Chromium.

Use in a test module:  `from tests.browser_support import *  # noqa: F403` (or import the
fixture names you need) and mark the tests `@pytest.mark.browser`. The server is a forked
process (channels' DaphneProcess), so data the test creates must be committed: the
`daphne_server` fixture depends on `transactional_db`. Settings overridden before the fork
(the fast password hasher) apply in the server too.
"""

from __future__ import annotations

import os
from functools import partial
from pathlib import Path

import pytest

ARTIFACTS = Path(__file__).resolve().parent.parent / "test-artifacts"
CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = [
    "--headless=new",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]


class LiveServer:
    def __init__(self, host: str, port: int) -> None:
        self.host, self.port = host, port
        self.url = f"http://{host}:{port}"
        self.ws_url = f"ws://{host}:{port}"

    def __str__(self) -> str:
        return self.url


@pytest.fixture
def daphne_server(transactional_db):
    """daphne serving hexsite.asgi (static files included) on 127.0.0.1:<free port>."""
    from channels.testing.live import make_application, set_database_connection
    from daphne.testing import DaphneProcess
    from django.contrib.staticfiles.handlers import ASGIStaticFilesHandler
    from django.db import connections

    # The fork must not share the parent's open database sockets: neither a connection nor
    # the pool's (settings: OPTIONS["pool"]; a pooled connection "closed" stays open).
    connections.close_all()
    for connection in connections.all():
        if hasattr(connection, "close_pool"):
            connection.close_pool()
    process = DaphneProcess(
        "127.0.0.1",
        partial(make_application, static_wrapper=ASGIStaticFilesHandler),
        setup=set_database_connection,
    )
    process.start()
    while not process.ready.wait(timeout=1):
        if not process.is_alive():
            raise RuntimeError("the test daphne server did not start")
    try:
        yield LiveServer("127.0.0.1", process.port.value)
    finally:
        process.terminate()
        process.join(timeout=10)


@pytest.fixture
def browser():
    # Playwright's sync API runs an event loop in this thread while it lives: one per test, so
    # the loop stops with the test and later async tests (or another Playwright) can run.
    # The ORM calls our tests make around it are still plain synchronous ones.
    os.environ.setdefault("DJANGO_ALLOW_ASYNC_UNSAFE", "true")
    from playwright.sync_api import expect, sync_playwright

    # Parallel workers share two cores with their servers and browsers: wait longer than 5 s.
    expect.set_options(timeout=15_000)
    with sync_playwright() as playwright:
        chromium = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        try:
            yield chromium
        finally:
            chromium.close()


@pytest.fixture
def new_context(browser):
    """Factory of isolated browser contexts (one per player), closed after the test."""
    contexts = []

    def make(**kwargs):
        context = browser.new_context(**{"viewport": {"width": 1000, "height": 900}, **kwargs})
        context.set_default_timeout(15000)
        contexts.append(context)
        return context

    yield make
    for context in contexts:
        context.close()


def make_verified_user(username: str, password: str):
    """A user allauth lets sign in (mandatory email verification is satisfied)."""
    from allauth.account.models import EmailAddress
    from django.contrib.auth import get_user_model

    user = get_user_model().objects.create_user(username, f"{username}@example.org", password)
    EmailAddress.objects.create(user=user, email=user.email, verified=True, primary=True)
    return user


def sign_up(page, server: LiveServer, username: str, password: str) -> None:
    """Signs up through allauth's form, then follows the confirmation link of the email (the
    mail stays in the server's process: the link's key is computed here, as allauth makes it)."""
    from allauth.account.models import EmailAddress, EmailConfirmationHMAC

    page.goto(f"{server.url}/accounts/signup/")
    page.fill("input[name=email]", f"{username}@example.org")
    page.fill("input[name=username]", username)
    page.fill("input[name=password1]", password)
    page.fill("input[name=password2]", password)
    page.press("input[name=password2]", "Enter")
    page.wait_for_url(lambda url: "/accounts/signup" not in url)
    address = EmailAddress.objects.get(email=f"{username}@example.org")
    key = EmailConfirmationHMAC(address).key
    page.goto(f"{server.url}/accounts/confirm-email/{key}/")
    page.locator("main form button[type=submit]").click()
    page.wait_for_url(lambda url: "/accounts/confirm-email" not in url)


def sign_in(page, server: LiveServer, username: str, password: str) -> None:
    """Signs in through the real allauth form."""
    page.goto(f"{server.url}/accounts/login/")
    page.fill("input[name=login]", username)
    page.fill("input[name=password]", password)
    page.press("input[name=password]", "Enter")
    page.wait_for_url(lambda url: "/accounts/login" not in url)


def artifact(name: str) -> Path:
    ARTIFACTS.mkdir(exist_ok=True)
    return ARTIFACTS / name
