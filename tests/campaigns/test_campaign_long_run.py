"""A campaign that ran long: the organiser's battles go a page at a time (the latest rounds
first), and the campaign's and a player's pages read no game's engine state (README
"Benchmarks")."""

from __future__ import annotations

import re

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from games.campaigns import services, views_organiser
from tests.campaigns.support import battle_between, declare_both
from tests.fixtures import client_for
from tests.reads_support import reads

pytestmark = pytest.mark.django_db


@pytest.fixture
def six(running, alice, bob, make_user):
    """alice, bob and four more in the running campaign."""
    others = [make_user(f"joueur{i}") for i in range(4)]
    for user in others:
        services.campaign_join(campaign_id=running.pk, user=user)
    return [alice, bob, *others]


def _listed(html: str) -> list[int]:
    return [int(pk) for pk in re.findall(r'<li><a href="/campaigns/\d+/battles/(\d+)/">', html)]


def _two_rounds(campaign, organiser, players) -> list[int]:
    """Three battles in round 1, then two in round 2: their ids as the organiser's page lists
    them (the latest round first, then in the order they were made)."""
    pairs = list(zip(players[::2], players[1::2], strict=True))
    first = [battle_between(campaign, a, b).pk for a, b in pairs]
    services.campaign_advance_round(campaign_id=campaign.pk, user=organiser)
    second = [battle_between(campaign, a, b).pk for a, b in pairs[:2]]
    return second + first


def test_the_organisers_battles_go_a_page_at_a_time(running, organiser, six, monkeypatch):
    monkeypatch.setattr(views_organiser, "BATTLES_PER_PAGE", 2)
    listed = _two_rounds(running, organiser, six)
    client = client_for(organiser, "fr")
    url = reverse("campaigns:organiser", args=[running.pk])
    first = client.get(url).content.decode()
    assert _listed(first) == listed[:2] and "Page 1 sur 3" in first
    assert 'href="?page=2"' in first and "?page=0" not in first
    assert _listed(client.get(url + "?page=2").content.decode()) == listed[2:4]
    # A page beyond the last, or no number, shows the nearest page.
    assert _listed(client.get(url + "?page=99").content.decode()) == listed[4:]
    assert _listed(client.get(url + "?page=x").content.decode()) == listed[:2]


def test_a_tool_used_on_a_later_page_comes_back_to_it(running, organiser, six, monkeypatch):
    monkeypatch.setattr(views_organiser, "BATTLES_PER_PAGE", 2)
    listed = _two_rounds(running, organiser, six)
    url = reverse("campaigns:organiser", args=[running.pk]) + "?page=2"
    answer = client_for(organiser).post(
        url, {"action": "extend", "battle": listed[2], "hours": "24"}
    )
    assert answer.status_code == 302 and answer["Location"] == url


def test_the_organisers_page_reads_one_page_of_battles(running, organiser, six, monkeypatch):
    monkeypatch.setattr(views_organiser, "BATTLES_PER_PAGE", 2)
    client = client_for(organiser)
    url = reverse("campaigns:organiser", args=[running.pk])
    battle_between(running, six[0], six[1])
    battle_between(running, six[2], six[3])
    with reads() as before:
        client.get(url)
    battle_between(running, six[4], six[5])
    services.campaign_advance_round(campaign_id=running.pk, user=organiser)
    battle_between(running, six[0], six[1])
    with reads() as after:
        client.get(url)
    assert after.rows == before.rows


def test_the_campaign_and_player_pages_read_no_engine_state(running, alice, bob):
    battle = declare_both(battle_between(running, alice, bob), alice, "expansion", bob, "raid")
    assert battle.match_id is not None
    player = running.players.get(user=alice)
    for url in (
        reverse("campaigns:detail", args=[running.pk]),
        reverse("campaigns:player", args=[running.pk, player.pk]),
    ):
        with CaptureQueriesContext(connection) as queries:
            page = client_for(alice).get(url).content.decode()
        assert f"/battles/{battle.pk}/" in page, url
        matches = [q["sql"] for q in queries if 'FROM "campaigns_battle"' in q["sql"]]
        assert matches and not [sql for sql in matches if '"snapshot"' in sql], url
