"""`manage.py bench live` with tiny numbers, so it cannot rot: it starts the site (daphne, the
worker) on a throwaway database, plays through real HTTP and websockets and prints its JSON.
No timing is asserted (the machine is shared); only that every figure is there and the moves
were played and seen by the opponent."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
pytestmark = pytest.mark.slow


def test_bench_live_plays_moves_through_the_site_and_reports_every_figure():
    env = {k: v for k, v in os.environ.items() if k != "DJANGO_SETTINGS_MODULE"}
    done = subprocess.run(
        [sys.executable, "manage.py", "bench", "live", "--system", "neuroshima", "--matches", "1"]
        + ["--moves", "4", "--warmup-moves", "2"]
        + ["--players", "2", "--load-seconds", "1", "--think", "0"],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=600,
        check=False,
    )
    assert done.returncode == 0, done.stderr[-3000:]
    result = json.loads(done.stdout.strip().splitlines()[-1])
    assert result["errors"] == []
    assert result["moves"] >= 4
    for figure in ("move_round_trip_ms", "opponent_updated_ms", "pick_ms"):
        assert set(result[figure]) >= {"p50", "p99"}
    assert result["opponent_updated_ms"]["n"] >= 4  # every move reached the other page
    cpu = result["server_cpu_ms_per_move"]
    assert cpu["total"] > 0 and {"web", "worker", "postgres"} <= set(cpu)
    assert result["move_answer_bytes"]["mean"] > 0
    assert {"players", "moves_per_s", "move_p99_ms"} <= set(result["load"])
    assert result["load"]["players"] == 2
    assert result["memory_mb"]["total"]["pss"] > 0
