"""The in-memory channel layer (one process, no Redis), without its per-message full sweep.

Channels' `InMemoryChannelLayer` walks every channel and every group membership to drop
expired messages on each `receive` and each `group_send`. With n open sockets that is O(n)
work per delivered message, so one broadcast to a watched match costs O(n²): with 500 sockets
it took most of the notification latency. Here the sweep runs at most once per
`sweep_interval` seconds. The only difference a client could see: a message that expired
less than `sweep_interval` ago may still be delivered (the expiry, 60 s by default, exists to
bound memory when a consumer stopped reading, which a one-second grace does not change).
"""

from __future__ import annotations

import time

from channels.layers import InMemoryChannelLayer as _StockLayer


class InMemoryChannelLayer(_StockLayer):
    sweep_interval = 1.0

    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self._last_sweep = float("-inf")

    def _clean_expired(self) -> None:
        now = time.monotonic()
        if now - self._last_sweep < self.sweep_interval:
            return
        self._last_sweep = now
        super()._clean_expired()
