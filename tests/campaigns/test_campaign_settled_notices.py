"""A campaign's inbox entries whose action is gone stop saying « nouveau »: a challenge
answered or withdrawn, an objective declared (lichess and BGA drop such a notice)."""

from __future__ import annotations

import pytest

from games.campaigns import services
from games.notifications.models import Notification

pytestmark = pytest.mark.django_db


def _entry(user, kind):
    return Notification.objects.get(user=user, kind=kind)


@pytest.fixture
def challenge(running, alice, bob):
    return services.campaign_challenge(
        campaign_id=running.pk, user=alice, opponent_id=running.players.get(user=bob).pk
    )


@pytest.mark.parametrize("who", ["bob declines", "alice withdraws"])
def test_a_challenge_answered_or_withdrawn_is_no_longer_new(challenge, alice, bob, who):
    assert _entry(bob, Notification.Kind.CHALLENGE).read_at is None
    services.campaign_decline(battle_id=challenge.pk, user=bob if who == "bob declines" else alice)
    assert _entry(bob, Notification.Kind.CHALLENGE).read_at is not None


def test_an_objective_declared_is_no_longer_asked_for(challenge, alice, bob):
    services.campaign_accept(battle_id=challenge.pk, user=bob)
    assert _entry(alice, Notification.Kind.DECLARE).read_at is None
    services.campaign_declare(battle_id=challenge.pk, user=alice, objective="expansion")
    assert _entry(alice, Notification.Kind.DECLARE).read_at is not None
    assert _entry(bob, Notification.Kind.DECLARE).read_at is None  # bob has yet to declare


def test_territories_picked_are_no_longer_asked_for(running, alice, bob):
    from games.campaigns import rules
    from tests.campaigns.support import battle_between, declare_both, win

    battle = declare_both(
        battle_between(running, alice, bob), alice, rules.EXPANSION, bob, rules.RAID
    )
    battle = win(battle, alice, bob)
    choice = battle.choices.get()
    assert _entry(alice, Notification.Kind.TERRITORIES).read_at is None
    options, n = services.choice_options(choice=choice)
    services.campaign_choose(
        choice_id=choice.pk, user=alice, territory_ids=[o.pk for o in options[:n]]
    )
    assert _entry(alice, Notification.Kind.TERRITORIES).read_at is not None
