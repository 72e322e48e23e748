"""Issue 13, point 7: a campaign or league match names what it belongs to (through the hook
the competitions register), and the campaign flow guides its players: the organiser plays if
they wish, round 1 is signposted, the challenge form hides when nobody may be challenged,
objectives that would take nothing say so, territories are picked on the map, irreversible
organiser actions ask first; and every event that needs a player is notified."""

from __future__ import annotations

import pytest
from django.urls import reverse

from games.campaigns import rules
from games.campaigns import services as campaigns
from games.notifications.models import Notification
from tests.campaigns.support import battle_between, declare_both, give, win
from tests.fixtures import make_player

pytestmark = pytest.mark.django_db
K = Notification.Kind


@pytest.fixture
def people():
    return [make_player(n) for n in ("orga", "alice", "bob", "carol")]


@pytest.fixture
def running(people):
    orga, alice, bob, carol = people
    campaign = campaigns.campaign_create(
        organiser=orga, name="Hex Wars", systems=["neuroshima"], organiser_plays=True
    )
    for user in (alice, bob, carol):
        campaigns.campaign_join(campaign_id=campaign.pk, user=user)
    campaigns.campaign_start(campaign_id=campaign.pk, user=orga)
    campaign.refresh_from_db()
    return campaign


def page(client, user, url):
    client.force_login(user)
    return client.get(url, HTTP_ACCEPT_LANGUAGE="en").content.decode()


def test_the_organiser_who_plays_is_a_member_and_round_one_is_signposted(client, people):
    orga, alice = people[0], people[1]
    campaign = campaigns.campaign_create(organiser=orga, name="Open", organiser_plays=True)
    assert campaign.players.filter(user=orga).exists()
    url = reverse("campaigns:detail", args=[campaign.pk])
    assert "start round 1 from the" in page(client, orga, url)
    assert "Round 1 starts when the organiser says so" in page(client, alice, url)


def test_a_campaign_battle_names_its_campaign_round_and_deadline_and_links_back(
    client, running, people
):
    _orga, alice, bob, _carol = people
    battle = declare_both(
        battle_between(running, alice, bob), alice, rules.EXPANSION, bob, rules.EXPANSION
    )
    html = page(client, alice, f"/m/{battle.match_id}/")
    battle_url = reverse("campaigns:battle", args=[running.pk, battle.pk])
    assert f'<a href="{battle_url}">Campaign Hex Wars</a> · round 1: alice – bob · until ' in html


def test_the_challenge_form_hides_once_you_fight_this_round(client, running, people):
    _orga, alice, bob, carol = people
    url = reverse("campaigns:detail", args=[running.pk])
    assert "Send the challenge" in page(client, carol, url)
    battle_between(running, alice, bob)
    assert "Send the challenge" not in page(client, alice, url)
    carol_page = page(client, carol, url)
    assert "Send the challenge" in carol_page  # the organiser is still free
    assert f'<option value="{running.players.get(user=alice).pk}">' not in carol_page


def test_objectives_that_would_take_nothing_say_so(client, running, people):
    _orga, alice, bob, _carol = people
    battle = battle_between(running, alice, bob)
    html = page(client, alice, reverse("campaigns:battle", args=[running.pk, battle.pk]))
    assert html.count("(Nothing to take at the moment.)") == 3  # bob holds no territory yet
    give(running, bob, 2)
    html = page(client, alice, reverse("campaigns:battle", args=[running.pk, battle.pk]))
    assert "(Nothing to take at the moment.)" not in html


def test_the_winner_picks_territories_on_the_map_and_is_told_to(client, running, people):
    _orga, alice, bob, _carol = people
    battle = declare_both(
        battle_between(running, alice, bob), alice, rules.EXPANSION, bob, rules.EXPANSION
    )
    win(battle, alice, bob)
    html = page(client, alice, reverse("campaigns:battle", args=[running.pk, battle.pk]))
    assert 'class="region unclaimed candidate"' in html and 'data-check="territory-' in html
    told = Notification.objects.get(user=alice, kind=K.TERRITORIES)
    assert told.params["link"] == reverse("campaigns:battle", args=[running.pk, battle.pk])


