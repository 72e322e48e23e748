"""Shared browser-test fixtures: a real daphne server (HTTP + websockets) on a free loopback
port against the test database, and Playwright driving Debian's Chromium.

Use in a test module:  `from tests.browser_support import *  # noqa: F403` (or import the
fixture names you need) and mark the tests `@pytest.mark.browser`. The server is a forked
process (channels' DaphneProcess), so data the test creates must be committed: the
`daphne_server` fixture depends on `transactional_db`. Settings overridden before the fork
(the fast password hasher) apply in the server too.
"""

from __future__ import annotations

import asyncio
import os
import threading
from concurrent.futures import ThreadPoolExecutor
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


def _setup_forked_server() -> None:
    """Runs in the forked daphne before it serves. Besides pointing it at the test database:
    asgiref's one shared thread for `sync_to_async` outside any request (what a websocket
    consumer's database calls use) is a ThreadPoolExecutor made in the parent. If the parent
    ever used it (the background bot worker does), the fork copies an executor whose thread does
    not exist in the child yet counts as idle: every job queued on it would wait for ever, and
    every websocket handshake with it. Give the child a fresh one."""
    from concurrent.futures import ThreadPoolExecutor as Executor

    from asgiref.sync import SyncToAsync
    from channels.testing.live import set_database_connection

    set_database_connection()
    SyncToAsync.single_thread_executor = Executor(max_workers=1)


@pytest.fixture
def daphne_server(transactional_db):
    """daphne serving hexsite.asgi (static files included) on 127.0.0.1:<free port>."""
    from channels.testing.live import make_application
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
        # As bin/serve: a handshake may take over daphne's default 5 s on a loaded machine.
        kwargs={"websocket_connect_timeout": 30, "websocket_handshake_timeout": 30},
        setup=_setup_forked_server,
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


def two_players(prefix: str, password: str) -> list:
    """Two players allauth lets sign in, `prefix`_anna and `prefix`_bruno (seats 0 and 1)."""
    return [make_verified_user(f"{prefix}_{name}", password) for name in ("anna", "bruno")]


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


def signed_in_page(new_context, server: LiveServer, username: str, password: str, **options):
    """A page of a new browser context (`options`: the locale, the site's French unless told;
    a viewport...), signed in as `username`."""
    options.setdefault("locale", "fr-FR")
    page = new_context(**options).new_page()
    sign_in(page, server, username, password)
    return page


def post_move(device, server: LiveServer, match, move: dict) -> None:
    """`move` posted by a signed-in page `device` (another player, or the same player's other
    device) as the match page's move buttons post it, on the match's current version, through
    the server: so the other pages hear of it (a move made in the test's own process would tell
    none, the channel layer being the test's and not the server's). `match` is refreshed."""
    import json

    match.refresh_from_db()
    device.goto(f"{server.url}/m/{match.pk}/")
    token = device.locator("meta[name=csrf-token]").get_attribute("content")
    answer = device.request.post(
        f"{server.url}/m/{match.pk}/move",
        form={"move": json.dumps(move), "expected_version": str(match.version)},
        headers={"X-CSRFToken": token or "", "HX-Request": "true"},
    )
    assert answer.status == 200, answer.text()
    match.refresh_from_db()


# --- a computer opponent in the background ---------------------------------------------------
# (imports inside: this module is imported by every browser test, before Django is set up)


