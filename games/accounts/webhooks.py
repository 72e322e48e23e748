"""Where a player's webhook (Discord) may point: the worker posts to an address a player typed in.

A player must not be able to aim our worker at our own network (reliability review, finding 5),
so an address is accepted only if:
- it is a webhook of a host we support (Discord), over https on the default port, without a
  user name or password in it;
- every address its host resolves to is public (not private, loopback, link-local, shared,
  multicast, reserved, nor an IPv6 wrapping of one of those).
The settings form checks both and says which rule failed. The worker checks again at send time
(games/notifications/webhooks.py) and connects to the very address it checked, so a DNS answer
that changes between the check and the connection (DNS rebinding) cannot lead it elsewhere.
"""

from __future__ import annotations

import ipaddress
import socket
from dataclasses import dataclass
from urllib.parse import urlsplit

from django.utils.translation import gettext as _

SUPPORTED_HOSTS = frozenset(
    {"discord.com", "discordapp.com", "ptb.discord.com", "canary.discord.com"}
)
WEBHOOK_PATH = "/api/webhooks/"
_NAT64 = ipaddress.ip_network("64:ff9b::/96")


class WebhookRefused(Exception):
    """This address may not be posted to; `message` says why, for the player."""

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message


@dataclass(frozen=True)
class Target:
    host: str
    port: int
    path: str  # with the query string


def webhook_target(url: str) -> Target:
    """The parts of a supported webhook address, or WebhookRefused (no network needed)."""
    try:
        parts = urlsplit(url.strip())
        port = parts.port or 443
    except ValueError:
        raise WebhookRefused(_("This is not a web address.")) from None
    host = (parts.hostname or "").rstrip(".").lower()
    if (
        parts.scheme != "https"
        or host not in SUPPORTED_HOSTS
        or port != 443
        or parts.username is not None
        or parts.password is not None
        or not parts.path.startswith(WEBHOOK_PATH)
    ):
        raise WebhookRefused(
            _(
                "Only Discord webhooks are supported: the address must start with "
                "https://discord.com/api/webhooks/."
            )
        )
    path = parts.path + (f"?{parts.query}" if parts.query else "")
    return Target(host=host, port=port, path=path)


def is_public(address: str) -> bool:
    """A globally reachable unicast address (IPv6 wrappings of IPv4 are unwrapped first)."""
    try:
        ip = ipaddress.ip_address(address.split("%", 1)[0])
    except ValueError:
        return False
    if isinstance(ip, ipaddress.IPv6Address):
        inner = ip.ipv4_mapped or ip.sixtofour or (ip.teredo[1] if ip.teredo else None)
        if inner is None and ip in _NAT64:
            inner = ipaddress.IPv4Address(int(ip) & 0xFFFFFFFF)
        if inner is not None:
            ip = inner
    return ip.is_global and not ip.is_multicast


def resolve_host(host: str, port: int) -> list[str]:
    """Every address `host` resolves to (the operating system's resolver)."""
    infos = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM)
    return list(dict.fromkeys(str(info[4][0]) for info in infos))


def public_address(target: Target) -> str:
    """An address of the target's host, after checking that every one of them is public."""
    try:
        addresses = resolve_host(target.host, target.port)
    except (OSError, UnicodeError):
        addresses = []
    if not addresses:
        raise WebhookRefused(_("This webhook's server cannot be found. Check the address."))
    if not all(is_public(a) for a in addresses):
        raise WebhookRefused(_("This webhook does not lead to a public server: refused."))
    return addresses[0]


def check_webhook_url(url: str) -> Target:
    """The settings form's check: a supported host that resolves to public addresses only."""
    target = webhook_target(url)
    public_address(target)
    return target
