"""The web process loads Web Push's libraries only when a push is sent or its key is read: with
requests and aiohttp, which pywebpush brings, they are about 40 MB (12 MB of the web process's
resident memory in `bench live`) that no page needs until a player turns notifications on."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
HEAVY = ("pywebpush", "py_vapid", "http_ece", "requests", "aiohttp")

# What a web process imports before its first request: the settings, every app, the ASGI
# application and the URLconf (every view module); then what it holds of the heavy libraries.
PROBE = """
import sys
import django
django.setup()
import hexsite.asgi
from django.urls import get_resolver
get_resolver().url_patterns
print(" ".join(name for name in {heavy!r} if name in sys.modules))
"""


def _loaded_by(code: str) -> list[str]:
    env = {**os.environ, "DJANGO_SETTINGS_MODULE": "hexsite.settings", "DEBUG": "1"}
    done = subprocess.run(
        [sys.executable, "-c", code], cwd=ROOT, env=env, capture_output=True, text=True
    )
    assert done.returncode == 0, done.stderr
    return done.stdout.split()


def test_a_web_process_starts_without_the_web_push_libraries():
    assert _loaded_by(PROBE.format(heavy=HEAVY)) == []


def test_reading_the_push_key_loads_them_where_needed():
    # The probe can see them: reading the key imports what it needs, and it still works.
    probe = PROBE.format(heavy=HEAVY).replace(
        "print(", "from games.notifications import push\npush.vapid()\nprint("
    )
    assert "py_vapid" in _loaded_by(probe)
