"""Settings that protect a deployment, kept apart from settings.py so they can be tested alone:
the secret key (never the repository's development key with DEBUG off), the trusted reverse
proxies (whose X-Forwarded-For names the client) and the websocket origin for the CSP.

Pure: no Django import at module level, so settings.py can use it before Django is set up."""

from __future__ import annotations

import ipaddress
import os
from collections.abc import Mapping
from pathlib import Path
from urllib.parse import urlsplit

# Signs sessions, messages and email confirmations: public (it is in the repository), so only
# for DEBUG=1 on a machine nobody else reaches.
DEVELOPMENT_SECRET_KEY = "dev-only-insecure-key-change-me-in-production-0123456789"


class InsecureConfiguration(Exception):
    """The site must not start like this; the message says what to set."""


def secret_key(*, debug: bool, env: Mapping[str, str], stored: Path) -> str:
    """SECRET_KEY from the environment, else the one `bin/serve` keeps for this checkout in
    var/secret_key, else (DEBUG=1 only) the development key. With DEBUG off a missing key or a
    public one refuses to start: anyone could forge sessions and email confirmations."""
    key = env.get("SECRET_KEY", "").strip()
    if not key and stored.is_file():
        key = stored.read_text().strip()
    if debug:
        return key or DEVELOPMENT_SECRET_KEY
    if not key:
        raise InsecureConfiguration(
            "hexsite refuses to start: SECRET_KEY is not set. Set it to a long random value "
            "(the same on every machine), e.g. "
            '`python -c "import secrets; print(secrets.token_urlsafe(50))"`; bin/serve keeps '
            "one in var/secret_key. Set DEBUG=1 only on a machine nobody else can reach."
        )
    if key == DEVELOPMENT_SECRET_KEY or key.startswith("django-insecure"):
        raise InsecureConfiguration(
            "hexsite refuses to start: SECRET_KEY is the public development key. "
            "Set a long random value of your own."
        )
    return key


def write_secret_key(path: Path) -> None:
    """Creates var/secret_key (readable by its owner only) if it does not exist yet."""
    import secrets

    if path.exists():
        return
    path.parent.mkdir(parents=True, exist_ok=True)
    fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    with os.fdopen(fd, "w") as out:
        out.write(secrets.token_urlsafe(50) + "\n")


Network = ipaddress.IPv4Network | ipaddress.IPv6Network


def trusted_proxies(value: str) -> tuple[Network, ...]:
    """TRUSTED_PROXIES: addresses or networks of the reverse proxies in front of daphne, comma
    separated ("127.0.0.1", "10.0.0.0/8, ::1"). A wrong entry refuses to start."""
    networks = []
    for item in value.split(","):
        item = item.strip()
        if not item:
            continue
        try:
            networks.append(ipaddress.ip_network(item, strict=False))
        except ValueError:
            raise InsecureConfiguration(
                f"TRUSTED_PROXIES: {item!r} is not an IP address or network."
            ) from None
    return tuple(networks)


def _address(text: str) -> ipaddress.IPv4Address | ipaddress.IPv6Address | None:
    try:
        address = ipaddress.ip_address(text.strip())
    except ValueError:
        return None
    if isinstance(address, ipaddress.IPv6Address) and address.ipv4_mapped:
        return address.ipv4_mapped
    return address


def client_address(remote_addr: str, forwarded_for: str, proxies: tuple[Network, ...]) -> str:
    """The client's address as the trusted proxies report it.

    Only a connection from a trusted proxy may name the client: X-Forwarded-For is read from
    the right (each proxy appends the peer it saw), skipping trusted proxies; the first other
    address is the client. Whatever a client writes into the header itself sits to the left
    of that and is never believed. From anyone else the connecting address is the client."""
    remote = _address(remote_addr)
    if remote is None or not any(remote in net for net in proxies):
        return remote_addr
    hops = [hop for hop in forwarded_for.split(",") if hop.strip()]
    for hop in reversed(hops):
        address = _address(hop)
        if address is None:
            break  # garbage where a proxy should have written an address: believe nobody
        if not any(address in net for net in proxies):
            return str(address)
    return remote_addr


def address_block(ip: str) -> str:
    """The block one client owns, for limits per client: the address itself, or for IPv6 its
    whole /64 (allauth counts its per-address limits the same way)."""
    try:
        address = ipaddress.ip_address(ip)
    except ValueError:
        return ip
    if address.version == 6:
        return str(ipaddress.ip_network(f"{address}/64", strict=False).network_address)
    return str(address)


def websocket_origin(site_url: str) -> str:
    """The websocket origin of SITE_URL (wss:// for https://), for CSP connect-src."""
    parts = urlsplit(site_url)
    scheme = "wss" if parts.scheme == "https" else "ws"
    return f"{scheme}://{parts.netloc}"
