"""Campaign fixtures: players and a running two-player campaign on Neuroshima Hex."""

from __future__ import annotations

import pytest
from django.contrib.auth import get_user_model

from games.campaigns import services


@pytest.fixture(autouse=True)
def fast_passwords(settings):
    # The real hasher costs about a second per user on CI machines; tests need no strength.
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]


@pytest.fixture
def make_user(db):
    def make(name: str):
        return get_user_model().objects.create_user(name, f"{name}@example.org", "pw-" + name)

    return make


@pytest.fixture
def organiser(make_user):
    return make_user("orga")


@pytest.fixture
def alice(make_user):
    return make_user("alice")


@pytest.fixture
def bob(make_user):
    return make_user("bob")


@pytest.fixture
def campaign(organiser):
    return services.campaign_create(organiser=organiser, name="Hiver", systems=["neuroshima"])


@pytest.fixture
def running(campaign, organiser, alice, bob):
    """A running campaign where alice and bob joined and round 1 is open."""
    services.campaign_join(campaign_id=campaign.pk, user=alice)
    services.campaign_join(campaign_id=campaign.pk, user=bob)
    services.campaign_start(campaign_id=campaign.pk, user=organiser)
    campaign.refresh_from_db()
    return campaign
