"""`manage.py bench live` and `bench web` with tiny numbers, so they cannot rot. No timing is
asserted (the machine is shared); only that every figure is there and the moves were played
and seen by the other side.

`live` starts the site (daphne, the worker: as bin/serve does) on a throwaway database and plays through real
HTTP and websockets. `web` plays through Django's test client and watches on sockets in its own
process; its socket half once waited for ever when the socket began with a hello (it took the
hello for the watch's answer, and moved before it watched)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
pytestmark = pytest.mark.slow


def _bench(*args: str) -> dict:
    """`manage.py bench ARGS` as a person runs it (its own settings); its JSON line."""
    env = {k: v for k, v in os.environ.items() if k != "DJANGO_SETTINGS_MODULE"}
    done = subprocess.run(
        [sys.executable, "manage.py", "bench", *args],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=600,
        check=False,
    )
    assert done.returncode == 0, done.stderr[-3000:]
    return json.loads(done.stdout.strip().splitlines()[-1])


def test_bench_live_plays_moves_through_the_site_and_reports_every_figure():
    result = _bench(
        *("live", "--system", "neuroshima", "--matches", "1", "--moves", "4"),
        *("--warmup-moves", "2", "--players", "2", "--load-seconds", "1", "--think", "0"),
        *("--request-samples", "3"),
    )
    assert result["errors"] == []
    assert result["moves"] >= 4
    for figure in ("move_round_trip_ms", "opponent_updated_ms", "pick_ms"):
        assert set(result[figure]) >= {"p50", "p99"}
    assert result["opponent_updated_ms"]["n"] >= 4  # every move reached the other page
    cpu = result["server_cpu_ms_per_move"]
    assert cpu["total"] > 0 and {"web", "postgres"} <= set(cpu)
    # The worker runs in the web process (one web process) or in its own, counted apart.
    assert ("worker" in cpu) == (result["worker_processes"] > 0)
    assert result["move_answer_bytes"]["mean"] > 0
    assert {"players", "moves_per_s", "move_p99_ms"} <= set(result["load"])
    assert result["load"]["players"] == 2
    assert result["memory_mb"]["total"]["pss"] > 0
    # Each kind of request asked alone: the signed-in floor, a pick, a refetch, the page.
    costs = result["request_cpu_ms"]
    assert set(costs) == {"signed_in", "pick", "live", "page"}
    assert all(cost["round_trip"] > 0 and "web" in cost for cost in costs.values())


def test_bench_web_moves_and_hears_every_move_on_the_watching_sockets():
    result = _bench(
        *("web", "--system", "neuroshima", "--moves", "3"),
        *("--sockets", "2", "--notify-moves", "2"),
    )
    assert result["moves"] == 3
    assert result["notify_samples"] == 4  # two moves, each heard by both sockets
    assert set(result["notify_latency_ms"]) == {"p50", "p99"}
    assert result["bytes"]["full_page"] > result["bytes"]["board_partial"] > 0
