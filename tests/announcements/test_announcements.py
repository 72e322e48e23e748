"""Organisers' announcements: a season's organisers (or a campaign's) write once, every player
reads it on the page and is told in their inbox, in their language; the same form sent twice
posts once; players, strangers, empty, too long or forged input change nothing; a removed
announcement leaves the page."""

from __future__ import annotations

from html import unescape

import pytest
from django.urls import reverse
from django.utils import translation

from games.announcements.models import MAX_TEXT, Announcement
from games.campaigns import services as campaigns
from games.league.models import League, Registration
from games.notifications.models import Notification
from games.notifications.texts import notification_text
from tests.fixtures import client_for as _client_for
from tests.league.conftest import duel_league_played_with_claim, start_season

pytestmark = pytest.mark.django_db
TEXT = "La ronde 2 est prolongée d'une semaine.\nFinale au club samedi 14 h."


def client_for(user):
    return _client_for(user, language="fr")


def _told(user) -> list[Notification]:
    return list(Notification.objects.filter(user=user, params__event="announcement"))


@pytest.fixture
def season(organiser, make_user):
    league = duel_league_played_with_claim(organiser, name="Ligue du jeudi")
    return start_season(league, organiser, [make_user(n) for n in ("alice", "bruno")])


def _player(season, name: str):
    return Registration.objects.get(season=season, user__username=name).user


def _announce(client, season, text=TEXT, token="t-1"):
    return client.post(
        reverse("league:season_announce", args=[season.pk]), {"text": text, "token": token}
    )


def test_the_organiser_announces_and_every_player_reads_it_and_is_told(
    season, organiser, make_user
):
    helper = make_user("colette")
    season.league.organisers.add(helper)
    orga = client_for(organiser)
    page = orga.get(reverse("league:season", args=[season.pk])).content.decode()
    assert 'data-testid="announce-form"' in page
    assert _announce(orga, season).status_code == 302

    announcement = Announcement.objects.get()
    assert announcement.competition == f"league:{season.pk}" and announcement.text == TEXT
    for name in ("alice", "bruno"):
        page = client_for(_player(season, name)).get(reverse("league:season", args=[season.pk]))
        html = page.content.decode()
        assert "La ronde 2 est prolongée d&#x27;une semaine.<br>Finale au club" in html
        assert 'data-testid="announce-form"' not in html  # players read, they do not write
        (notice,) = _told(_player(season, name))
        with translation.override("fr"):
            assert notification_text(notice) == (
                "Annonce des organisateurs de Ligue du jeudi – 1 (orga) : La ronde 2 est prolongée "
                "d'une semaine. Finale au club samedi 14 h."
            )
        with translation.override("en"):
            assert notification_text(notice).startswith("orga, organiser of Ligue du jeudi – 1")
    assert len(_told(helper)) == 1  # a fellow organiser hears it too
    assert _told(organiser) == []  # not the author
    anonymous = _client_for(None).get(reverse("league:season", args=[season.pk]))
    assert "Finale au club" in anonymous.content.decode()  # a public league's page is public


def test_the_same_form_sent_twice_posts_once_and_tells_once(season, organiser):
    orga = client_for(organiser)
    assert _announce(orga, season).status_code == 302
    assert _announce(orga, season).status_code == 302
    assert Announcement.objects.count() == 1
    assert len(_told(_player(season, "alice"))) == 1
    refused = _announce(orga, season, text="Autre chose")  # a used key for another text
    assert refused.status_code == 400 and "déjà été envoyé" in refused.content.decode()
    assert Announcement.objects.count() == 1


@pytest.mark.parametrize(
    ("text", "token", "words"),
    [
        ("   ", "t-2", "elle est vide"),
        ("x" * (MAX_TEXT + 1), "t-3", f"en {MAX_TEXT} caractères au plus"),
        (TEXT, "", "Ce formulaire a expiré"),
        (TEXT, "k" * 65, "Ce formulaire a expiré"),
    ],
)
def test_bad_input_is_refused_in_words_and_changes_nothing(season, organiser, text, token, words):
    answer = _announce(client_for(organiser), season, text=text, token=token)
    html = answer.content.decode()
    assert answer.status_code == 400 and words in html
    assert not Announcement.objects.exists() and not _told(_player(season, "alice"))
    if text.strip():
        assert text[:50] in unescape(html)  # what was typed is kept in the box


def test_a_player_may_not_announce_nor_remove_and_a_stranger_learns_nothing(
    season, organiser, make_user
):
    alice = client_for(_player(season, "alice"))
    assert _announce(alice, season).status_code == 403
    assert not Announcement.objects.exists()

    _announce(client_for(organiser), season)
    announcement = Announcement.objects.get()
    remove = reverse("league:season_announcement_remove", args=[season.pk, announcement.pk])
    assert alice.post(remove).status_code == 403
    League.objects.filter(pk=season.league_id).update(is_public=False)
    stranger = client_for(make_user("curieux"))
    assert _announce(stranger, season, token="t-9").status_code == 404
    assert stranger.post(remove).status_code == 404
    assert stranger.get(reverse("league:season", args=[season.pk])).status_code == 404
    assert Announcement.objects.count() == 1


