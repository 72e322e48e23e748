"""Defaults that protect hidden information when nobody configured anything."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def _setting(name: str, **env: str) -> str:
    clean = {k: v for k, v in os.environ.items() if k not in ("DEBUG", "HTTPS")}
    code = f"from django.conf import settings; print(settings.{name})"
    out = subprocess.run(
        [sys.executable, "-c", code],
        cwd=ROOT,
        env={**clean, "DJANGO_SETTINGS_MODULE": "hexsite.settings", **env},
        capture_output=True,
        text=True,
        check=True,
    )
    return out.stdout.strip()


def test_debug_pages_are_off_unless_asked_for_because_they_show_local_variables_like_seeds():
    assert _setting("DEBUG") == "False"
    assert _setting("DEBUG", DEBUG="1") == "True"


def test_cookies_are_https_only_behind_tls():
    assert _setting("SESSION_COOKIE_SECURE") == "False"
    assert _setting("SESSION_COOKIE_SECURE", HTTPS="1") == "True"
