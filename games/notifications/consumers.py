"""`ws/notify/`: nudges only. The page learns "match N is at version V" and "you have n turns
waiting", then fetches its own HTML over HTTP; no view data ever travels on the socket.

Authorization happens on every subscription: a `{"watch": id}` joins `match.<id>` only for a
public match or one the user plays in. The only database writes are presence rows (who has
which match page open), used to hold back per-turn emails. They are written when the page
subscribes and on its heartbeat (the same message, every minute), never on a broadcast: a
broadcast reaches every open socket at once, and one write per socket per move would queue
behind each other on the single database thread and delay everybody's nudge.
"""

from __future__ import annotations

from channels.consumer import get_handler_name
from channels.db import database_sync_to_async
from channels.generic.websocket import AsyncJsonWebsocketConsumer

from games.matches.selectors import match_visible_to
from games.notifications.services import presence_clear, presence_touch

MAX_WATCHED = 20  # a tab watches one match; a few tabs share nothing, so this is generous

# Broadcast handlers that touch no database. Channels runs `close_old_connections` before every
# handler by a hop to its single sync thread; for a nudge fanned out to hundreds of sockets
# those hops queue behind each other (and behind the mover's own queries) and were most of the
# notification latency. Handlers that do use the database go through `database_sync_to_async`,
# which closes stale connections itself.
_NO_DATABASE = frozenset({"match.changed", "turns.count"})


class NotifyConsumer(AsyncJsonWebsocketConsumer):
    async def connect(self):
        user = self.scope.get("user")
        if user is None or not user.is_authenticated:
            await self.close(code=4401)
            return
        self.user = user
        self.watching: set[int] = set()
        await self.channel_layer.group_add(f"user.{user.pk}", self.channel_name)
        await self.accept()

    async def dispatch(self, message):
        if message.get("type") in _NO_DATABASE:
            await getattr(self, get_handler_name(message))(message)
            return
        await super().dispatch(message)

    async def disconnect(self, code):
        user = getattr(self, "user", None)
        if user is None:
            return
        await self.channel_layer.group_discard(f"user.{user.pk}", self.channel_name)
        for match_id in self.watching:
            await self.channel_layer.group_discard(f"match.{match_id}", self.channel_name)
        if self.watching:
            await database_sync_to_async(presence_clear)(channel_name=self.channel_name)

    async def receive_json(self, content, **kwargs):
        match_id = content.get("watch") if isinstance(content, dict) else None
        if type(match_id) is not int or match_id <= 0:
            await self.send_json({"type": "error", "error": "bad_request"})
            return
        if match_id not in self.watching:
            allowed = len(self.watching) < MAX_WATCHED and await self._may_watch(match_id)
            if not allowed:
                await self.send_json({"type": "error", "error": "forbidden", "match": match_id})
                return
            await self.channel_layer.group_add(f"match.{match_id}", self.channel_name)
            self.watching.add(match_id)
        # Sending the watch again is the page's heartbeat: it keeps the presence fresh.
        await self._touch(match_id)
        await self.send_json({"type": "watching", "match": match_id})

    @database_sync_to_async
    def _may_watch(self, match_id: int) -> bool:
        return match_visible_to(match_id=match_id, user=self.user) is not None

    async def _touch(self, match_id: int) -> None:
        await database_sync_to_async(presence_touch)(
            user_id=self.user.pk, match_id=match_id, channel_name=self.channel_name
        )

    async def match_changed(self, event):
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
