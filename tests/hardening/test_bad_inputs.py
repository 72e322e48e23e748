"""The seven inputs that answered HTTP 500 in the reliability review (finding 7), each now a
4xx page with a sentence in the reader's language, and nothing changed in the database."""

from __future__ import annotations

import json

import pytest

from games.campaigns import services as campaigns
from games.league import services as league
from tests.fixtures import client_for, make_player, start_match
from tests.hardening.support import changed_tables, database_digest
from tests.neuroshima_site.test_pages import POSITION

pytestmark = pytest.mark.django_db


def refused(response, sentence: str, status: int = 400) -> None:
    body = response.content.decode()
    assert response.status_code == status, body[-3000:]
    assert sentence in body, body[-3000:]


@pytest.fixture
def unchanged():
    """Asserts at the end of the test that the database is as it was when asked for."""
    before = database_digest()
    yield
    assert changed_tables(before, database_digest()) == []


# a. A chat message holding NUL (PostgreSQL cannot store it).


@pytest.mark.parametrize("htmx", [False, True])
def test_a_chat_message_with_a_nul_character_is_refused(htmx):
    anna, bruno = make_player("anna"), make_player("bruno")
    match = start_match(anna, bruno)
    headers = {"HTTP_HX_REQUEST": "true"} if htmx else {}
    before = database_digest()
    response = client_for(anna).post(f"/m/{match.pk}/chat", {"text": "a\x00b"}, **headers)
    refused(response, "not allowed (NUL)")
    assert changed_tables(before, database_digest()) == []


def test_a_nul_character_is_refused_in_french_too(unchanged):
    response = client_for(language="fr").get("/leagues/players/a\x00b/")
    refused(response, "caractère interdit (NUL)")


# b. The analysis page (anonymous): deep JSON, malformed battle events.


def test_the_analysis_page_refuses_json_nested_too_deeply(unchanged):
    response = client_for().post("/neuroshima/analysis/", {"data": "[" * 100_000})
    refused(response, "nested too deeply")


def record_with(events: list) -> str:
    return json.dumps({"moves": [], "position": POSITION, "events": events})


BAD_EVENTS = [
    # KeyError: 'wounds' (the review's)
    [{"kind": "BattleStarted", "initiative": 3}, {"kind": "UnitHit", "hex": [0, 0]}],
    # TypeError: a hex that is not a pair
    [{"kind": "BattleStarted", "initiative": 3}, {"kind": "UnitHit", "hex": 5, "wounds": 1}],
    # events that are not objects, or have no kind
    ["BattleStarted", 3],
    [{"initiative": 3}],
    # an unknown tile placed during a battle
    [
        {"kind": "BattleStarted", "initiative": 3},
        {"kind": "PhaseStarted", "initiative": 3},
        {"kind": "TilePlaced", "hex": [1, 1], "tile": "nobody.nothing", "seat": 0},
        {"kind": "UnitHit", "hex": [1, 1], "wounds": 1},
    ],
]


@pytest.mark.parametrize("events", BAD_EVENTS)
def test_the_analysis_page_refuses_a_record_with_malformed_battle_events(events, unchanged):
    response = client_for().post(
        "/neuroshima/analysis/", {"data": record_with(events), "battle": "1", "step": "1"}
    )
    refused(response, "events cannot be read")


# c. A campaign organiser removing an unknown or already removed player.


@pytest.fixture
def running_campaign():
    organiser, alice, bob = make_player("orga"), make_player("alice"), make_player("bob")
    campaign = campaigns.campaign_create(organiser=organiser, name="Hiver", systems=["neuroshima"])
    for user in (alice, bob):
        campaigns.campaign_join(campaign_id=campaign.pk, user=user)
    return campaign, organiser, alice


def test_removing_an_unknown_campaign_player_is_refused(running_campaign):
    campaign, organiser, _ = running_campaign
    before = database_digest()
    response = client_for(organiser).post(
        f"/campaigns/{campaign.pk}/organiser/",
        {"action": "remove", "player": "999999", "reason": "gone"},
    )
    refused(response, "No such player in this campaign")
    assert changed_tables(before, database_digest()) == []


def test_removing_a_campaign_player_twice_is_refused_the_second_time(running_campaign):
    campaign, organiser, alice = running_campaign
    player = campaign.players.get(user=alice)
    client = client_for(organiser)
    url = f"/campaigns/{campaign.pk}/organiser/"
    assert client.post(url, {"action": "remove", "player": player.pk}).status_code == 302
    before = database_digest()
    refused(client.post(url, {"action": "remove", "player": player.pk}), "No such player")
    assert changed_tables(before, database_digest()) == []


# d. A league organiser publishing round "abc".


def test_publishing_a_league_round_that_is_not_a_number_is_refused():
    organiser = make_player("lea")
    created = league.league_create(name="Ligue", created_by=organiser, system="claim")
    season = league.season_open(league=created, actor=organiser)
    before = database_digest()
    for junk in ("abc", "", "1.5", "²", "99999999999999999999999"):
        response = client_for(organiser).post(
            f"/leagues/seasons/{season.pk}/manage/publish/", {"round": junk}
        )
        refused(response, "No such round in this season")
    assert changed_tables(before, database_digest()) == []


def test_the_database_digest_notices_any_change_but_not_read_marks():
    """The fuzzer's "nothing changed" rests on this digest: it must see a one-field change."""
    anna, bruno = make_player("anna"), make_player("bruno")
    match = start_match(anna, bruno)
    before = database_digest()
    match.seats.filter(user=anna).update(last_seen_version=99)  # a read mark: ignored
    assert changed_tables(before, database_digest()) == []
    anna.profile.display_name = "Anna"
    anna.profile.save(update_fields=["display_name"])
    assert changed_tables(before, database_digest()) == ["accounts.Profile"]


# Found by the endpoint fuzzer (tests/hardening/test_fuzz_endpoints.py).


@pytest.mark.parametrize("htmx", [False, True])
def test_a_move_nested_too_deeply_is_refused(htmx, unchanged_match):
    anna, match = unchanged_match
    headers = {"HTTP_HX_REQUEST": "true"} if htmx else {}
    before = database_digest()
    response = client_for(anna).post(
        f"/m/{match.pk}/move", {"move": "[" * 100_000, "expected_version": "1"}, **headers
    )
    refused(response, "This move could not be read")
    assert changed_tables(before, database_digest()) == []


@pytest.fixture
def unchanged_match():
    anna, bruno = make_player("anna"), make_player("bruno")
    return anna, start_match(anna, bruno)
