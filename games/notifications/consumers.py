"""`ws/notify/`: the page learns "match N is at version V" and "you have n turns waiting", and
fetches its own HTML over HTTP; or, when it asked for it (`{"watch": id, "push": true}`, with
`"seat": n` for a page showing the match through one of several seats the user holds), gets
the partials a move of another player changed, rendered for this socket's user from their own
view (games/matches/pushes.py), exactly what the refetch would have brought.

A socket opens a moment after its page was drawn, and a change in between would be missed: so
the socket says at once how many turns and unread notifications wait (`hello`), and every reply
to a watch (the first one and the page's minute heartbeat) carries the match's version; the
page refetches only what it drew out of date.

Authorization happens on every subscription: a `{"watch": id}` joins `match.<id>` only for a
public match or one the user plays in (and again before each push). A visitor who is not signed
in may watch public matches and follow public competition pages like any spectator, with
nudges only (the page refetches its spectator's HTML): no pushed partials, no presence, no
personal counts. The database writes are presence rows (who has which match page open), used
to hold back per-turn emails, and a push's "seen" marks for a player (as the refetch it replaces
wrote), once the push was sent. Presence is written when the page subscribes and on its
heartbeat (the same message, every minute), never on a broadcast: a broadcast reaches every
open socket at once, and one write per socket per move would queue behind each other on the
single database thread and delay everybody's nudge.

What a client sends is bounded: a page sends one watch, then one a minute. Each socket may send
BURST messages at once and one more every REFILL_SECONDS; beyond that a message is answered
`rate_limited` (once per spell) and dropped, and a socket that keeps flooding is closed. A
presence row is written at most once per PRESENCE_REFRESH_SECONDS per socket and match, however
often the watch comes. A frame that is not a small JSON text is answered `bad_request`, never
a crash with a traceback in the log. And how many sockets a client holds is bounded: at most
MAX_SOCKETS_PER_USER for one person, and MAX_SOCKETS_PER_ADDRESS for the visitors not signed in
from one client address (the address as TRUSTED_PROXIES report it; an IPv6 client's /64),
counted per web process. One more is refused at the handshake; the page tries again later, as
after any lost connection.
"""

from __future__ import annotations

import json
import time
from collections import Counter

from channels.consumer import get_handler_name
from channels.db import database_sync_to_async
from channels.generic.websocket import AsyncJsonWebsocketConsumer
from django.conf import settings

from games.matches.pushes import match_changes_for_socket, match_push_seen
from games.matches.selectors import match_version, match_visible_to, seats_to_play_count
from games.notifications.pages import page_visible
from games.notifications.selectors import notification_unread_count
from games.notifications.services import presence_clear, presence_touch
from hexsite.security import address_block, client_address

_LANGUAGES = frozenset(code for code, _name in settings.LANGUAGES)

MAX_WATCHED = 20  # a tab watches one match; a few tabs share nothing, so this is generous
MAX_FRAME = 1024  # characters; a watch is about twenty
BURST, REFILL_SECONDS = 10, 2.0
CLOSE_AFTER_DROPPED = 100  # messages dropped by the rate limit before the socket is closed
PRESENCE_REFRESH_SECONDS = 30.0  # the page's heartbeat comes every 60 s

# Broadcast handlers that touch no database, or only through `database_sync_to_async` (which
# closes stale connections itself, before and after, in the thread it runs in): a push drawn for
# a page (`match.changed`). Channels runs `close_old_connections` before every handler by a hop
# of its own to its single sync thread; for a nudge fanned out to hundreds of sockets those hops
# queue behind each other (and behind the mover's own queries) and were most of the
# notification latency, and a push paid one more thread hop than it needed (issue 14).
_DIRECT = frozenset(
    {"match.changed", "turns.count", "notes.count", "page.changed", "challenges.changed"}
)
MAX_FOLLOWED = 5  # competition pages (a campaign, a league season) a socket follows
MAX_SOCKETS_PER_USER = 30  # a page holds one: a player's tabs on all their devices
MAX_SOCKETS_PER_ADDRESS = 200  # a club's or a school's shared address included

# The sockets open in this process, per person and per client address. A socket lives and dies
# with its process, so the counts are exact with no expiry to keep; several web processes each
# count their own.
_open_sockets: Counter[str] = Counter()


