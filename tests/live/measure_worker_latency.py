"""How long the computer's move takes to reach an open page in the default setup (no REDIS_URL):
`.venv/bin/python -m tests.live.measure_worker_latency [MOVES]`.

Starts daphne and `manage.py procrastinate worker` as bin/serve does, on the site's database and
the checkout's embedded Redis, plays a Neuroshima Hex match against the computer (easy) from
this process, and for every computer move measures the time from the worker writing its record
to the page's websocket receiving "match changed" (commit, nudge through Redis, daphne, socket),
and from the player's move to that message (the job's pick-up and the search included). Prints
one JSON line. A measurement, not a test: it asserts nothing; the match it played is deleted."""

from __future__ import annotations

import json
import os
import statistics
import sys
import time
from datetime import UTC, datetime

import django


def main(moves: int) -> dict:
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "hexsite.settings")
    django.setup()
    from django.conf import settings
    from django.contrib.auth import get_user_model
    from django.db.models import Max
    from procrastinate.contrib.django.models import ProcrastinateWorker

    from games.accounts.sessions import SessionStore
    from games.engine.registry import get_system
    from games.matches import services
    from games.matches.models import Match
    from tests.live.processes import Processes, poll, site_env
    from tests.live.wsclient import WebSocket

    user, _ = get_user_model().objects.get_or_create(username="latency-probe")
    session = SessionStore()
    session["_auth_user_id"] = str(user.pk)
    session["_auth_user_backend"] = "django.contrib.auth.backends.ModelBackend"
    session["_auth_user_hash"] = user.get_session_auth_hash()
    session.create()
    match = services.match_create(
        system="neuroshima", config={}, seat_users=[user, None], bot_levels={1: 1}
    )
    system = get_system("neuroshima")
    processes = Processes(site_env(), "measure")
    to_page, round_trip = [], []
    try:
        _daphne, port = processes.daphne()
        known = ProcrastinateWorker.objects.aggregate(Max("id"))["id__max"] or 0
        processes.worker()
        poll("the worker to start", ProcrastinateWorker.objects.filter(id__gt=known).exists)
        headers = {
            "Origin": f"http://127.0.0.1:{port}",
            "Cookie": f"{settings.SESSION_COOKIE_NAME}={session.session_key}",
        }
        ws = WebSocket("127.0.0.1", port, "/ws/notify/", headers, timeout=60)
        ws.receive_json()  # hello
        ws.send_json({"watch": match.pk})
        ws.receive_json()  # watching
        while len(to_page) < moves:
            match = Match.objects.get(pk=match.pk)
            if match.status != Match.Status.ACTIVE:
                break
            state = system.state_from_json(match.snapshot)
            if 0 not in system.to_act(state):
                seen = _wait_for_version(ws, match.pk, match.version + 1)
                continue
            played_at = time.time()
            services.match_submit_move(
                match_id=match.pk,
                user=user,
                move_data=system.legal_moves(state, 0)[0],
                expected_version=match.version,
            )
            # The player's own nudge comes first (this process shares the Redis too).
            _wait_for_version(ws, match.pk, match.version + 1)
            while True:
                match = Match.objects.get(pk=match.pk)
                if match.status != Match.Status.ACTIVE:
                    break
                if 0 in system.to_act(system.state_from_json(match.snapshot)):
                    break
                seen = _wait_for_version(ws, match.pk, match.version + 1)
                record = match.records.get(seq=match.version + 1)
                if record.seat == 1:
                    written = record.created_at.astimezone(UTC).timestamp()
                    to_page.append(seen - written)
                    round_trip.append(seen - played_at)
                    played_at = seen
        ws.close()
    finally:
        processes.stop_all()
        Match.objects.filter(pk=match.pk).delete()
        session.delete()

    def figures(values: list[float]) -> dict:
        values = sorted(values)
        return {
            "median_ms": round(statistics.median(values) * 1000, 1),
            "p90_ms": round(values[int(0.9 * (len(values) - 1))] * 1000, 1),
            "max_ms": round(values[-1] * 1000, 1),
        }

    return {
        "computer_moves": len(to_page),
        "record_written_to_page": figures(to_page),
        "player_move_to_computer_move_on_page": figures(round_trip),
        "measured_at": datetime.now(tz=UTC).isoformat(timespec="seconds"),
    }


def _wait_for_version(ws, match_id: int, version: int) -> float:
    """The arrival time of the "match changed" message for `version` (or a later one)."""
    while True:
        message = ws.receive_json()
        if message.get("type") == "match" and message["match"] == match_id:
            if message["version"] >= version:
                return time.time()


if __name__ == "__main__":
    print(json.dumps(main(int(sys.argv[1]) if len(sys.argv) > 1 else 30)))
