"""`/health/` says whether this process reaches its database and its channel layer; bin/serve's
supervisor restarts a child at once after a long run, after a growing pause when it keeps
dying at start (so a child that cannot start does not spin)."""

from __future__ import annotations

import sys

import pytest

from hexsite import serve


@pytest.mark.django_db
def test_health_answers_200_when_the_database_and_the_layer_answer(client):
    response = client.get("/health/")
    assert response.status_code == 200
    assert response.json() == {"database": True, "channels": True}


@pytest.mark.django_db
def test_health_answers_503_when_the_channel_layer_is_down(client, settings, tmp_path):
    settings.CHANNEL_LAYERS = {
        "default": {
            "BACKEND": "channels_redis.pubsub.RedisPubSubChannelLayer",
            "CONFIG": {"hosts": [f"unix://{tmp_path}/no-redis.sock"]},
        }
    }
    response = client.get("/health/")
    assert response.status_code == 503
    assert response.json() == {"database": True, "channels": False}


def test_a_child_that_keeps_dying_at_start_waits_longer_each_time():
    child = serve.Child("failing", [sys.executable, "-c", "raise SystemExit(3)"])
    child.start()
    pauses = []
    for _ in range(7):
        child.process.wait(timeout=60)
        now = child.started_at + 1  # it died a second after its start
        child.check(now)
        pauses.append(child.pause)
        child.check(child.due)  # the pause is over: started again
    child.process.wait(timeout=60)
    assert pauses == [1, 2, 4, 8, 16, 30, 30]


def test_a_child_that_ran_long_is_started_again_at_once():
    child = serve.Child("long", [sys.executable, "-c", "pass"])
    child.start()
    first = child.process
    first.wait(timeout=60)
    child.check(child.started_at + serve.QUICK_EXIT + 1)
    assert child.pause == 0 and child.process is not None and child.process is not first
    child.process.wait(timeout=60)


@pytest.mark.parametrize(
    ("cores", "asked", "processes"), [(1, "", 1), (2, "", 1), (8, "", 7), (2, "3", 3)]
)
def test_one_web_process_per_core_but_one_leaves_a_core_to_postgresql_and_the_worker(
    monkeypatch, cores, asked, processes
):
    monkeypatch.setattr(serve.os, "cpu_count", lambda: cores)
    monkeypatch.setenv("WEB_PROCESSES", asked)
    assert serve.web_processes() == processes
