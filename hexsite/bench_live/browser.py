"""One player's browser for `manage.py bench live`, over real HTTP and a real websocket, doing
what the match page's scripts do (static/js/site.js, static/hexboard/board.js, htmx):

- signs in through the allauth form (or, for the load's many players, carries a session cookie);
- loads the match page, opens `/ws/notify/` with the page's Origin and sends `{"watch": id}`;
- a pick is the board's link fetched with `HX-Target: board` (the answer: board and hand); a
  target written short has its group's address and its hex, as board.js completes it;
- a move is the move button's form posted with htmx headers; the answer's partials replace the
  page's (out of band);
- when the socket says the match changed, the page refetches `/m/<id>/live` unless it already
  shows that version (its own move's answer brought it), waiting for a request of its own still
  in flight first, as site.js does; a pushed partial (a message with `html`) is swapped in as is.

The page's state is kept as its partials' HTML by id; what a player may do is read from it
like a player reads the page: the pick links in the board and hand, the move forms."""

from __future__ import annotations

import asyncio
import html
import json
import random
import re
import time

import aiohttp

_PARTIAL = re.compile(r'<(?:div|section)\s+id="(flash|board|hand|status|log|chat)"')
_FORM = re.compile(r'<form method="post" action="([^"]+/move)"[^>]*>(.*?)</form>', re.S)
_FIELD = re.compile(r'<input type="hidden" name="([^"]+)" value="([^"]*)"')
_TESTID = re.compile(r'data-testid="([^"]*)"')
_PICK = re.compile(r'<a ([^>]*?)href="(\?[^"]*)"([^>]*)>')
# Targets written short (games/hexboard/targets.py): their group's shared address, then each hex.
_SHORT_TARGETS = re.compile(r'<g class="targets" data-href="([^"]*)">(.*?)</g>', re.S)
_SHORT_PICK = re.compile(r'<a [^>]*data-pick="([^"]*)"></a>')
_VERSION = re.compile(r'data-version="(\d+)"')
_CSRF_META = re.compile(r'<meta name="csrf-token" content="([^"]+)"')
_CSRF_FIELD = re.compile(r'name="csrfmiddlewaretoken" value="([^"]+)"')

# The kinds of request `Browser.request_of` makes, for `manage.py bench live`'s request costs.
REQUEST_KINDS = ("signed_in", "pick", "live", "page")


def split_partials(text: str) -> dict[str, str]:
    """The page's partials in an answer (page, live refetch, pick or move), by id."""
    found = list(_PARTIAL.finditer(text))
    return {
        m.group(1): text[m.start() : found[i + 1].start() if i + 1 < len(found) else len(text)]
        for i, m in enumerate(found)
    }


