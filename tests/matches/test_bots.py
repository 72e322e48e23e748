"""Computer seats: the worker's bot_play submits a legal move through the services and the
match goes on."""

from __future__ import annotations

import pytest

from games.engine.registry import get_system
from games.matches import bots, services
from games.matches.models import Match, MatchRecord
from games.matches.selectors import match_bot_to_move


def _state(match):
    system = get_system(match.system)
    return system, system.state_from_json(match.snapshot)


@pytest.fixture
def bot_match(anna):
    return services.match_create(
        system="neuroshima",
        config={"armies": ["moloch", "borgo"]},
        seat_users=[anna, None],
        bot_levels={1: 1},
    )


def _human_moves_until_the_bot_acts(match, user):
    for _ in range(20):
        match.refresh_from_db()
        if match_bot_to_move(match=match) is not None:
            return match
        system, state = _state(match)
        move = system.legal_moves(state, 0)[0]
        services.match_submit_move(
            match_id=match.pk, user=user, move_data=move, expected_version=match.version
        )
    raise AssertionError("the bot never had to act")


def test_after_the_human_moves_the_bot_plays_a_legal_move_through_the_services(bot_match, anna):
    match = _human_moves_until_the_bot_acts(bot_match, anna)
    system, state = _state(match)
    legal = system.legal_moves(state, 1)
    version = match.version
    assert bots.bot_play(match.pk) is True
    match.refresh_from_db()
    assert match.version == version + 1
    record = match.records.get(seq=match.version)
    assert record.kind == MatchRecord.Kind.MOVE and record.seat == 1
    assert record.data["move"] in legal
    assert services.match_replay_verify(match=match)


def test_the_bot_plays_its_whole_turn_and_hands_the_turn_back(bot_match, anna):
    match = _human_moves_until_the_bot_acts(bot_match, anna)
    for _ in range(30):
        if not bots.bot_play(match.pk):
            break
    match.refresh_from_db()
    _, state = _state(match)
    assert match.status == Match.Status.ACTIVE
    assert match_bot_to_move(match=match) is None
    assert 0 in get_system("neuroshima").to_act(state)
    assert match.records.filter(seat=1, kind=MatchRecord.Kind.MOVE).count() >= 1


def test_with_no_bot_to_act_bot_play_does_nothing(bot_match):
    bot_match.refresh_from_db()
    version = bot_match.version
    assert bots.bot_play(bot_match.pk) is False
    assert bots.bot_play(10**9) is False
    bot_match.refresh_from_db()
    assert bot_match.version == version


def test_a_bot_of_a_system_without_its_own_bot_plays_a_move_of_the_generic_search(anna):
    match = services.match_create(
        system="claim", config={"hexes": 8}, seat_users=[None, anna], bot_levels={0: 2}
    )
    match.refresh_from_db()
    assert match_bot_to_move(match=match) is not None
    assert bots.bot_play(match.pk) is True
    match.refresh_from_db()
    assert match.records.filter(seat=0, kind=MatchRecord.Kind.MOVE).exists()


def test_a_move_that_leaves_the_bot_to_act_queues_a_bot_job(
    bot_match, anna, django_capture_on_commit_callbacks
):
    from procrastinate.contrib.django.models import ProcrastinateJob

    bot_match.refresh_from_db()
    system, state = _state(bot_match)
    with django_capture_on_commit_callbacks(execute=True):
        services.match_submit_move(
            match_id=bot_match.pk,
            user=anna,
            move_data=system.legal_moves(state, 0)[0],
            expected_version=bot_match.version,
        )
    jobs = ProcrastinateJob.objects.filter(task_name="games.matches.tasks.bot_move")
    assert [job.args for job in jobs] == [{"match_id": bot_match.pk}]
