"""`manage.py bench web` with tiny numbers, so it cannot rot: its websocket half waited for ever
once the socket began with a hello (it took the hello for the watch's answer and moved before
it watched). No timing is asserted (the machine is shared); only that every figure is there
and each move reached the watching socket."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
pytestmark = pytest.mark.slow


def test_bench_web_moves_and_hears_every_move_on_the_watching_sockets():
    env = {k: v for k, v in os.environ.items() if k != "DJANGO_SETTINGS_MODULE"}
    done = subprocess.run(
        [sys.executable, "manage.py", "bench", "web", "--system", "neuroshima", "--moves", "3"]
        + ["--sockets", "2", "--notify-moves", "2"],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=600,
        check=False,
    )
    assert done.returncode == 0, done.stderr[-3000:]
    result = json.loads(done.stdout.strip().splitlines()[-1])
    assert result["moves"] == 3
    assert result["notify_samples"] == 4  # two moves, each heard by both sockets
    assert set(result["notify_latency_ms"]) == {"p50", "p99"}
    assert result["bytes"]["full_page"] > result["bytes"]["board_partial"] > 0