class Browser:
    def __init__(self, base: str, name: str):
        self.base, self.name = base, name
        self.http = aiohttp.ClientSession(
            cookie_jar=aiohttp.CookieJar(unsafe=True),  # cookies for 127.0.0.1
            connector=aiohttp.TCPConnector(limit=4),  # a browser's few connections per host
        )
        self.ws: aiohttp.ClientWebSocketResponse | None = None
        self.match_id = 0
        self.csrf = ""
        self.partials: dict[str, str] = {}
        self.version = 0
        self.changed = asyncio.Condition()
        self.updated_at: dict[int, float] = {}  # version -> when the page first showed it
        self.in_flight = 0
        self.pending_version = 0
        self.bytes_in: dict[str, list[int]] = {}  # the HTML (or socket message) by kind
        self.wire_in: dict[str, list[int]] = {}  # what the network carried (compressed or not)
        self._reader: asyncio.Task | None = None
        # The page as it was before it compared versions: every nudge refetches (for comparing).
        self.every_nudge = False
        self.push = True  # the page asks for pushed partials (site.js)
        self.reconnects = 0

    # --- signing in -----------------------------------------------------------------------

    async def sign_in(self, username: str, password: str) -> None:
        async with self.http.get(f"{self.base}/accounts/login/") as response:
            token = _CSRF_FIELD.search(await response.text()).group(1)
        form = {"login": username, "password": password, "csrfmiddlewaretoken": token}
        async with self.http.post(
            f"{self.base}/accounts/login/", data=form, headers={"Referer": self.base}
        ) as response:
            await response.read()
            if "/accounts/login/" in str(response.url):
                raise RuntimeError(f"{username} could not sign in")

    def carry_session(self, cookie_name: str, session_key: str) -> None:
        self.http.cookie_jar.update_cookies(
            {cookie_name: session_key}, aiohttp.client.URL(self.base)
        )

    # --- the page ---------------------------------------------------------------------------

    @property
    def page(self) -> str:
        return f"{self.base}/m/{self.match_id}/"

    def _htmx(self, **extra: str) -> dict[str, str]:
        return {
            "HX-Request": "true",
            "HX-Current-URL": self.page,
            "X-CSRFToken": self.csrf,
            # site.js: the version the page shows (a pick's answer leaves it the parts it has).
            **({"X-Page-Version": str(self.version)} if self.version else {}),
            **extra,
        }

    async def open(self, match_id: int) -> None:
        self.match_id = match_id
        async with self.http.get(self.page) as response:
            text = await response.text()
            if response.status != 200:
                raise RuntimeError(f"{self.name}: the match page answered {response.status}")
            self._wire(response, text, "page")
        self.csrf = _CSRF_META.search(text).group(1)
        await self._show(text, "page")
        self.ws = await self.http.ws_connect(
            f"{self.base.replace('http', 'ws')}/ws/notify/", origin=self.base
        )
        await self.ws.send_str(json.dumps({"watch": match_id, "push": self.push}))
        while True:  # the hello (turn count) first, then the watch's reply
            frame = await self.ws.receive()
            if frame.type != aiohttp.WSMsgType.TEXT:
                raise RuntimeError(f"{self.name}: the socket closed ({frame.type.name})")
            watching = json.loads(frame.data)
            if watching.get("type") == "watching":
                break
        # site.js: a move made between the page's drawing and the watch is caught up on.
        if watching.get("version", 0) > self.version:
            self.pending_version = max(self.pending_version, watching["version"])
            await self._after_request()
        self._reader = asyncio.create_task(self._read_socket())

    def _wire(self, response, text: str, kind: str) -> None:
        """The answer's size on the wire: its Content-Length (gzip'd or not), else its text."""
        size = response.content_length
        self.wire_in.setdefault(kind, []).append(size if size is not None else len(text.encode()))

    async def _show(self, text: str, kind: str) -> None:
        """Swap the answer's partials in (htmx's out-of-band swaps) and note the version."""
        self.bytes_in.setdefault(kind, []).append(len(text.encode()))
        parts = split_partials(text)
        self.partials.update(parts)
        versions = [int(v) for v in _VERSION.findall(text)]
        versions += [int(f.get("expected_version", 0)) for f in self.move_forms()]
        async with self.changed:
            if versions and max(versions) > self.version:
                self.version = max(versions)
                self.updated_at.setdefault(self.version, time.perf_counter())
            self.changed.notify_all()

    # --- what the player may do -------------------------------------------------------------

    def move_forms(self) -> list[dict[str, str]]:
        forms = []
        for part in ("board", "hand"):
            for action, body in _FORM.findall(self.partials.get(part, "")):
                fields = {k: html.unescape(v) for k, v in _FIELD.findall(body)}
                testid = _TESTID.search(body)
                fields["_testid"] = testid.group(1) if testid else ""
                fields["_action"] = action
                forms.append(fields)
        return forms

    def pick_links(self) -> list[str]:
        links = []
        for part in ("board", "hand"):
            text = self.partials.get(part, "")
            for before, href, after in _PICK.findall(text):
                rest = before + after
                if "cancel-selection" in rest or "data-cycle" in rest:
                    continue
                links.append(html.unescape(href))
            # The board's targets come last in it, as in the page.
            for shared, targets in _SHORT_TARGETS.findall(text):
                links += [html.unescape(shared + hex_) for hex_ in _SHORT_PICK.findall(targets)]
        return links

    # --- acting -------------------------------------------------------------------------------

    async def pick(self, href: str) -> float:
        start = time.perf_counter()
        self.in_flight += 1
        try:
            async with self.http.get(
                self.page + href, headers=self._htmx(**{"HX-Target": "board"})
            ) as response:
                text = await response.text()
                if response.status != 200:
                    raise RuntimeError(f"pick {href} answered {response.status}")
                self._wire(response, text, "pick")
            await self._show(text, "pick")
        finally:
            self.in_flight -= 1
        elapsed = time.perf_counter() - start
        await self._after_request()
        return elapsed

    async def post_move(self, form: dict[str, str]) -> tuple[float, int]:
        """Posts a move form; (seconds until the whole answer was read, its status)."""
        data = {k: v for k, v in form.items() if not k.startswith("_")}
        start = time.perf_counter()
        self.in_flight += 1
        try:
            async with self.http.post(
                self.base + form["_action"], data=data, headers=self._htmx()
            ) as response:
                text = await response.text()
                status = response.status
                self._wire(response, text, "move")
            if status in (200, 409):
                await self._show(text, "move")
        finally:
            self.in_flight -= 1
        elapsed = time.perf_counter() - start
        await self._after_request()
        return elapsed, status

    async def ask(self, url: str, headers: dict[str, str]) -> None:
        """One GET whose answer is read and dropped: the page does not change."""
        async with self.http.get(url, headers=headers) as response:
            await response.read()
            if response.status != 200:
                raise RuntimeError(f"{self.name}: {url} answered {response.status}")

    def request_of(self, kind: str) -> tuple[str, dict[str, str]] | None:
        """The address and headers of one request of `kind` as this page makes it, to be asked
        again and again (`manage.py bench live`'s request costs); None when the page offers
        none. "signed_in": the smallest signed-in answer (the push key: the session and
        nothing else); "pick": the page's first pick link; "live": the refetch after one move
        of the other player (since the version before); "page": the match page itself."""
        if kind == "signed_in":
            return f"{self.base}/notifications/push/key", {}
        if kind == "pick":
            links = self.pick_links()
            return (self.page + links[0], self._htmx(**{"HX-Target": "board"})) if links else None
        if kind == "live":
            return f"{self.page}live?since={max(0, self.version - 1)}", self._htmx()
        if kind == "page":
            return self.page, {}
        raise ValueError(kind)

    async def wait_for_version(self, version: int, timeout: float) -> float | None:
        """When the page first showed `version` or later (perf_counter), None on timeout."""

        async def shown():
            async with self.changed:
                await self.changed.wait_for(lambda: self.version >= version)
            return min(t for v, t in self.updated_at.items() if v >= version)

        try:
            return await asyncio.wait_for(shown(), timeout)
        except TimeoutError:
            return None

    # --- the socket -------------------------------------------------------------------------

    async def _read_socket(self) -> None:
        """Reads the socket; when the server closes it (a ping unanswered on a starved
        machine...), reconnects and refetches, as site.js does."""
        while self.ws is not None:
            await self._read_until_closed()
            if self.ws is None:  # the page was left
                return
            self.reconnects += 1
            await asyncio.sleep(1 + random.random() / 2)
            try:
                self.ws = await self.http.ws_connect(
                    f"{self.base.replace('http', 'ws')}/ws/notify/", origin=self.base
                )
                await self.ws.send_str(json.dumps({"watch": self.match_id, "push": self.push}))
            except aiohttp.ClientError:
                continue
            self.pending_version = max(self.pending_version, self.version + 1)
            await self._after_request()

    async def _read_until_closed(self) -> None:
        assert self.ws is not None
        async for message in self.ws:
            if message.type != aiohttp.WSMsgType.TEXT:
                break
            self.bytes_in.setdefault("socket", []).append(len(message.data.encode()))
            data = json.loads(message.data)
            if data.get("match") != self.match_id:
                continue
            if data.get("type") == "watching" and data.get("version", 0) > self.version:
                # (after a reconnect) site.js: catch up on what was missed meanwhile
                self.pending_version = max(self.pending_version, data["version"])
                await self._after_request()
            elif data.get("type") == "match":
                if data.get("played") is False:  # chat, draw offer: the version stays
                    self.pending_version = max(self.pending_version, self.version + 1)
                self.pending_version = max(self.pending_version, data["version"])
                await self._after_request()
            elif data.get("type") == "partials" and data["version"] > self.version:
                if data["since"] == self.version and self.in_flight == 0:
                    await self._show(data["html"], "push")
                else:  # site.js: not the version the push builds on: refetch
                    self.pending_version = max(self.pending_version, data["version"])
                    await self._after_request()

    async def _after_request(self) -> None:
        """site.js: refetch when told of a version newer than the page's and nothing of the
        page's own is in flight (its answer may bring that version)."""
        if self.every_nudge:
            if self.pending_version:  # the old page: any nudge refetches, even mid-request
                self.pending_version = 0
                await self._refetch()
            return
        if self.in_flight == 0 and self.pending_version > self.version:
            await self._refetch()

    async def _refetch(self) -> None:
        before = self.version
        self.in_flight += 1
        try:
            async with self.http.get(
                f"{self.page}live", params={"since": self.version}, headers=self._htmx()
            ) as response:
                text = await response.text()
                self._wire(response, text, "live")
            await self._show(text, "live")
        finally:
            self.in_flight -= 1
        if self.version > before and not self.every_nudge:
            await self._after_request()  # a nudge that came meanwhile may be newer still

    async def leave(self) -> None:
        """Closes the match page (its socket); the next `open` starts afresh."""
        ws, self.ws = self.ws, None
        if self._reader is not None:
            self._reader.cancel()
            self._reader = None
        if ws is not None:
            await ws.close()
        self.partials, self.version, self.pending_version = {}, 0, 0
        self.updated_at = {}

    async def close(self) -> None:
        await self.leave()
        await self.http.close()
