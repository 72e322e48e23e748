"""« Télécharger mes données » (RGPD): one JSON file of what the site holds about the signed-in
player, each app's section in it, and nothing of another player's private data nor of what a
match hides."""

from __future__ import annotations

import json

import pytest
from allauth.account.models import EmailAddress
from django.urls import reverse

from games.accounts import services as accounts
from games.armies.models import ArmyList
from games.campaigns import services as campaigns
from games.league import services as league
from games.matches import services as matches
from games.matches.services.notes import match_note_save
from games.notifications.models import Notification
from games.reports.models import BattleReport
from tests.fixtures import client_for, make_player, start_match

pytestmark = pytest.mark.django_db
URL = reverse("accounts:data_download")


@pytest.fixture
def world(organiser):
    """ada (the reader) and ben (another player) in a match, each with private things."""
    ada = make_player("ada", display_name="Ada L", time_zone="Europe/Brussels", theme="dark")
    ben = make_player("ben")
    carl, dan = make_player("carl"), make_player("dan")
    for player in (ada, ben):
        EmailAddress.objects.create(user=player, email=player.email, verified=True, primary=True)
    match = start_match(ada, ben)
    matches.match_post_chat(match_id=match.pk, user=ada, text="ADA-CHAT-LINE")
    matches.match_post_chat(match_id=match.pk, user=ben, text="BEN-CHAT-LINE")
    match_note_save(match=match, user=ada, text="ADA-NOTE", seen_version=0)
    match_note_save(match=match, user=ben, text="BEN-SECRET-NOTE", seen_version=0)
    accounts.follow_add(user=ada, followed=carl)
    accounts.follow_add(user=ben, followed=ada)  # who follows ada: not hers to see
    accounts.block_add(user=ada, blocked=dan)
    accounts.block_add(user=ben, blocked=carl)  # ben's blocks: his secret
    accounts.player_report(user=ada, reported=dan, reason="ADA-REPORT-REASON")
    accounts.player_report(user=ben, reported=ada, reason="BEN-REPORT-REASON")
    ArmyList.objects.create(owner=ada, system="claim", name="ADA-LIST", data={"units": []})
    ArmyList.objects.create(owner=ben, system="claim", name="BEN-LIST", data={"units": []})
    Notification.objects.create(user=ben, kind="followed", params={"by": "BEN-INBOX"})
    BattleReport.objects.create(match=match, author=ada, text="ADA-BATTLE-REPORT")
    BattleReport.objects.create(match=match, author=ben, text="BEN-BATTLE-REPORT")
    season_league = league.league_create(name="Ligue", created_by=organiser, system="claim")
    season = league.season_open(league=season_league, actor=organiser, round_days=7)
    league.registration_create(season=season, user=ada, club="ADA-CLUB")
    league.registration_create(season=season, user=ben, club="BEN-CLUB")
    campaign = campaigns.campaign_create(organiser=organiser, name="Hiver", systems=["neuroshima"])
    campaigns.campaign_join(campaign_id=campaign.pk, user=ada)
    return ada, ben, match


def test_the_file_holds_each_section_of_the_players_data(world):
    ada, ben, match = world
    response = client_for(ada).get(URL)
    assert response.status_code == 200
    assert response["Content-Type"].startswith("application/json")
    assert response["Content-Disposition"].startswith('attachment; filename="hexsite-ada-')
    assert "no-store" in response["Cache-Control"]
    data = json.loads(response.content)

    assert data["account"]["username"] == "ada"
    assert data["account"]["email_addresses"] == [
        {"email": "ada@example.org", "verified": True, "primary": True}
    ]
    assert data["account"]["date_joined"]
    assert data["profile"]["display_name"] == "Ada L"
    assert data["profile"]["time_zone"] == "Europe/Brussels"
    assert data["profile"]["theme"] == "dark"
    assert data["profile"]["what_reaches_you"]["turns"] == "all"
    assert data["profile_picture"] == {"present": False, "digest": "", "updated_at": None}
    assert data["following"] == ["carl"]
    assert data["blocking"] == ["dan"]
    assert [r["reason"] for r in data["reports_filed"]] == ["ADA-REPORT-REASON"]

    (played,) = data["matches"]
    assert played["id"] == match.pk and played["status"] == "active"
    assert played["my_seats"] == [0]
    assert played["other_seats"] == [{"seat": 1, "name": "ben"}]
    assert [line["text"] for line in data["chat_lines"]] == ["ADA-CHAT-LINE"]
    assert [note["text"] for note in data["match_notes"]] == ["ADA-NOTE"]
    assert [a["name"] for a in data["army_lists"]] == ["ADA-LIST"]
    assert [r["text"] for r in data["battle_reports"]] == ["ADA-BATTLE-REPORT"]
    assert [r["club"] for r in data["league"]["registrations"]] == ["ADA-CLUB"]
    assert [m["campaign"] for m in data["campaigns"]["memberships"]] == ["Hiver"]
    # ben's line reached ada's inbox: her notifications are hers.
    assert "chat" in {n["kind"] for n in data["notifications"]}


def test_the_file_holds_nothing_of_another_player_nor_what_the_match_hides(world):
    ada, ben, match = world
    body = client_for(ada).get(URL).content.decode()
    for secret in (
        "BEN-SECRET-NOTE",
        "ben@example.org",
        "BEN-REPORT-REASON",
        "BEN-LIST",
        "BEN-INBOX",
        "BEN-BATTLE-REPORT",
        "BEN-CLUB",
    ):
        assert secret not in body, secret
    data = json.loads(body)
    assert data["blocking"] == ["dan"]  # not ben's block of carl, nor that ben follows ada
    assert "ben" not in data["following"]
    match.refresh_from_db()
    assert match.seed not in body
    assert "hands" not in body and "snapshot" not in body and "seed" not in body


def test_a_visitor_gets_no_file():
    response = client_for(None).get(URL)
    assert response.status_code == 302
    assert "/accounts/login/" in response["Location"]
