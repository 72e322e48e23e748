"""A campaign by invitation shows nothing to non-members (pages, partials, JSON), and its
organiser invites players by name or by a revocable link. Each page and action is tried for
every role: anonymous, outsider, invited (not yet answered), player and organiser."""

from __future__ import annotations

import pytest
from django.urls import reverse

from games.campaigns import services
from games.campaigns.models import Campaign, CampaignInvitation, CampaignPlayer
from games.notifications.models import Notification
from tests.fixtures import client_for, make_player
from tests.hardening.support import changed_tables, database_digest

pytestmark = pytest.mark.django_db
NAME = "Hiver secret"
TERRITORY_HINT = "Campaign map"  # the map's title; never on the invitation page


@pytest.fixture
def closed():
    organiser = make_player("orga")
    alice, bob = make_player("alice"), make_player("bob")
    campaign = services.campaign_create(
        organiser=organiser, name=NAME, systems=["neuroshima"], is_public=False
    )
    for user in (alice, bob):
        services.campaign_join(
            campaign_id=campaign.pk, user=user, invite_token=campaign.invite_token
        )
    services.campaign_start(campaign_id=campaign.pk, user=organiser)
    battle = services.campaign_challenge(
        campaign_id=campaign.pk, user=alice, opponent_id=campaign.players.get(user=bob).pk
    )
    invited = make_player("ines")
    services.campaign_invite_player(campaign_id=campaign.pk, user=organiser, username="ines")
    campaign.refresh_from_db()
    return {
        "campaign": campaign,
        "battle": battle,
        "organiser": organiser,
        "player": alice,
        "invited": invited,
        "outsider": make_player("oscar"),
    }


def pages(w) -> list[str]:
    c, b = w["campaign"], w["battle"]
    player = c.players.get(user=w["player"])
    return [
        reverse("campaigns:detail", args=[c.pk]),
        reverse("campaigns:detail", args=[c.pk]) + "?part=map",
        reverse("campaigns:detail", args=[c.pk]) + "?part=feed",
        reverse("campaigns:battle", args=[c.pk, b.pk]),
        reverse("campaigns:battle_json", args=[c.pk, b.pk]),
        reverse("campaigns:player", args=[c.pk, player.pk]),
    ]


@pytest.mark.parametrize("role", ["anonymous", "outsider", "invited"])
def test_a_campaign_by_invitation_shows_nothing_to_non_members(closed, role):
    client = client_for(closed.get(role))
    for url in pages(closed):
        assert client.get(url).status_code == 404, url
        assert client.get(url, HTTP_HX_REQUEST="true").status_code == 404, url
    listing = client.get(reverse("campaigns:list")).content.decode()
    assert (NAME in listing) == (role == "invited")  # only as an invitation waiting for them
    organiser_page = client.get(reverse("campaigns:organiser", args=[closed["campaign"].pk]))
    assert organiser_page.status_code in (302, 404)  # anonymous: sign in first


@pytest.mark.parametrize("role", ["player", "organiser"])
def test_members_see_every_page(closed, role):
    client = client_for(closed[role])
    for url in pages(closed):
        assert client.get(url).status_code == 200, url
    assert NAME in client.get(reverse("campaigns:list")).content.decode()


def test_only_the_organiser_has_the_tools(closed):
    url = reverse("campaigns:organiser", args=[closed["campaign"].pk])
    assert client_for(closed["organiser"]).get(url).status_code == 200
    assert client_for(closed["player"]).get(url).status_code == 403
    assert client_for(closed["player"]).post(url, {"action": "new_link"}).status_code == 403


@pytest.mark.parametrize("role", ["outsider", "invited"])
def test_a_stranger_cannot_join_act_or_learn_anything(closed, role):
    c, b = closed["campaign"], closed["battle"]
    client = client_for(closed[role])
    before = database_digest()
    posts = [
        (reverse("campaigns:join", args=[c.pk]), {"invite_token": "wrong"}),
        (reverse("campaigns:challenge", args=[c.pk]), {"opponent": "1"}),
        (reverse("campaigns:respond", args=[c.pk, b.pk]), {"answer": "accept"}),
        (reverse("campaigns:declare", args=[c.pk, b.pk]), {"objective": "raid"}),
        (reverse("campaigns:choose", args=[c.pk, b.pk]), {"choice": "1"}),
    ]
    for url, data in posts:
        if role == "invited" and url.endswith("/join/"):
            continue  # the invited player may join: tested below
        assert client.post(url, data).status_code == 404, url
    assert changed_tables(before, database_digest()) == []