class BackgroundWorker:
    """A procrastinate worker on the `bots` queue in its own thread and event loop. Each
    finished job notifies `finished`, so the test waits on the bot by condition, not by time."""

    def __init__(self) -> None:
        self.finished = threading.Condition()
        self.errors: list[BaseException] = []
        self._loop = asyncio.new_event_loop()
        self._task: asyncio.Task | None = None
        self._started = threading.Event()
        self._thread = threading.Thread(target=self._run, name="procrastinate-worker")

    def _after_each_job(self, call_next, context, worker):
        try:
            return call_next()
        except BaseException as error:
            self.errors.append(error)
            raise
        finally:
            with self.finished:
                self.finished.notify_all()

    def _run(self) -> None:
        from asgiref.sync import sync_to_async
        from django.db import connections
        from procrastinate.contrib.django import app

        worker_app = app.with_connector(app.connector.get_worker_connector())
        asyncio.set_event_loop(self._loop)
        # Sync jobs and the periodic deferrer run in the loop's default executor: one thread,
        # so its Django connection can be closed at the end, as a worker process would at exit.
        self._loop.set_default_executor(ThreadPoolExecutor(max_workers=1))

        async def work() -> None:
            self._task = asyncio.current_task()
            self._started.set()
            async with worker_app.open_async():
                await worker_app.run_worker_async(
                    queues=["bots"],
                    wait=True,
                    install_signal_handlers=False,
                    listen_notify=False,
                    fetch_job_polling_interval=0.05,
                    task_middleware=[self._after_each_job],
                )

        try:
            self._loop.run_until_complete(work())
        except asyncio.CancelledError:
            pass  # stop() cancels the worker: it finishes its job and stops
        finally:
            self._loop.run_until_complete(self._loop.run_in_executor(None, connections.close_all))
            self._loop.run_until_complete(sync_to_async(connections.close_all)())
            self._loop.run_until_complete(self._loop.shutdown_default_executor())
            self._loop.close()

    def start(self) -> None:
        self._thread.start()
        self._started.wait(timeout=10)

    def stop(self) -> None:
        if self._task is not None:
            self._loop.call_soon_threadsafe(self._task.cancel)
        self._thread.join(timeout=30)

    def wait_for(self, predicate, timeout: float = 60) -> None:
        with self.finished:
            assert self.finished.wait_for(predicate, timeout=timeout), "the bot never moved"
        assert not self.errors, self.errors


@pytest.fixture
def bot_worker(transactional_db):
    """A procrastinate worker on the `bots` queue, running while the test lasts."""
    from django.db import connection

    with connection.cursor() as cursor:
        cursor.execute("TRUNCATE procrastinate_jobs RESTART IDENTITY CASCADE")
    worker = BackgroundWorker()
    worker.start()
    yield worker
    worker.stop()


def humans_turn_or_over(match_id: int):
    """A condition for `BackgroundWorker.wait_for`: the match is over or no bot must act."""
    from games.matches.models import Match
    from games.matches.selectors import match_bot_to_move

    def check() -> bool:
        match = Match.objects.get(pk=match_id)
        return match.status != Match.Status.ACTIVE or match_bot_to_move(match=match) is None

    return check


def match_on_a_phone(
    new_context,
    server: LiveServer,
    match,
    username: str,
    password: str,
    *,
    touch: bool = False,
    **options,
):
    """`username`'s page of `match`, signed in and opened on a phone (PHONE, a touch screen
    if `touch`; `options`: the locale, the site's French unless told...)."""
    if touch:
        options.update(has_touch=True, is_mobile=True)
    page = signed_in_page(new_context, server, username, password, viewport=PHONE, **options)
    page.goto(f"{server.url}/m/{match.pk}/")
    return page


def coach_on_a_phone(
    new_context, server: LiveServer, match, username: str, password: str, **options
):
    """`username`'s page of `match` on a phone (PHONE; `options`: the locale, English unless
    told, the color scheme, dark unless told), and its coach's box: the page, the box's
    locator."""
    options.setdefault("locale", "en-US")
    options.setdefault("color_scheme", "dark")
    page = match_on_a_phone(new_context, server, match, username, password, **options)
    return page, page.locator("[data-testid=coach]")


