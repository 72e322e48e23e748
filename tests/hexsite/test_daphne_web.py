"""The web process (hexsite/daphne_web.py, as bin/serve and `manage.py bench live` start it)
leaves out what no page needs: TLS (the proxy's: pyOpenSSL, service_identity, Twisted's TLS
layer), autobahn's WAMP and with it cryptography, Pillow (read by an avatar's upload) and
openskill (by a rating's making): about 17 MB of its resident memory."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
HEAVY = ("OpenSSL", "service_identity", "twisted.internet.ssl", "cryptography", "PIL", "openskill")

# What a web process imports before its first request: daphne's server (Twisted, its websocket
# protocol), the settings, every app, the ASGI application and the URLconf; then which of the
# heavy libraries it holds.
PROBE = """
import sys
{first}
from twisted.internet import asyncioreactor
asyncioreactor.install()
import daphne.server
import django
django.setup()
import hexsite.asgi
from django.urls import get_resolver
get_resolver().url_patterns
{then}
print(" ".join(name for name in {heavy!r} if sys.modules.get(name) is not None))
"""
LEFT_OUT = "from hexsite.daphne_web import leave_out_unused\nleave_out_unused()"


def _loaded_by(*, first: str = LEFT_OUT, then: str = "") -> list[str]:
    code = PROBE.format(first=first, then=then, heavy=HEAVY)
    env = {**os.environ, "DJANGO_SETTINGS_MODULE": "hexsite.settings", "DEBUG": "1"}
    done = subprocess.run(
        [sys.executable, "-c", code], cwd=ROOT, env=env, capture_output=True, text=True
    )
    assert done.returncode == 0, done.stderr
    return done.stdout.split()


def test_the_web_process_starts_without_tls_wamp_pillow_or_openskill():
    assert _loaded_by() == []


def test_plain_daphne_loads_them():
    # The probe can see them: daphne started as itself imports the TLS and WAMP libraries.
    assert {"OpenSSL", "cryptography"} <= set(_loaded_by(first=""))


def test_daphnes_websocket_protocol_is_whole_without_them():
    then = (
        "from autobahn.twisted.websocket import WebSocketServerFactory\n"
        "from daphne.ws_protocol import WebSocketFactory\n"
        "assert issubclass(WebSocketFactory, WebSocketServerFactory)\n"
        "import txaio\n"
        "assert txaio.using_twisted\n"
    )
    assert _loaded_by(then=then) == []


def test_an_avatar_and_a_rating_load_their_libraries_where_needed():
    then = (
        "import io\n"
        "from PIL import Image\n"
        "from games.accounts.avatars import avatar_encoded\n"
        "from games.league.ratings import rate\n"
        "picture = io.BytesIO()\n"
        "Image.new('RGB', (300, 200), 'red').save(picture, format='PNG')\n"
        "assert avatar_encoded(picture.getvalue())[:4] == b'RIFF'\n"
        "assert rate([[(25.0, 8.3)], [(25.0, 8.3)]], [0, 1])[0][0][0] > 25\n"
    )
    assert _loaded_by(then=then) == ["PIL", "openskill"]
