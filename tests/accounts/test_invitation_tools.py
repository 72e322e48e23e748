"""The organiser's invitation tools (accounts/_invitations.html), shared by a private campaign
and a private league: each page shows the link and the pending invitations, and its forms post
to its own view with its own name for a withdrawal."""

from __future__ import annotations

import pytest
from django.test import Client
from django.urls import reverse

from games.campaigns import services as campaigns
from games.league import services as leagues
from tests.fixtures import make_player
from tests.matches.demo_system import install

pytestmark = pytest.mark.django_db


def _page(user, url: str) -> str:
    client = Client(HTTP_ACCEPT_LANGUAGE="fr")
    client.force_login(user)
    response = client.get(url)
    assert response.status_code == 200
    return response.content.decode()


def test_a_private_campaign_organiser_invites_and_withdraws_on_the_organiser_page():
    orga = make_player("orga", language="fr")
    campaign = campaigns.campaign_create(
        organiser=orga, name="Cercle", systems=["neuroshima"], is_public=False
    )
    make_player("ines")
    invitation = campaigns.campaign_invite_player(
        campaign_id=campaign.pk, user=orga, username="ines"
    )
    html = _page(orga, reverse("campaigns:organiser", args=[campaign.pk]))
    assert f"/campaigns/invite/{campaign.invite_token}/" in html
    assert "Inviter un joueur par son nom" in html
    assert 'name="action" value="revoke_invitation"' in html
    assert f'name="invitation" value="{invitation.pk}"' in html
    assert 'action="' not in html.split('id="invite-link"')[1].split("</ul>")[0]


def test_a_private_league_organiser_invites_and_withdraws_through_the_invitations_view():
    install()
    orga = make_player("orga", language="fr")
    league = leagues.league_create(
        name="Cercle", created_by=orga, system="claim", system_config={"hexes": 8}, is_public=False
    )
    make_player("ines")
    invitation = leagues.league_invite(league=league, actor=orga, username="ines")
    html = _page(orga, reverse("league:league", args=[league.pk]))
    assert reverse("league:join", args=[league.invite_token]) in html
    assert "Retirer" in html
    assert 'name="action" value="revoke"' in html
    assert f'name="invitation" value="{invitation.pk}"' in html
    posts_to = f'action="{reverse("league:invitations", args=[league.pk])}"'
    assert html.count(posts_to) == 3  # a new link, an invitation by name, a withdrawal