def kept_through_a_move(page, match, move: dict, kept: list[str]) -> None:
    """`move` posted as the hand's move buttons post it (htmx, no swap of its own: out of
    band), the page's `kept` elements (CSS selectors) marked first: the answer left them to the
    page (an empty element of the same id, tests/*/test_*_kept.py), so each is still the very
    element the page showed, and no empty one is left in the page."""
    import json

    from playwright.sync_api import expect

    for selector in kept:
        page.evaluate("s => { document.querySelector(s).dataset.mark = 'own'; }", selector)
    board = page.locator("#board").element_handle()
    page.evaluate(
        "([url, values]) => htmx.ajax('POST', url, {values: values, swap: 'none'})",
        [f"/m/{match.pk}/move", {"move": json.dumps(move), "expected_version": match.version}],
    )
    page.wait_for_function("board => !board.isConnected", arg=board)
    for selector in kept:
        expect(page.locator(f"{selector}[data-mark=own]")).to_have_count(1)
    expect(page.locator("[data-placeholder]")).to_have_count(0)


def tips_hidden_by_keyboard(page, coach) -> None:
    """The coach's box (`coach`, its locator): its « hide the tips » button, reached and
    pressed with the keyboard, hides the tips here and after a reload (the player's setting)."""
    from playwright.sync_api import expect

    hide = coach.locator("[data-testid=hide-tips]")
    hide.focus()
    expect(hide).to_be_focused()
    page.keyboard.press("Enter")
    expect(page.locator("[data-testid=tips-hidden]")).to_be_visible()
    expect(coach).to_have_count(0)
    page.reload()
    expect(page.locator("[data-testid=step-prompt]")).to_be_visible()
    expect(coach).to_have_count(0)


def visible(page, selector: str):
    locator = page.locator(selector)
    return locator.first if locator.count() and locator.first.is_visible() else None


def play_to_the_end(page, match, bot_worker, act, *, moves, max_actions: int, fresh=None):
    """Plays the human seat of `match` through `page` until the match is over; returns the
    names of the UI actions taken. Each round waits for the computer (the background worker)
    by condition, reloads the page when the computer moved (our in-memory channel layer cannot
    tell the server process, the websocket refetch would), then calls `act(page)` for one UI
    action. After an action that posts a move (its name in `moves`) the page must have been
    swapped in place by htmx, not reloaded. `fresh()` is called whenever the page is new."""
    from playwright.sync_api import expect

    from games.matches.models import Match

    status = page.locator("#status")
    page.evaluate("window.hbSamePage = true")
    actions: list[str] = []
    for _ in range(max_actions):
        bot_worker.wait_for(humans_turn_or_over(match.pk))
        match.refresh_from_db()
        if match.status != Match.Status.ACTIVE:
            return actions
        if status.get_attribute("data-version") != str(match.version):
            page.reload()
            expect(status).to_have_attribute("data-version", str(match.version))
            page.evaluate("window.hbSamePage = true")
            if fresh is not None:
                fresh()
        before = match.version
        action = act(page)
        actions.append(action)
        if action in moves:
            expect(status).not_to_have_attribute("data-version", str(before))
            # htmx swapped the board, hand, log and status: the page was not reloaded.
            assert page.evaluate("window.hbSamePage === true"), action
            if fresh is not None:
                fresh()
    raise AssertionError(f"the match did not end in {max_actions} actions")


# A phone as the coaches' and most page tests hold one, and the theme tests' contrast check.
PHONE = {"width": 360, "height": 780}
CONTRAST = (Path(__file__).parent / "theme" / "contrast.js").read_text(encoding="utf-8")


def unreadable_texts(page) -> list:
    """What contrast.js finds unreadable on the page as it stands (tests/theme/contrast.js)."""
    return page.evaluate(CONTRAST)["offenders"]


def fits_the_phone(page) -> None:
    """No sideways scroll at PHONE's width, and every visible text reads on its background."""
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    assert unreadable_texts(page) == []


def artifact(name: str) -> Path:
    ARTIFACTS.mkdir(exist_ok=True)
    return ARTIFACTS / name