def test_challenges_declarations_and_rounds_are_notified_once_per_battle(running, people):
    orga, alice, bob, carol = people
    assert Notification.objects.filter(kind=K.ROUND, params__number=1).count() == 4
    battle = battle_between(running, alice, bob)
    assert Notification.objects.get(user=bob, kind=K.DECLARE).params["opponent"] == "alice"
    # bob's challenge became his declaration: one unread entry for the battle
    assert not Notification.objects.filter(user=bob, kind=K.CHALLENGE).exists()
    assert (
        Notification.objects.filter(
            user=bob, read_at__isnull=True, params__about=f"campaign-battle:{battle.pk}"
        ).count()
        == 1
    )
    campaigns.campaign_challenge(
        campaign_id=running.pk, user=carol, opponent_id=running.players.get(user=orga).pk
    )
    assert Notification.objects.get(user=orga, kind=K.CHALLENGE).params["by"] == "carol"


def test_irreversible_organiser_actions_ask_first(client, running, people):
    orga = people[0]
    html = page(client, orga, reverse("campaigns:organiser", args=[running.pk]))
    assert 'data-confirm="End this round now?' in html
    assert 'data-confirm="Remove alice from the campaign?' in html


def test_a_league_game_names_its_league_season_and_round_and_its_players_are_told(
    client, organiser
):
    from games.league.models import PairingGame
    from tests.league.conftest import duel_league_played_with_claim, start_season

    players = [make_player(f"p{i}") for i in range(2)]
    league = duel_league_played_with_claim(organiser, name="NeuroDuel")
    start_season(league, organiser, players)
    game = PairingGame.objects.filter(match__isnull=False).select_related("pairing__round").first()
    html = page(client, players[0], f"/m/{game.match_id}/")
    round_url = reverse("league:round", args=[game.pairing.round_id])
    assert f'<a href="{round_url}">League NeuroDuel</a> · season 1, round 1 · until ' in html
    told = Notification.objects.filter(kind=K.PAIRINGS, params__number=1)
    assert sorted(n.user.username for n in told) == ["p0", "p1"]


@pytest.mark.parametrize(
    ("name", "language", "shown"),
    [
        ("Ligue du jeudi", "fr", ">Ligue du jeudi</a> · saison 1, manche 1"),
        ("La ligue du club", "fr", ">La ligue du club</a> · saison 1, manche 1"),
        ("Thursday League", "en", ">Thursday League</a> · season 1, round 1"),
        ("NeuroDuel", "fr", ">Ligue NeuroDuel</a> · saison 1, manche 1"),
    ],
)
def test_a_league_named_a_league_is_not_called_ligue_ligue(
    client, organiser, name, language, shown
):
    from games.league.models import PairingGame
    from tests.league.conftest import duel_league_played_with_claim, start_season

    players = [make_player(f"p{i}", language=language) for i in range(2)]
    start_season(duel_league_played_with_claim(organiser, name=name), organiser, players)
    game = PairingGame.objects.filter(match__isnull=False).first()
    client.force_login(players[0])
    html = client.get(f"/m/{game.match_id}/", HTTP_ACCEPT_LANGUAGE=language).content.decode()
    assert shown in html


def test_a_campaign_named_a_campaign_is_not_called_campagne_campagne(client):
    orga, alice, bob = (make_player(n, language="fr") for n in ("orga", "alice", "bob"))
    campaign = campaigns.campaign_create(
        organiser=orga, name="Campagne d'hiver", systems=["neuroshima"]
    )
    for user in (alice, bob):
        campaigns.campaign_join(campaign_id=campaign.pk, user=user)
    campaigns.campaign_start(campaign_id=campaign.pk, user=orga)
    battle = declare_both(battle_between(campaign, alice, bob), alice, "expansion", bob, "raid")
    client.force_login(alice)
    html = client.get(f"/m/{battle.match_id}/", HTTP_ACCEPT_LANGUAGE="fr").content.decode()
    assert ">Campagne d&#x27;hiver</a> · manche 1 : alice – bob" in html
