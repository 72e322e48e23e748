"""Sending to the sockets: messages to Channels groups (a user's pages, a match's, a followed
page's), best effort, after the change they tell of committed."""

from __future__ import annotations

import asyncio
import logging
from concurrent.futures import ThreadPoolExecutor

from asgiref.sync import async_to_sync
from channels.layers import get_channel_layer

from hexsite.http import after_answer

log = logging.getLogger(__name__)


def send_to_group(group: str, message: dict) -> None:
    send_to_groups([(group, message)])


def send_to_groups(messages: list[tuple[str, dict]]) -> None:
    """Several group messages through one event loop (starting a loop costs more than a send).

    Best effort: a nudge runs after the change committed, so a channel layer that is down
    (Redis restarting) must not turn an accepted move into an error page. Nothing is lost for
    good: the pages' sockets die with the layer, and a page that reconnects refetches."""
    try:
        _send_all(messages)
    except Exception as error:  # noqa: BLE001 (whatever the layer raises, the change stands)
        log.warning("websocket nudge not sent (%s): %s", type(error).__name__, error)


def _send_all(messages: list[tuple[str, dict]]) -> None:
    layer = get_channel_layer()
    if layer is None or not messages:
        return

    async def send_all() -> None:
        for group, message in messages:
            await layer.group_send(group, message)

    if after_answer(send_all):  # a request's: its event loop sends them once the view returned
        return
    send = async_to_sync(send_all)
    try:
        asyncio.get_running_loop()
    except RuntimeError:
        send()
        return
    # A sync caller on a thread that runs an event loop (async_to_sync refuses that): send
    # from a short-lived helper thread instead.
    with ThreadPoolExecutor(max_workers=1) as helper:
        helper.submit(send).result()
