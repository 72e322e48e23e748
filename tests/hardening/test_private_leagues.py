"""A league by invitation shows nothing to non-members, profiles included (reliability review,
finding 6), and its organisers invite players by name or by a revocable link (finding 11). Each
page and action is tried for every role: anonymous, outsider, invited (not yet answered), member
and organiser."""

from __future__ import annotations

import pytest
from django.urls import reverse

from games.league import services
from games.league.models import Badge, LeagueInvitation, Registration
from games.notifications.models import Notification
from tests.fixtures import client_for, make_player
from tests.hardening.support import changed_tables, database_digest
from tests.matches.demo_system import install

pytestmark = pytest.mark.django_db
NAME = "Cercle fermé"


@pytest.fixture
def closed():
    """A league by invitation with a running season (two registered members), a badge won in
    it, a player invited by name who has not answered, an outsider and the organiser."""
    install()
    organiser = make_player("orga")
    players = [make_player("anna"), make_player("bruno")]
    league = services.league_create(
        name=NAME, created_by=organiser, system="claim", system_config={"hexes": 8}, is_public=False
    )
    season = services.season_open(league=league, actor=organiser)
    for user in players:
        services.league_join_by_link(token=league.invite_token, user=user)
        services.registration_create(season=season, user=user)
    services.season_start(season=season, actor=organiser)
    division = season.divisions.get()
    Badge.objects.create(user=players[0], division=division, title=f"{NAME}: champion")
    invited = make_player("ines")
    services.league_invite(league=league, actor=organiser, username="ines")
    return {
        "league": league,
        "season": season,
        "division": division,
        "round": division.round_set.get(number=1),
        "organiser": organiser,
        "member": players[0],
        "invited": invited,
        "outsider": make_player("oscar"),
    }


def league_pages(w) -> list[str]:
    season, division = w["season"], w["division"]
    return [
        reverse("league:league", args=[w["league"].pk]),
        reverse("league:season", args=[season.pk]),
        reverse("league:division", args=[division.pk]),
        reverse("league:division_csv", args=[division.pk]),
        reverse("league:season_ics", args=[season.pk]),
        reverse("league:round", args=[w["round"].pk]),
    ]


@pytest.mark.parametrize("role", ["anonymous", "outsider", "invited"])
def test_a_league_by_invitation_shows_nothing_to_non_members(closed, role):
    client = client_for(closed.get(role))
    for url in league_pages(closed):
        assert client.get(url).status_code == 404, url
        assert client.get(url, HTTP_HX_REQUEST="true").status_code == 404, url  # partials too
    assert client.get(reverse("league:manage", args=[closed["season"].pk])).status_code == 404
    assert NAME not in client.get(reverse("league:home")).content.decode() or role == "invited"


@pytest.mark.parametrize("role", ["anonymous", "outsider", "invited"])
def test_profiles_do_not_show_a_league_by_invitation_to_non_members(closed, role):
    client = client_for(closed.get(role))
    member = closed["member"].username
    # The league's old player address leads to the profile, the one page of a player.
    response = client.get(f"/leagues/players/{member}/", follow=True)
    assert response.redirect_chain == [(f"/me/u/{member}/", 301)]
    assert response.status_code == 200
    assert NAME not in response.content.decode()


@pytest.mark.parametrize("role", ["member", "organiser"])
def test_members_see_the_league_and_profiles_show_it_to_them(closed, role):
    client = client_for(closed[role])
    for url in league_pages(closed):
        assert client.get(url).status_code == 200, url
    assert NAME in client.get(f"/me/u/{closed['member'].username}/").content.decode()
    assert NAME in client.get(reverse("league:home")).content.decode()


def test_only_organisers_manage_and_members_are_refused_not_told_nothing(closed):
    manage = reverse("league:manage", args=[closed["season"].pk])
    assert client_for(closed["organiser"]).get(manage).status_code == 200
    assert client_for(closed["member"]).get(manage).status_code == 403


# --- invitation by name ---------------------------------------------------------------------------


def test_the_invited_player_is_told_in_the_inbox_and_on_the_leagues_page(closed):
    note = Notification.objects.get(user=closed["invited"], kind="invitation")
    invitation_url = reverse("league:invitation", args=[closed["league"].pk])
    client = client_for(closed["invited"])
    inbox = client.get("/notifications/").content.decode()
    assert f"orga invites you to {NAME}." in inbox and invitation_url in inbox
    assert note.params["url"] == invitation_url
    assert invitation_url in client.get(reverse("league:home")).content.decode()
    page = client.get(invitation_url).content.decode()
    assert f"Invitation to {NAME}" in page and "Accept" in page
    assert "bruno" not in page  # the invitation says what the league is, not who plays


