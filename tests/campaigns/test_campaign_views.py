"""Campaign pages through Django's test client: secrecy, permissions, htmx partials, French."""

from __future__ import annotations

import re

import pytest
from django.test import Client
from django.urls import reverse

from games.campaigns import rules, services
from games.campaigns.models import Battle, Campaign
from games.campaigns.presenters import OBJECTIVE_HELP, OBJECTIVE_LABELS
from tests.campaigns.support import battle_between, give, win
from tests.fixtures import client_for

pytestmark = pytest.mark.django_db


def battle_url(battle, suffix=""):
    return reverse("campaigns:battle", args=[battle.campaign_id, battle.pk]) + suffix


def secret_strings(objective):
    """Every way the raid objective could show: its key, English and French labels."""
    from django.utils import translation

    found = {objective}
    for lang in ("en", "fr"):
        with translation.override(lang):
            found.add(str(OBJECTIVE_LABELS[objective]))
            found.add(str(OBJECTIVE_HELP[objective]))
    return found


def as_words(page: str, secret: str) -> int:
    """How often the page says `secret` as words of its own: never inside a longer run of
    letters and digits. A page's CSRF token is one random string written five times on Bob's
    battle page (its meta tag and four forms); a CI once drew one holding "raid", which counted
    five more "raid" on one read than on the next."""
    return len(re.findall(rf"(?<!\w){re.escape(secret)}(?!\w)", page))


def test_list_create_and_join_flow(organiser, alice):
    client = client_for(organiser)
    assert client.get("/campaigns/").status_code == 200
    response = client.post(
        "/campaigns/",
        {
            "name": "Automne",
            "systems": ["neuroshima"],
            "rounds": 4,
            "round_length_days": 7,
            "is_public": "on",
            "pairing_mode": "challenge",
            "declaration_deadline_hours": 48,
            "default_objective": "expansion",
            "choice_deadline_hours": 24,
            "nothing_to_take": "partial",
        },
    )
    campaign = Campaign.objects.get(name="Automne")
    assert response.status_code == 302
    assert campaign.rule("declaration_deadline_hours") == 48
    page = client_for(alice).get(reverse("campaigns:detail", args=[campaign.pk]))
    assert b'id="join"' in page.content
    client_for(alice).post(reverse("campaigns:join", args=[campaign.pk]))
    page = client_for(alice).get(reverse("campaigns:detail", args=[campaign.pk]))
    assert page.content.count(b'class="region unclaimed"') == 10
    assert b'id="join"' not in page.content


def test_the_opponents_objective_never_reaches_the_browser_before_both_declared(
    running, alice, bob, make_user
):
    carol = make_user("carol")
    services.campaign_join(campaign_id=running.pk, user=carol)
    battle = battle_between(running, alice, bob)
    detail = reverse("campaigns:detail", args=[running.pk])
    as_bob, as_carol = client_for(bob), client_for(carol)
    as_bob_fr = client_for(bob, "fr")
    before_page = as_bob.get(battle_url(battle)).content.decode()
    before_partial = as_bob.get(battle_url(battle), HTTP_HX_REQUEST="true").content.decode()

    client_for(alice).post(battle_url(battle, "declare/"), {"objective": rules.RAID})
    assert Battle.objects.get(pk=battle.pk).declarations.count() == 1
    secrets = secret_strings(rules.RAID)

    # Partials, JSON and the pages of spectators carry no trace of alice's objective.
    responses = [
        as_carol.get(battle_url(battle), HTTP_HX_REQUEST="true"),
        as_bob.get(reverse("campaigns:battle_json", args=[running.pk, battle.pk])),
        as_bob.get(detail + "?part=feed", HTTP_HX_REQUEST="true"),
        as_bob_fr.get(detail + "?part=feed", HTTP_HX_REQUEST="true"),
        as_carol.get(battle_url(battle)),
        Client().get(battle_url(battle)),
        Client().get(reverse("campaigns:battle_json", args=[running.pk, battle.pk])),
    ]
    for response in responses:
        assert response.status_code == 200
        body = response.content.decode()
        for secret in secrets:
            assert as_words(body, secret) == 0, (secret, response.request["PATH_INFO"])
    json = responses[1].json()
    assert [d["objective"] for d in json["declarations"]] == [None, None]
    assert [d["declared"] for d in json["declarations"]] == [True, False]

    # Bob's own page and partial still offer him every objective, but nothing more than before.
    after_page = as_bob.get(battle_url(battle)).content.decode()
    after_partial = as_bob.get(battle_url(battle), HTTP_HX_REQUEST="true").content.decode()
    for secret in secrets:
        assert as_words(after_page, secret) == as_words(before_page, secret)
        assert as_words(after_partial, secret) == as_words(before_partial, secret)
    assert after_page.count('value="raid"') == before_page.count('value="raid"') == 1
    assert "has declared (secret until both have)" in after_partial
    # Alice sees her own choice.
    assert "Raid" in client_for(alice).get(battle_url(battle)).content.decode()

    # Once both declared, everybody sees both.
    client_for(bob).post(battle_url(battle, "declare/"), {"objective": rules.EXPANSION})
    revealed = as_carol.get(battle_url(battle)).content.decode()
    assert "<strong>Raid</strong>" in revealed and "<strong>Expansion</strong>" in revealed


