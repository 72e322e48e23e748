"""Posting to a player's webhook (Discord) from the worker, safely: to the very address that was
checked a moment before (games/accounts/webhooks.py: a supported host, public addresses only),
with TLS verifying the host's certificate, no redirect followed, and a timeout on every step."""

from __future__ import annotations

import http.client
import json
import socket
import ssl

from games.accounts.webhooks import Target

TIMEOUT_SECONDS = 5.0


class _PinnedHTTPSConnection(http.client.HTTPSConnection):
    """HTTPS to `address` (already checked) while naming and verifying `host`."""

    def __init__(self, host: str, port: int, address: str, *, timeout: float, context) -> None:
        super().__init__(host, port, timeout=timeout, context=context)
        self._pinned = address

    def connect(self) -> None:
        sock = socket.create_connection((self._pinned, self.port), self.timeout)
        self.sock = self._context.wrap_socket(sock, server_hostname=self.host)


def post_json(
    target: Target,
    address: str,
    payload: dict,
    *,
    timeout: float = TIMEOUT_SECONDS,
    context: ssl.SSLContext | None = None,
) -> int:
    """POSTs `payload` as JSON to `target` through `address`; returns the HTTP status."""
    body = json.dumps(payload).encode()
    connection = _PinnedHTTPSConnection(
        target.host,
        target.port,
        address,
        timeout=timeout,
        context=context or ssl.create_default_context(),
    )
    try:
        connection.request(
            "POST",
            target.path,
            body=body,
            headers={"Content-Type": "application/json", "User-Agent": "hexsite (notifications)"},
        )
        response = connection.getresponse()
        response.read(64 * 1024)
        return response.status
    finally:
        connection.close()


def discord_payload(content: str) -> dict:
    return {"content": content[:2000], "allowed_mentions": {"parse": []}}