def test_accepting_makes_the_player_a_member_who_may_sign_up(closed):
    client = client_for(closed["invited"])
    url = reverse("league:invitation", args=[closed["league"].pk])
    assert client.post(url, {"answer": "accept"}).status_code == 302
    for page in league_pages(closed):
        assert client.get(page).status_code == 200
    next_season = services.season_open(league=closed["league"], actor=closed["organiser"])
    services.registration_create(season=next_season, user=closed["invited"])


def test_declining_leaves_the_league_invisible(closed):
    client = client_for(closed["invited"])
    url = reverse("league:invitation", args=[closed["league"].pk])
    assert client.post(url, {"answer": "decline"}).status_code == 302
    assert client.get(league_pages(closed)[0]).status_code == 404
    assert client.get(url).status_code == 404  # nothing waits any more
    invitation = LeagueInvitation.objects.get(user=closed["invited"])
    assert invitation.status == "declined"


def test_an_unknown_answer_changes_nothing(closed):
    before = database_digest()
    response = client_for(closed["invited"]).post(
        reverse("league:invitation", args=[closed["league"].pk]), {"answer": "maybe"}
    )
    assert response.status_code == 400 and "Unknown action" in response.content.decode()
    assert changed_tables(before, database_digest()) == []


@pytest.mark.parametrize(
    ("username", "sentence"),
    [("nobody", "No player has this user name"), ("anna", "already a member")],
)
def test_inviting_an_unknown_player_or_a_member_is_refused(closed, username, sentence):
    url = reverse("league:invitations", args=[closed["league"].pk])
    before = database_digest()
    response = client_for(closed["organiser"]).post(url, {"action": "invite", "username": username})
    assert response.status_code == 400 and sentence in response.content.decode()
    assert changed_tables(before, database_digest()) == []


@pytest.mark.parametrize(
    ("role", "status"), [("anonymous", 404), ("outsider", 404), ("invited", 404), ("member", 403)]
)
def test_only_organisers_invite_replace_the_link_or_withdraw(closed, role, status):
    url = reverse("league:invitations", args=[closed["league"].pk])
    pending = LeagueInvitation.objects.get(user=closed["invited"])
    before = database_digest()
    client = client_for(closed.get(role))
    for data in (
        {"action": "invite", "username": "oscar"},
        {"action": "new_link"},
        {"action": "revoke", "invitation": pending.pk},
    ):
        assert client.post(url, data).status_code == status
    assert changed_tables(before, database_digest()) == []


def test_the_organiser_withdraws_an_unanswered_invitation(closed):
    pending = LeagueInvitation.objects.get(user=closed["invited"])
    url = reverse("league:invitations", args=[closed["league"].pk])
    client = client_for(closed["organiser"])
    assert client.post(url, {"action": "revoke", "invitation": pending.pk}).status_code == 302
    invited = client_for(closed["invited"])
    assert invited.get(reverse("league:invitation", args=[closed["league"].pk])).status_code == 404
    again = client.post(url, {"action": "revoke", "invitation": pending.pk})
    assert again.status_code == 400 and "not waiting any more" in again.content.decode()


# --- invitation link ------------------------------------------------------------------------------


def test_the_link_shows_what_the_league_is_and_joins_whoever_follows_it(closed):
    league = closed["league"]
    link = reverse("league:join", args=[league.invite_token])
    page = client_for().get(link).content.decode()  # anonymous: what it is, then sign in
    assert NAME in page and "Sign in to join" in page and "anna" not in page
    outsider = client_for(closed["outsider"])
    assert outsider.post(link).status_code == 302
    assert outsider.get(league_pages(closed)[0]).status_code == 200
    assert client_for().post(link)["Location"].startswith("/accounts/login/")


def test_a_replaced_link_stops_working_and_members_stay_members(closed):
    league = closed["league"]
    old = reverse("league:join", args=[league.invite_token])
    url = reverse("league:invitations", args=[league.pk])
    assert client_for(closed["organiser"]).post(url, {"action": "new_link"}).status_code == 302
    league.refresh_from_db()
    assert client_for(closed["outsider"]).get(old).status_code == 404
    assert client_for(closed["outsider"]).post(old).status_code == 404
    assert client_for(closed["member"]).get(league_pages(closed)[0]).status_code == 200
    new = reverse("league:join", args=[league.invite_token])
    assert client_for(closed["outsider"]).post(new).status_code == 302


def test_signing_up_needs_membership(closed):
    season = services.season_open(league=closed["league"], actor=closed["organiser"])
    url = reverse("league:season_signup", args=[season.pk])
    assert client_for(closed["outsider"]).post(url, {"action": "join"}).status_code == 404
    assert client_for(closed["invited"]).post(url, {"action": "join"}).status_code == 404
    assert not Registration.objects.filter(season=season).exists()
    assert client_for(closed["member"]).post(url, {"action": "join"}).status_code == 302
