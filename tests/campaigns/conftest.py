"""Campaign fixtures: players and a running two-player campaign on Neuroshima Hex (`make_user`
and `organiser` come from tests/conftest.py)."""

from __future__ import annotations

import pytest

from games.campaigns import services
from tests.browser_support import browser, daphne_server, new_context  # noqa: F401


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
