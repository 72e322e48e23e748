"""What a player of a skirmish campaign reads (walk polish12): the campaign's page names its
game and where armies are built, the declaration names the lists it leaves out and why, with
the way to the builder, and a battle's page tells what happened in it."""

from __future__ import annotations

import re
from html import unescape

from django.urls import reverse

from games.armies import services as armies
from games.campaigns import services
from games.campaigns.models import PendingChoice, Territory
from tests.armies.conftest import trooper_list
from tests.campaigns.support import battle_between, declare_both, win
from tests.fixtures import client_for

ARMIES = 'href="/armies/"'


def _skirmish_campaign(organiser, alice, bob, **house_rules):
    campaign = services.campaign_create(
        organiser=organiser, name="Kessel", systems=["skirmish"], house_rules=house_rules
    )
    for user in (alice, bob):
        services.campaign_join(campaign_id=campaign.pk, user=user)
    services.campaign_start(campaign_id=campaign.pk, user=organiser)
    return campaign


def _games_line(page: str) -> str:
    return unescape(re.search(r'<p class="campaign-games"[^>]*>(.*?)</p>', page, re.S).group(1))


def test_a_skirmish_campaigns_page_names_its_game_and_where_armies_are_built(
    organiser, alice, bob, make_user
):
    campaign = _skirmish_campaign(organiser, alice, bob)
    newcomer = make_user("carla")  # not in it yet: she reads it before joining
    page = client_for(newcomer, "fr").get(reverse("campaigns:detail", args=[campaign.pk]))
    line = _games_line(page.content.decode())
    assert "Les batailles se jouent avec le jeu Escarmouche SF en une page." in line
    assert "ou combattez avec l'armée par défaut" in line and ARMIES in line
    english = _games_line(
        client_for(newcomer, "en").get(page.request["PATH_INFO"]).content.decode()
    )
    assert "Battles are played with One-page sci-fi skirmish." in english


def test_a_campaign_that_requires_lists_says_so_beside_its_game(organiser, alice, bob):
    campaign = _skirmish_campaign(organiser, alice, bob, army_required=True)
    page = client_for(alice, "fr").get(reverse("campaigns:detail", args=[campaign.pk]))
    assert "Chaque joueur apporte sa propre liste d'armée" in _games_line(page.content.decode())


def test_a_game_without_army_lists_sends_nobody_to_the_builder(running, alice):
    line = _games_line(
        client_for(alice, "fr").get(reverse("campaigns:detail", args=[running.pk])).content.decode()
    )
    assert "Neuroshima Hex" in line and ARMIES not in line


def _declaration_hint(user, battle, language="fr") -> str:
    page = client_for(user, language).get(
        reverse("campaigns:battle", args=[battle.campaign_id, battle.pk])
    )
    hint = re.search(
        r'<p class="hint" id="army-lists-hint"[^>]*>(.*?)</p>', page.content.decode(), re.S
    )
    return unescape(hint.group(1))


def test_the_declaration_names_a_draft_it_leaves_out_and_links_the_builder(organiser, alice, bob):
    campaign = _skirmish_campaign(organiser, alice, bob)
    draft = trooper_list(name="Les Corsaires", count=8)
    draft["units"][0]["hero"] = True  # 8 Heroes in 150-odd points: a draft
    armies.army_list_save(owner=alice, system="skirmish", name="Les Corsaires", data=draft)
    battle = battle_between(campaign, alice, bob)
    hint = _declaration_hint(alice, battle)
    assert "Pas proposée : Les Corsaires (brouillon : ouvrez-la pour voir quoi changer)." in hint
    assert ARMIES in hint
    assert "Not offered: Les Corsaires (a draft" in _declaration_hint(alice, battle, "en")
    assert (
        "vous n'avez encore aucune liste d'armée pour ce jeu"
        in _declaration_hint(bob, battle).lower()
    )


def test_the_declaration_names_a_list_over_the_campaigns_limit(organiser, alice, bob):
    campaign = _skirmish_campaign(organiser, alice, bob, army_points_limit=300)
    armies.army_list_save(
        owner=alice, system="skirmish", name="Les Lourds", data=trooper_list(count=20)
    )
    fits = armies.army_list_save(
        owner=alice, system="skirmish", name="Les Légers", data=trooper_list(count=12)
    )
    battle = battle_between(campaign, alice, bob)
    hint = _declaration_hint(alice, battle)
    assert re.search(
        r"Pas proposée : Les Lourds \(\d+ points, au-delà des 300 de cette campagne\)\.", hint
    )
    assert "Les Légers" not in hint and fits.valid


def test_a_resolved_battles_page_tells_what_happened_in_it(running, alice, bob):
    """Its page said « Résolue » only: the loser following the inbox to it could not read what
    was taken; the campaign's feed alone said it."""
    battle = declare_both(battle_between(running, alice, bob), alice, "expansion", bob, "raid")
    win(battle, alice, bob)
    choice = PendingChoice.objects.get(battle=battle)
    picks = list(Territory.objects.filter(campaign=running, holder=None).order_by("number")[:2])
    services.campaign_choose(choice_id=choice.pk, user=alice, territory_ids=[t.pk for t in picks])
    page = client_for(bob, "fr").get(reverse("campaigns:battle", args=[running.pk, battle.pk]))
    story = unescape(
        re.search(r'data-testid="battle-story">(.*?)</section>', page.content.decode(), re.S).group(
            1
        )
    )
    lines = re.findall(r"<li>(.*?)</li>", story)
    assert lines[0] == "alice défie bob." and len(lines) >= 4
    assert f"alice prend {picks[0].name}, {picks[1].name} (Expansion)." in lines
    assert "Objectifs révélés : alice joue Expansion, bob joue Raid." in lines


def _list_entry(reader, name: str, language: str) -> str:
    page = client_for(reader, language).get(reverse("campaigns:list")).content.decode()
    entries = re.findall(r"<li>(.*?)</li>", page, re.S)
    return unescape(next(e for e in entries if f">{name}</a>" in e))


def test_the_campaigns_list_names_each_campaigns_game(organiser, alice, bob, running):
    """The list said a campaign's name, state and players: its game only on its own page."""
    _skirmish_campaign(organiser, alice, bob)
    assert "Escarmouche SF en une page" in _list_entry(alice, "Kessel", "fr")
    assert "One-page sci-fi skirmish" in _list_entry(alice, "Kessel", "en")
    assert "Neuroshima Hex" in _list_entry(alice, running.name, "fr")