def test_only_the_battles_players_may_declare(running, alice, bob, make_user, organiser):
    carol = make_user("carol")
    services.campaign_join(campaign_id=running.pk, user=carol)
    battle = battle_between(running, alice, bob)
    for outsider in (carol, organiser):
        response = client_for(outsider).post(battle_url(battle, "declare/"), {"objective": "raid"})
        assert response.status_code == 403
    assert Battle.objects.get(pk=battle.pk).declarations.count() == 0
    assert b'id="declare"' not in client_for(carol).get(battle_url(battle)).content


def test_htmx_declare_returns_the_partial_and_plain_post_redirects(running, alice, bob):
    battle = battle_between(running, alice, bob)
    response = client_for(alice).post(
        battle_url(battle, "declare/"), {"objective": "invasion"}, HTTP_HX_REQUEST="true"
    )
    assert response.status_code == 200
    body = response.content.decode()
    assert body.lstrip().startswith('<div id="declarations"') and "<html" not in body
    response = client_for(bob).post(battle_url(battle, "declare/"), {"objective": "raid"})
    assert response.status_code == 302


def test_organiser_tools_page_is_403_for_others(running, alice, organiser):
    url = reverse("campaigns:organiser", args=[running.pk])
    assert client_for(alice).get(url).status_code == 403
    assert client_for(alice).post(url, {"action": "pause"}).status_code == 403
    assert client_for(organiser).get(url).status_code == 200
    client_for(organiser).post(url, {"action": "pause"})
    running.refresh_from_db()
    assert running.status == Campaign.Status.PAUSED


def test_the_campaign_page_in_french_shows_map_standings_feed(running, alice, bob):
    battle = battle_between(running, alice, bob)
    client_for(alice).post(battle_url(battle, "declare/"), {"objective": "expansion"})
    client_for(bob).post(battle_url(battle, "declare/"), {"objective": "raid"})
    battle.refresh_from_db()
    win(battle, alice, bob)
    page = client_for(alice, "fr").get(reverse("campaigns:detail", args=[running.pk]))
    body = page.content.decode()
    assert page.status_code == 200
    assert "Classement" in body and "Carte" in body
    assert "Objectifs révélés" in body
    assert re.search(r"<title>[^<]*non revendiqué", body)
    battle_page = client_for(alice, "fr").get(battle_url(battle)).content.decode()
    assert "Territoires à choisir" in battle_page


def test_player_history_and_invite_only_visibility(organiser, alice, bob):
    campaign = services.campaign_create(organiser=organiser, name="Privée", is_public=False)
    detail = reverse("campaigns:detail", args=[campaign.pk])
    assert client_for(alice).get(detail).status_code == 404
    invite = reverse("campaigns:invite", args=[campaign.invite_token])
    assert b'name="invite_token"' in client_for(alice).get(invite).content
    client_for(alice).post(
        reverse("campaigns:join", args=[campaign.pk]), {"invite_token": campaign.invite_token}
    )
    assert client_for(alice).get(detail).status_code == 200
    player = campaign.players.get(user=alice)
    page = client_for(alice).get(reverse("campaigns:player", args=[campaign.pk, player.pk]))
    assert page.status_code == 200 and b"Arden" in page.content


def test_the_campaign_page_stays_cheap_with_eight_players(
    running, make_user, alice, django_assert_max_num_queries
):
    for i in range(6):
        services.campaign_join(campaign_id=running.pk, user=make_user(f"extra{i}"))
    client = client_for(alice)
    url = reverse("campaigns:detail", args=[running.pk])
    client.get(url)  # warm the translation and template caches
    with django_assert_max_num_queries(25):
        response = client.get(url)
    assert response.content.count(b'class="region unclaimed"') == 80


