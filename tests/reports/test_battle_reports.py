"""Battle reports: after a campaign or league match each player may write one (text, an
optional picture within limits), shown in the feed beside the match's automatic summary with
the replay linked; pictures of a private campaign stay private."""

from __future__ import annotations

import io

import pytest
from django.test import Client
from django.urls import reverse
from PIL import Image

from games.campaigns import rules, services
from games.campaigns.models import Campaign, FeedEntry
from games.matches.models import Match
from games.notifications.models import Notification
from games.refusals import Forbidden, Refused
from games.reports import services as reports
from games.reports.models import BattleReport
from tests.campaigns.support import battle_between, declare_both, win
from tests.fixtures import start_match

pytestmark = pytest.mark.django_db


def _png(width=40, height=30) -> bytes:
    out = io.BytesIO()
    Image.new("RGB", (width, height), (200, 30, 30)).save(out, format="PNG")
    return out.getvalue()


def _client(user=None, language="en") -> Client:
    client = Client(HTTP_ACCEPT_LANGUAGE=language)
    if user is not None:
        client.force_login(user)
    return client


@pytest.fixture
def fought(organiser, make_user):
    alice, bob = make_user("alice"), make_user("bob")
    campaign = services.campaign_create(
        organiser=organiser, name="Hiver", systems=["neuroshima"], is_public=False
    )
    for user in (alice, bob):
        services.campaign_join(
            campaign_id=campaign.pk, user=user, invite_token=campaign.invite_token
        )
    services.campaign_start(campaign_id=campaign.pk, user=organiser)
    battle = declare_both(
        battle_between(campaign, alice, bob), alice, rules.EXPANSION, bob, rules.EXPANSION
    )
    return campaign, win(battle, alice, bob), alice, bob


def test_a_player_writes_a_report_that_the_feed_shows_with_the_summary_and_the_replay(
    fought, django_capture_on_commit_callbacks
):
    campaign, battle, alice, bob = fought
    client = _client(alice)
    page = client.get(reverse("campaigns:battle", args=[campaign.pk, battle.pk])).content
    assert b'id="write-report"' in page
    with django_capture_on_commit_callbacks(execute=True):
        response = client.post(
            reverse("reports:write", args=[battle.match_id]),
            {"text": "Une victoire au bout de la nuit.", "image": io.BytesIO(_png())},
        )
    assert response.status_code == 302
    report = BattleReport.objects.get(match_id=battle.match_id, author=alice)
    assert report.image_type == "image/png" and (report.image_width, report.image_height) == (
        40,
        30,
    )
    assert FeedEntry.objects.filter(campaign=campaign, kind="report").exists()
    detail = _client(bob).get(reverse("campaigns:detail", args=[campaign.pk])).content.decode()
    assert "Une victoire au bout de la nuit." in detail
    assert "alice won by resignation" in detail  # the automatic summary
    assert reverse("matches:replay", args=[battle.match_id]) in detail
    assert reverse("reports:image", args=[report.pk]) in detail
    told = Notification.objects.filter(kind="competition", params__event="battle_report")
    assert [n.user for n in told] == [bob]
    image = _client(bob).get(reverse("reports:image", args=[report.pk]))
    assert image.status_code == 200 and image["Content-Type"] == "image/png"
    assert bytes(image.content) == _png()


def test_a_private_campaigns_pictures_stay_private(fought, make_user):
    campaign, battle, alice, _bob = fought
    report = reports.report_save(match_id=battle.match_id, user=alice, text="Récit", image=_png())
    url = reverse("reports:image", args=[report.pk])
    assert _client().get(url).status_code == 404
    assert _client(make_user("intrus")).get(url).status_code == 404
    assert _client(campaign.organiser).get(url).status_code == 200


def test_only_the_players_of_a_finished_competition_match_write_one_report_each(fought, make_user):
    campaign, battle, alice, bob = fought
    with pytest.raises(Forbidden):
        reports.report_save(match_id=battle.match_id, user=make_user("carla"), text="x")
    with pytest.raises(Refused):
        reports.report_save(match_id=battle.match_id, user=alice, text="   ")
    with pytest.raises(Refused):
        reports.report_save(match_id=battle.match_id, user=alice, text="x" * 2001)
    reports.report_save(match_id=battle.match_id, user=alice, text="Premier jet")
    reports.report_save(match_id=battle.match_id, user=alice, text="Récit corrigé")
    assert BattleReport.objects.get(match_id=battle.match_id, author=alice).text == "Récit corrigé"
    assert FeedEntry.objects.filter(campaign=campaign, kind="report").count() == 1
    casual = start_match(alice, bob)
    from games.matches.services import match_resign

    match_resign(match_id=casual.pk, user=bob)
    with pytest.raises(Forbidden):
        reports.report_save(match_id=casual.pk, user=alice, text="Hors compétition")


def test_pictures_that_are_not_images_or_too_large_are_refused_and_change_nothing(fought):
    _campaign, battle, alice, _bob = fought
    for data in (b"<svg onload=alert(1)>", b"GIF89a" + b"\0" * 20, b"\x89PNG" + b"x" * 50):
        with pytest.raises(Refused):
            reports.report_save(match_id=battle.match_id, user=alice, text="x", image=data)
    with pytest.raises(Refused):
        reports.report_save(match_id=battle.match_id, user=alice, text="x", image=_png(4001, 10))
    with pytest.raises(Refused):
        reports.report_save(match_id=battle.match_id, user=alice, text="x", image=b"\0" * 1_000_001)
    assert not BattleReport.objects.exists()
    response = _client(alice).post(
        reverse("reports:write", args=[battle.match_id]),
        {"text": "Avec une image", "image": io.BytesIO(b"not an image")},
    )
    assert response.status_code == 400 and b"PNG, JPEG" in response.content
    assert not BattleReport.objects.exists()


def test_a_league_games_report_is_on_the_season_page(neuroduel_league, organiser, make_user):
    from games.league.models import PairingGame
    from games.matches.services import match_resign
    from tests.league.conftest import start_season

    players = [make_user(f"j{i}") for i in range(2)]
    season = start_season(neuroduel_league, organiser, players)
    game = PairingGame.objects.filter(pairing__round__division__season=season).first()
    match = Match.objects.get(pk=game.match_id)
    match_resign(match_id=match.pk, user=match.seats.get(index=1).user)
    author = match.seats.get(index=0).user
    reports.report_save(match_id=match.pk, user=author, text="Première manche gagnée.")
    page = _client().get(reverse("league:season", args=[season.pk])).content.decode()
    assert "Première manche gagnée." in page and "season-reports" in page
    assert Campaign.objects.count() == 0


@pytest.fixture
def neuroduel_league(organiser):
    from tests.league.conftest import duel_league_played_with_claim

    return duel_league_played_with_claim(organiser)
