"""What a web process loads at start stays in its memory for its whole life: modules that no
page needs are imported where they are used. networkx (about 300 modules, some 20 MB measured
by `manage.py bench live`) computes league and campaign pairings a few times a week."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
# Loaded only by what uses them (pairings, push notifications).
NOT_AT_START = {"networkx", "pywebpush"}


def test_a_web_process_starts_without_the_modules_only_rare_jobs_use():
    script = (
        "import sys, json, daphne.server, hexsite.asgi; "
        f"print(json.dumps(sorted(set(sys.modules) & set({sorted(NOT_AT_START)!r}))))"
    )
    env = {**os.environ, "DJANGO_SETTINGS_MODULE": "hexsite.settings", "DEBUG": "1"}
    done = subprocess.run(
        [sys.executable, "-c", script],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert done.returncode == 0, done.stderr[-2000:]
    assert json.loads(done.stdout.strip().splitlines()[-1]) == []
