""" "X vous suit maintenant": a player learns in their inbox who started following them, once
per follower (unfollowing and following again tells nothing new), never from a player either
of them blocked, and in the inbox only (no email, no push)."""

from __future__ import annotations

import pytest
from django.utils import translation
from procrastinate.contrib.django.models import ProcrastinateJob

from games.accounts.services import block_add, follow_add, follow_remove
from games.notifications.models import Notification
from games.notifications.social import notify_followed
from games.notifications.texts import notification_link, notification_text
from games.refusals import Refused
from tests.fixtures import client_for, make_player

pytestmark = pytest.mark.django_db


def followed_entries(user):
    return list(Notification.objects.filter(user=user, kind=Notification.Kind.FOLLOWED))


def test_following_a_player_from_their_profile_tells_them_in_their_inbox(anna, bruno):
    answer = client_for(bruno, "en").post("/me/u/anna/follow")
    assert answer.status_code in (200, 302)
    (entry,) = followed_entries(anna)
    assert entry.read_at is None and followed_entries(bruno) == []
    with translation.override("fr"):
        assert notification_text(entry) == "bruno vous suit maintenant."
    with translation.override("en"):
        assert notification_text(entry) == "bruno follows you now."
    assert notification_link(entry) == "/me/u/bruno/"
    inbox = client_for(anna, "en").get("/notifications/").content.decode()
    assert "bruno follows you now." in inbox and 'href="/me/u/bruno/"' in inbox


def test_each_follower_is_told_once_ever(anna, bruno):
    carla = make_player("carla")
    follow_add(user=bruno, followed=anna)
    follow_add(user=bruno, followed=anna)  # already following: nothing new
    Notification.objects.filter(user=anna).update(read_at="2026-01-01T00:00Z")
    follow_remove(user=bruno, followed=anna)
    follow_add(user=bruno, followed=anna)  # again, after reading it: still once
    follow_add(user=carla, followed=anna)
    assert sorted(e.params["by"] for e in followed_entries(anna)) == ["bruno", "carla"]


def test_a_blocked_player_cannot_follow_and_nobody_is_told(anna, bruno):
    block_add(user=anna, blocked=bruno)
    with pytest.raises(Refused):
        follow_add(user=bruno, followed=anna)
    notify_followed(follower=bruno, followed=anna)  # even if a follow slipped through
    notify_followed(follower=anna, followed=bruno)  # nor the other way round
    assert followed_entries(anna) == [] and followed_entries(bruno) == []


def test_a_new_follower_is_told_in_the_inbox_only(anna, bruno):
    follow_add(user=bruno, followed=anna)
    assert len(followed_entries(anna)) == 1
    assert not ProcrastinateJob.objects.exists()  # no email, no push, no Discord