def test_the_organiser_removes_an_announcement_once_and_only_from_their_season(
    season, organiser, make_user
):
    orga = client_for(organiser)
    _announce(orga, season)
    announcement = Announcement.objects.get()
    other = start_season(
        duel_league_played_with_claim(organiser, name="Autre ligue"),
        organiser,
        [make_user("dan"), make_user("eve")],
    )
    foreign = reverse("league:season_announcement_remove", args=[other.pk, announcement.pk])
    assert orga.post(foreign).status_code == 400
    assert Announcement.objects.filter(pk=announcement.pk).exists()  # not that season's

    remove = reverse("league:season_announcement_remove", args=[season.pk, announcement.pk])
    assert orga.post(remove).status_code == 302
    assert not Announcement.objects.exists()
    page = orga.get(reverse("league:season", args=[season.pk])).content.decode()
    assert "Finale au club" not in page and "annonce a été retirée." in page
    again = orga.post(remove)  # a second click
    assert (
        again.status_code == 400 and "Cette annonce a déjà été retirée." in again.content.decode()
    )
    assert len(_told(_player(season, "alice"))) == 1  # what was told stays in the inbox


@pytest.fixture
def campaign(organiser, make_user):
    campaign = campaigns.campaign_create(organiser=organiser, name="Hiver", systems=["neuroshima"])
    for name in ("alice", "bob", "carl"):
        campaigns.campaign_join(campaign_id=campaign.pk, user=make_user(name))
    return campaign


def test_a_campaigns_organiser_tells_its_players_but_not_a_removed_one(campaign, organiser):
    from games.campaigns.models import CampaignPlayer

    campaigns.campaign_start(campaign_id=campaign.pk, user=organiser)
    carl = CampaignPlayer.objects.get(campaign=campaign, user__username="carl")
    campaigns.campaign_remove_player(
        campaign_id=campaign.pk, user=organiser, player_id=carl.pk, reason="parti"
    )
    orga = client_for(organiser)
    url = reverse("campaigns:announce", args=[campaign.pk])
    detail = reverse("campaigns:detail", args=[campaign.pk])
    assert 'data-testid="announce-form"' in orga.get(detail).content.decode()
    assert orga.post(url, {"text": TEXT, "token": "c-1"}).status_code == 302
    assert orga.post(url, {"text": TEXT, "token": "c-1"}).status_code == 302  # a double click
    announcement = Announcement.objects.get()
    assert announcement.competition == f"campaign:{campaign.pk}"
    alice = CampaignPlayer.objects.get(campaign=campaign, user__username="alice").user
    assert len(_told(alice)) == 1
    assert _told(carl.user) == [] and _told(organiser) == []
    page = client_for(alice).get(detail).content.decode()
    assert "Finale au club" in page and 'data-testid="announce-form"' not in page

    player = client_for(alice)
    assert player.post(url, {"text": "moi aussi", "token": "c-2"}).status_code == 403
    remove = reverse("campaigns:announcement_remove", args=[campaign.pk, announcement.pk])
    assert player.post(remove).status_code == 403
    assert orga.post(remove).status_code == 302
    assert not Announcement.objects.exists()


def test_a_private_campaigns_announcements_stay_private(organiser, make_user):
    campaign = campaigns.campaign_create(organiser=organiser, name="Secrète", is_public=False)
    orga = client_for(organiser)
    orga.post(reverse("campaigns:announce", args=[campaign.pk]), {"text": TEXT, "token": "p-1"})
    assert Announcement.objects.count() == 1
    stranger = client_for(make_user("curieux"))
    assert stranger.get(reverse("campaigns:detail", args=[campaign.pk])).status_code == 404
    answer = stranger.post(
        reverse("campaigns:announce", args=[campaign.pk]), {"text": "x", "token": "p-2"}
    )
    assert answer.status_code == 404 and Announcement.objects.count() == 1


def test_the_authors_data_download_holds_their_announcements_and_nobody_elses(season, organiser):
    import json

    _announce(client_for(organiser), season)
    mine = json.loads(client_for(organiser).get(reverse("accounts:data_download")).content)
    assert [(a["competition"], a["text"]) for a in mine["announcements"]] == [
        (f"league:{season.pk}", TEXT)
    ]
    alice = client_for(_player(season, "alice")).get(reverse("accounts:data_download"))
    assert json.loads(alice.content)["announcements"] == []
