"""A whole Neuroshima Hex match in the browser: the test plays one seat through the UI only, a
computer plays the other from a real procrastinate worker running in a background thread (as
`manage.py procrastinate worker` would, never inside a web request), to the final battle."""

from __future__ import annotations

import asyncio
import threading
from concurrent.futures import ThreadPoolExecutor

import pytest
from asgiref.sync import sync_to_async
from django.db import connection, connections
from playwright.sync_api import expect
from procrastinate.contrib.django import app

from games.matches import services
from games.matches.models import Match
from games.matches.selectors import match_bot_to_move
from tests.browser_support import artifact, make_verified_user, sign_in

PASSWORD = "hexsite-browser-1"
MAX_ACTIONS = 600  # a game takes ~150 UI actions; this only stops a runaway loop


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
    with connection.cursor() as cursor:
        cursor.execute("TRUNCATE procrastinate_jobs RESTART IDENTITY CASCADE")
    worker = BackgroundWorker()
    worker.start()
    yield worker
    worker.stop()


def _humans_turn_or_over(match_id: int):
    def check() -> bool:
        match = Match.objects.get(pk=match_id)
        return match.status != Match.Status.ACTIVE or match_bot_to_move(match=match) is None

    return check


def _visible(page, selector: str):
    locator = page.locator(selector)
    return locator.first if locator.count() and locator.first.is_visible() else None


def _act(page, tried: set[str]) -> str:
    """One UI action of the human seat, chosen from what the page offers. Returns its name."""
    board = page.locator("#board").element_handle()
    choice = None
    for name, selector in (
        ("decide", "[data-testid=decision-option-0]"),
        ("confirm", "[data-testid=confirm-move]"),
    ):
        if _visible(page, selector):
            choice = name, selector
            break
    if choice is None and _visible(page, "[data-testid=cancel-selection]"):
        choice = "hex", "#board .targets a"
    if choice is None:
        for tile in page.locator("#hb-hand a[data-testid^=hand-tile-]").all():
            testid = tile.get_attribute("data-testid")
            if testid not in tried:
                tried.add(testid)
                choice = "pick", f"#hb-hand a[data-testid={testid}]"
                break
    # Discards are offered whenever allowed: only once nothing can be placed (the turn's
    # compulsory discard comes before any placement, so then no tile is pickable).
    if choice is None and _visible(page, "[data-testid^=discard-]"):
        choice = "discard", "[data-testid^=discard-]"
    if choice is None and _visible(page, "[data-testid=end-turn]"):
        choice = "end", "[data-testid=end-turn]"
    if choice is None and _visible(page, "#board .targets a"):
        choice = "hex", "#board .targets a"  # a board-only move, such as placing the HQ
    assert choice is not None, "the page offers the player nothing to do"
    url = page.url
    page.locator(choice[1]).first.click()
    # Every action replaces the board (htmx swap or a new page): wait for the old one to go.
    page.wait_for_function("board => !board.isConnected", arg=board)
    if choice[0] in ("pick", "hex"):
        # ...and a pick is in the address (a live refetch may also have replaced the board).
        page.wait_for_url(lambda now: now != url)
    return choice[0]


@pytest.mark.browser
def test_a_whole_match_against_the_computer_in_the_browser(daphne_server, new_context, bot_worker):
    human = make_verified_user("nh_player", PASSWORD)
    match = services.match_create(
        system="neuroshima",
        config={"armies": ["moloch", "hegemonia"]},
        seat_users=[human, None],
        bot_levels={1: 1},
    )
    page = new_context(locale="en-US").new_page()
    sign_in(page, daphne_server, "nh_player", PASSWORD)
    page.goto(f"{daphne_server.url}/m/{match.pk}/")
    page.evaluate("window.nhSamePage = true")
    status = page.locator("#status")

    actions: list[str] = []
    tried: set[str] = set()
    for _ in range(MAX_ACTIONS):
        bot_worker.wait_for(_humans_turn_or_over(match.pk))
        match.refresh_from_db()
        if match.status != Match.Status.ACTIVE:
            break
        if status.get_attribute("data-version") != str(match.version):
            # The bot moved in the worker (our in-memory channel layer cannot tell the server
            # process): load the page again, as the websocket refetch would.
            tried.clear()
            page.reload()
            expect(status).to_have_attribute("data-version", str(match.version))
            page.evaluate("window.nhSamePage = true")
        before = match.version
        action = _act(page, tried)
        actions.append(action)
        if action != "pick" and action != "hex":
            expect(status).not_to_have_attribute("data-version", str(before))
            # htmx swapped the board, hand, log and status: the page was not reloaded.
            assert page.evaluate("window.nhSamePage === true"), action
            tried.clear()
    else:
        pytest.fail(f"the match did not end in {MAX_ACTIONS} actions")

    match.refresh_from_db()
    assert match.status == Match.Status.FINISHED and match.outcome
    page.reload()
    expect(status).to_have_attribute("data-match-status", "finished")
    expect(status.locator("[data-testid=ending]")).to_be_visible()
    # Tiles were picked from the hand after htmx swaps too (the hand survives the swap).
    assert actions.count("pick") >= 5 and actions.count("confirm") >= 5, actions
    assert "end" in actions and "discard" in actions
    print(f"{len(actions)} UI actions, {actions.count('confirm')} moves confirmed")
    # The whole game went through the services: replaying the record gives the same position.
    assert services.match_replay_verify(match=match)
    page.screenshot(path=str(artifact("neuroshima-full-game-vs-bot.png")), full_page=True)