# --- invitation by name -------------------------------------------------------------------------


def test_the_invited_player_is_told_and_sees_only_what_the_campaign_is(closed):
    c = closed["campaign"]
    url = reverse("campaigns:invitation", args=[c.pk])
    assert Notification.objects.get(user=closed["invited"]).params["url"] == url
    page = client_for(closed["invited"]).get(url).content.decode()
    assert f"Invitation to {NAME}" in page and "Accept and join" in page
    assert "alice" not in page and TERRITORY_HINT not in page


def test_accepting_joins_the_campaign(closed):
    c = closed["campaign"]
    client = client_for(closed["invited"])
    response = client.post(reverse("campaigns:invitation", args=[c.pk]), {"answer": "accept"})
    assert response.status_code == 302
    assert CampaignPlayer.objects.filter(campaign=c, user=closed["invited"]).exists()
    assert CampaignInvitation.objects.get(user=closed["invited"]).status == "accepted"
    for url in pages(closed):
        assert client.get(url).status_code == 200


def test_declining_keeps_the_campaign_invisible(closed):
    c = closed["campaign"]
    client = client_for(closed["invited"])
    assert (
        client.post(reverse("campaigns:invitation", args=[c.pk]), {"answer": "no"}).status_code
        == 400
    )
    assert (
        client.post(reverse("campaigns:invitation", args=[c.pk]), {"answer": "decline"}).status_code
        == 302
    )
    assert client.get(pages(closed)[0]).status_code == 404
    assert client.get(reverse("campaigns:invitation", args=[c.pk])).status_code == 404
    assert client.post(reverse("campaigns:join", args=[c.pk])).status_code == 404


def test_the_organiser_invites_by_name_and_withdraws(closed):
    c = closed["campaign"]
    url = reverse("campaigns:organiser", args=[c.pk])
    client = client_for(closed["organiser"])
    refused = client.post(url, {"action": "invite", "username": "nobody"})
    assert refused.status_code == 400 and "No player has this user name" in refused.content.decode()
    refused = client.post(url, {"action": "invite", "username": "alice"})
    assert refused.status_code == 400 and "already in this campaign" in refused.content.decode()
    assert client.post(url, {"action": "invite", "username": "oscar"}).status_code == 302
    pending = CampaignInvitation.objects.get(user=closed["outsider"])
    assert (
        client.post(url, {"action": "revoke_invitation", "invitation": pending.pk}).status_code
        == 302
    )
    outsider = client_for(closed["outsider"])
    assert outsider.get(reverse("campaigns:invitation", args=[c.pk])).status_code == 404
    assert outsider.post(reverse("campaigns:join", args=[c.pk])).status_code == 404


# --- invitation link ------------------------------------------------------------------------------


def test_the_link_shows_only_what_the_campaign_is_and_lets_a_player_join(closed):
    c = closed["campaign"]
    link = reverse("campaigns:invite", args=[c.invite_token])
    page = client_for().get(link).content.decode()
    assert NAME in page and "Sign in to join" in page
    assert "alice" not in page and TERRITORY_HINT not in page  # no map, no feed, no players
    outsider = client_for(closed["outsider"])
    response = outsider.post(
        reverse("campaigns:join", args=[c.pk]), {"invite_token": c.invite_token}
    )
    assert response.status_code == 302
    assert outsider.get(pages(closed)[0]).status_code == 200


def test_a_replaced_link_stops_working(closed):
    c = closed["campaign"]
    old = c.invite_token
    url = reverse("campaigns:organiser", args=[c.pk])
    assert client_for(closed["organiser"]).post(url, {"action": "new_link"}).status_code == 302
    c = Campaign.objects.get(pk=c.pk)
    assert c.invite_token != old
    outsider = client_for(closed["outsider"])
    assert outsider.get(reverse("campaigns:invite", args=[old])).status_code == 404
    join = reverse("campaigns:join", args=[c.pk])
    assert outsider.post(join, {"invite_token": old}).status_code == 404
    assert outsider.post(join, {"invite_token": c.invite_token}).status_code == 302
    assert client_for(closed["player"]).get(pages(closed)[0]).status_code == 200
