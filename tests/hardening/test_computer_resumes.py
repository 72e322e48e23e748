"""The reliability review's finding 1, for every game system: a worker killed during the
computer's move leaves its job "doing"; the site's recovery queues it again and the next worker
plays the computer's move, so no computer game of any system waits for ever. A real procrastinate
worker on the test database (tests/clock/test_worker.py)."""

from __future__ import annotations

import pytest
from django.db import connection

from games.engine.registry import get_system
from games.matches import services
from games.matches.models import Match, MatchRecord
from games.matches.selectors import match_bot_to_move
from hexsite import tasks
from tests.clock.test_worker import empty_job_queue, run_worker  # noqa: F401
from tests.fixtures import MATCH_CONFIGS
from tests.hexsite.test_site_jobs import defer, doing_job_of_a_dead_worker

pytestmark = pytest.mark.django_db(transaction=True)


def _computer_to_act(key: str, human) -> Match:
    """A match of `key` against the computer, the human's first moves played until the
    computer must act."""
    system = get_system(key)
    match = services.match_create(
        system=key, config=MATCH_CONFIGS[key], seat_users=[human, None], bot_levels={1: 1}
    )
    for _ in range(30):
        match.refresh_from_db()
        if match_bot_to_move(match=match) is not None:
            return match
        state = system.state_from_json(match.snapshot)
        services.match_submit_move(
            match_id=match.pk,
            user=human,
            move_data=system.legal_moves(state, 0)[0],
            expected_version=match.version,
        )
    raise AssertionError(f"{key}: the computer never had to act")


@pytest.mark.parametrize("key", sorted(MATCH_CONFIGS))
def test_the_computer_of_every_system_moves_after_its_worker_died_mid_move(key, make_user):
    match = _computer_to_act(key, make_user(f"{key[:4]}_human"))
    with connection.cursor() as cursor:  # the job the dead worker was running, and only it
        cursor.execute("TRUNCATE procrastinate_jobs RESTART IDENTITY CASCADE")
    doing_job_of_a_dead_worker(attempts=1, match_id=match.pk)
    before = match.version
    defer(tasks.retry_stalled_jobs, 0)
    run_worker("maintenance")
    run_worker("bots")
    match.refresh_from_db()
    assert match.version > before, f"{key}: the computer never moved"
    assert MatchRecord.objects.filter(match=match, seat=1, seq__gt=before).exists()
    assert services.match_replay_verify(match=match)
