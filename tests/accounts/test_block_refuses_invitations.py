"""Invitations by name (a league, a campaign) are refused between two players one of whom
blocked the other: the blocked organiser hears only that the player does not accept their
invitations, and nothing is stored nor sent."""

from __future__ import annotations

import pytest

from games.accounts import services as accounts
from games.campaigns import services as campaigns
from games.campaigns.models import CampaignInvitation
from games.league import services as league
from games.league.models import LeagueInvitation
from games.notifications.models import Notification
from games.refusals import Refused
from tests.fixtures import make_player
from tests.matches.demo_system import install

pytestmark = pytest.mark.django_db
NEUTRAL = "Ce joueur n'accepte pas d'invitation de votre part."  # the site speaks French


@pytest.fixture
def organiser():
    return make_player("orga")


@pytest.fixture
def ines():
    return make_player("ines")


def test_a_player_who_blocked_the_organiser_is_not_invited_to_their_league(organiser, ines):
    install()
    closed = league.league_create(
        name="Cercle",
        created_by=organiser,
        system="claim",
        system_config={"hexes": 8},
        is_public=False,
    )
    accounts.block_add(user=ines, blocked=organiser)
    with pytest.raises(Refused) as refused:
        league.league_invite(league=closed, actor=organiser, username="ines")
    assert refused.value.message == NEUTRAL and "bloqu" not in refused.value.message.lower()
    assert not LeagueInvitation.objects.filter(user=ines).exists()
    assert not Notification.objects.filter(user=ines).exists()
    accounts.block_remove(user=ines, blocked=organiser)
    league.league_invite(league=closed, actor=organiser, username="ines")
    assert LeagueInvitation.objects.filter(user=ines).exists()


def test_a_campaign_invitation_is_refused_whoever_of_the_two_blocked_the_other(organiser, ines):
    campaign = campaigns.campaign_create(
        organiser=organiser, name="Hiver", systems=["neuroshima"], is_public=False
    )

    def invite() -> str:
        with pytest.raises(Refused) as refused:
            campaigns.campaign_invite_player(
                campaign_id=campaign.pk, user=organiser, username="ines"
            )
        return refused.value.message

    accounts.block_add(user=ines, blocked=organiser)
    assert invite() == NEUTRAL
    accounts.block_remove(user=ines, blocked=organiser)
    accounts.block_add(user=organiser, blocked=ines)
    assert "débloquez" in invite()  # the organiser may know whom they blocked
    assert not CampaignInvitation.objects.exists()