def test_the_new_campaign_form_names_each_game_as_the_lobby_does(organiser):
    """The games were their keys capitalised: "Skirmish" on the French site."""
    french = client_for(organiser).get("/campaigns/", HTTP_ACCEPT_LANGUAGE="fr").content.decode()
    labels = re.findall(r'name="systems" value="(\w+)"[^>]*>\s*([^<]+?)\s*</label>', french)
    assert dict(labels)["skirmish"] == "Escarmouche SF en une page"
    assert dict(labels)["neuroshima"] == "Neuroshima Hex"


def _next_step(client, campaign):
    page = client.get(f"/campaigns/{campaign.pk}/", HTTP_ACCEPT_LANGUAGE="fr").content.decode()
    found = re.search(r'<a class="button" href="([^"]+)" data-testid="next-step">([^<]+)</a>', page)
    return found.groups() if found else None


def test_the_campaign_page_names_each_players_next_step_in_their_battle(
    running, alice, bob, organiser
):
    """The battles list said only "Annonce des objectifs": where to announce, then where to
    play, was a guess."""
    from tests.campaigns.support import declare_both

    battle = battle_between(running, alice, bob)
    battle_page = battle_url(battle)
    assert _next_step(client_for(alice), running) == (battle_page, "Mon objectif secret")
    assert _next_step(client_for(bob), running) == (battle_page, "Mon objectif secret")
    assert _next_step(client_for(organiser), running) is None  # not their battle
    battle = declare_both(battle, alice, "expansion", bob, "expansion")
    assert _next_step(client_for(alice), running) == (f"/m/{battle.match_id}/", "Jouer la bataille")
    win(battle, alice, bob)
    assert _next_step(client_for(alice), running) == (battle_page, "Choisir mes territoires")
    assert _next_step(client_for(bob), running) is None  # the loser has nothing to do


def test_the_organisers_pairing_form_starts_on_two_different_players(running, organiser):
    """Both lists began on the same player: "Pair" as it stood was a pairing refused."""
    page = client_for(organiser).get(f"/campaigns/{running.pk}/organiser/").content.decode()

    def chosen(select_id):
        select = re.search(rf'<select id="{select_id}"[^>]*>(.*?)</select>', page, re.S).group(1)
        options = re.findall(r'<option value="(\d+)"( selected)?>', select)
        return next((value for value, selected in options if selected), options[0][0])

    assert chosen("pair-a") != chosen("pair-b")


def test_the_feed_links_each_battle_in_words(running, alice, bob):
    """Each battle's line ended in a lone link "bataille": "rival défie newbie. bataille"."""
    battle_between(running, alice, bob)
    page = client_for(alice).get(f"/campaigns/{running.pk}/", HTTP_ACCEPT_LANGUAGE="fr")
    links = re.findall(r'data-testid="feed-battle">([^<]+)</a>', page.content.decode())
    assert links and set(links) == {"Voir la bataille"}


def test_a_newcomer_is_told_their_territories_are_unclaimed_and_how_to_win_some(
    running, organiser, alice, make_user
):
    """« arrive avec 10 territoires vierges » then « 0 territoire » read as a contradiction: the
    page says where the territories are (on the map, unclaimed) and how to get them."""
    carla = make_user("carla")
    detail = reverse("campaigns:detail", args=[running.pk])
    join_button = client_for(carla, "fr").get(detail).content.decode()
    assert "Rejoindre la campagne (ajoute 10 territoires vierges à la carte)" in join_button
    services.campaign_join(campaign_id=running.pk, user=carla)
    body = client_for(carla, "fr").get(detail).content.decode().replace("&#x27;", "'")
    assert "carla arrive : 10 territoires vierges s'ajoutent à la carte" in body
    hint = re.search(r'data-testid="no-territory-yet">([^<]*)<', body).group(1)
    assert hint.startswith("Vous n'avez encore aucun territoire") and "Expansion" in hint
    # Only to a player, and only while they hold none.
    assert (
        'data-testid="no-territory-yet"' not in client_for(organiser).get(detail).content.decode()
    )
    give(running, alice, 2)
    assert 'data-testid="no-territory-yet"' not in client_for(alice).get(detail).content.decode()


def test_an_open_campaign_tells_a_player_who_joined_they_are_in(campaign, alice, bob):
    detail = reverse("campaigns:detail", args=[campaign.pk])
    services.campaign_join(campaign_id=campaign.pk, user=alice)
    joined = client_for(alice, "fr").get(detail).content.decode()
    assert "Vous en êtes : la manche 1 commence" in joined
    assert "rejoignez la campagne maintenant" not in joined  # they did
    assert "rejoignez la campagne maintenant" in client_for(bob, "fr").get(detail).content.decode()
