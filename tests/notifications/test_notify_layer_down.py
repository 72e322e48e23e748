"""A nudge is best effort: when the channel layer is down (Redis restarting), a change that
committed still succeeds; the pages catch up when their sockets reconnect."""

from __future__ import annotations

import pytest

from games.notifications.turns import notify_match_changed
from tests.clock.support import end_turn


@pytest.fixture
def layer_down(settings, tmp_path):
    settings.CHANNEL_LAYERS = {
        "default": {
            "BACKEND": "channels_redis.pubsub.RedisPubSubChannelLayer",
            "CONFIG": {"hosts": [f"unix://{tmp_path}/no-redis-here.sock"]},
        }
    }


def test_a_nudge_through_a_layer_that_is_down_raises_nothing(layer_down, match):
    notify_match_changed(match_id=match.pk, version=match.version)


def test_a_move_commits_and_answers_while_the_layer_is_down(
    layer_down, match, anna, django_capture_on_commit_callbacks
):
    version = match.version
    with django_capture_on_commit_callbacks(execute=True) as callbacks:
        match = end_turn(match, anna)
    assert callbacks  # the nudges ran, and failed quietly
    assert match.version == version + 2