class NotifyConsumer(AsyncJsonWebsocketConsumer):
    async def connect(self):
        user = self.scope.get("user")
        if user is None:
            await self.close(code=4401)
            return
        counted = self._client_keys(user)
        if any(_open_sockets[key] >= limit for key, limit in counted.items()):
            await self.close(code=4429)  # before accept: the handshake is refused
            return
        _open_sockets.update(counted.keys())
        self.counted = list(counted)
        self.user = user
        self.signed_in = bool(user.is_authenticated)
        self.watching: set[int] = set()
        self.following: set[str] = set()
        # Matches whose changed partials the page wants pushed -> the seat its address shows
        # (a person holding several seats), None: the seat that must act, as the page follows.
        self.pushed: dict[int, int | None] = {}
        self.page_languages: dict[int, str] = {}  # the language each pushed page is drawn in
        self.touched: dict[int, float] = {}  # match id -> when its presence was last written
        self.tokens, self.refilled_at, self.dropped = float(BURST), time.monotonic(), 0
        await self.accept()
        if not self.signed_in:
            await self.send_json({"type": "hello"})  # a spectator has no turns nor inbox
            return
        await self.channel_layer.group_add(f"user.{user.pk}", self.channel_name)
        turns, notes = await self._waiting()
        await self.send_json({"type": "hello", "turns": turns, "notes": notes})

    def _client_keys(self, user) -> dict[str, int]:
        """What this socket counts against -> its limit."""
        if user.is_authenticated:
            return {f"user:{user.pk}": MAX_SOCKETS_PER_USER}
        # Visitors only: behind a proxy missing from TRUSTED_PROXIES every client has the
        # proxy's address, and a cap on it would shut signed-in players out.
        remote = (self.scope.get("client") or ("",))[0] or ""
        forwarded = ",".join(
            value.decode("latin-1")
            for name, value in self.scope.get("headers", ())
            if name == b"x-forwarded-for"
        )
        address = address_block(client_address(remote, forwarded, settings.TRUSTED_PROXIES))
        return {f"address:{address}": MAX_SOCKETS_PER_ADDRESS}

    @database_sync_to_async
    def _waiting(self) -> tuple[int, int]:
        """How many turns wait, and how many unread notifications (the header's badge)."""
        return seats_to_play_count(user=self.user), notification_unread_count(user=self.user)

    async def dispatch(self, message):
        if message.get("type") in _DIRECT:
            await getattr(self, get_handler_name(message))(message)
            return
        await super().dispatch(message)

    def _renders(self, message) -> bool:
        """A move another player made, on a match whose page asked for pushed partials."""
        return (
            message.get("type") == "match.changed"
            and message.get("played", True)
            and message.get("match") in getattr(self, "pushed", ())
            and message.get("by") != self.user.pk
        )

    async def disconnect(self, code):
        for key in getattr(self, "counted", ()):
            _open_sockets[key] -= 1
            if _open_sockets[key] <= 0:
                del _open_sockets[key]
        self.counted = []
        user = getattr(self, "user", None)
        if user is None:
            return
        if self.signed_in:
            await self.channel_layer.group_discard(f"user.{user.pk}", self.channel_name)
        for match_id in self.watching:
            await self.channel_layer.group_discard(f"match.{match_id}", self.channel_name)
        for page in self.following:
            await self.channel_layer.group_discard(f"page.{page}", self.channel_name)
        if self.watching and self.signed_in:
            await database_sync_to_async(presence_clear)(channel_name=self.channel_name)

    async def receive(self, text_data=None, bytes_data=None, **kwargs):
        if not self._take_token():
            self.dropped += 1
            if self.dropped >= CLOSE_AFTER_DROPPED:
                await self.close(code=4429)
            elif self.dropped == 1:
                await self.send_json({"type": "error", "error": "rate_limited"})
            return
        self.dropped = 0
        try:
            if text_data is None or len(text_data) > MAX_FRAME:
                raise ValueError("not a small text frame")
            content = json.loads(text_data)
        except (ValueError, RecursionError):
            await self.send_json({"type": "error", "error": "bad_request"})
            return
        await self.receive_json(content)

    def _take_token(self) -> bool:
        now = time.monotonic()
        self.tokens = min(BURST, self.tokens + (now - self.refilled_at) / REFILL_SECONDS)
        self.refilled_at = now
        if self.tokens < 1:
            return False
        self.tokens -= 1
        return True

    async def receive_json(self, content, **kwargs):
        if isinstance(content, dict) and "follow" in content:
            await self._follow(content["follow"])
            return
        match_id = content.get("watch") if isinstance(content, dict) else None
        if type(match_id) is not int or match_id <= 0:
            await self.send_json({"type": "error", "error": "bad_request"})
            return
        reply = {"type": "watching", "match": match_id}
        if match_id not in self.watching:
            version = None
            if len(self.watching) < MAX_WATCHED:
                version = await self._visible_version(match_id)
            if version is None:
                await self.send_json({"type": "error", "error": "forbidden", "match": match_id})
                return
            await self.channel_layer.group_add(f"match.{match_id}", self.channel_name)
            self.watching.add(match_id)
        else:
            # The heartbeat (every 60 s) says the version too: a nudge the channel layer dropped
            # (its 60 s expiry under a burst) leaves a page out of date for a minute at most.
            version = await self._version(match_id)
        if version is not None:
            reply["version"] = version
        if content.get("push") is True and self.signed_in:
            seat = content.get("seat")
            self.pushed[match_id] = seat if type(seat) is int and seat >= 0 else None
            language = content.get("lang")
            if language in _LANGUAGES:
                self.page_languages[match_id] = language
        # Sending the watch again is the page's heartbeat: it keeps the presence fresh.
        await self._touch(match_id)
        await self.send_json(reply)

    async def _follow(self, page) -> None:
        """`{"follow": "campaign.3"}`: nudges when that competition page changes (a result, a
        round, a feed line), for a page the user may see (pages.py's registered checks)."""
        if not isinstance(page, str) or len(page) > 60:
            await self.send_json({"type": "error", "error": "bad_request"})
            return
        if page not in self.following:
            allowed = len(self.following) < MAX_FOLLOWED and await database_sync_to_async(
                page_visible
            )(page=page, user=self.user)
            if not allowed:
                await self.send_json({"type": "error", "error": "forbidden", "page": page})
                return
            await self.channel_layer.group_add(f"page.{page}", self.channel_name)
            self.following.add(page)
        await self.send_json({"type": "following", "page": page})

    async def page_changed(self, event):
        await self.send_json({"type": "page", "page": event["page"]})

    @database_sync_to_async
    def _visible_version(self, match_id: int) -> int | None:
        """The match's version if the user may watch it, else None."""
        match = match_visible_to(match_id=match_id, user=self.user)
        return None if match is None else match.version

    @database_sync_to_async
    def _version(self, match_id: int) -> int | None:
        return match_version(match_id=match_id)

    async def _touch(self, match_id: int) -> None:
        if not self.signed_in:
            return  # presence holds back a player's emails: a spectator has none
        now = time.monotonic()
        if now - self.touched.get(match_id, float("-inf")) < PRESENCE_REFRESH_SECONDS:
            return
        self.touched[match_id] = now
        await database_sync_to_async(presence_touch)(
            user_id=self.user.pk, match_id=match_id, channel_name=self.channel_name
        )

    async def match_changed(self, event):
        if self._renders(event):
            # The partials this reader's page lacks, from their own view (matches.pushes).
            since = event["version"] - 1  # a played change is one record
            found = await database_sync_to_async(match_changes_for_socket)(
                scope=self.scope,
                match_id=event["match"],
                since=since,
                seat=self.pushed[event["match"]],
                page_language=self.page_languages.get(event["match"]),
            )
            if found is not None:
                version, html = found
                await self.send_json(
                    {
                        "type": "partials",
                        "match": event["match"],
                        "version": version,
                        "since": since,
                        "html": html,
                    }
                )
                await database_sync_to_async(match_push_seen)(
                    match_id=event["match"], user=self.user, version=version
                )
                return
        await self.send_json(
            {
                "type": "match",
                "match": event["match"],
                "version": event["version"],
                "played": event.get("played", True),
            }
        )

    async def turns_count(self, event):
        await self.send_json({"type": "turns", "count": event["count"]})

    async def notes_count(self, event):
        """The unread notifications' count, for the header's badge."""
        await self.send_json({"type": "notes", "count": event["count"]})

    async def challenges_changed(self, event):
        """A challenge for this player arrived or was withdrawn: My games redraws its list."""
        await self.send_json({"type": "challenges"})
