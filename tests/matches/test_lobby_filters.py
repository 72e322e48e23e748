"""The lobby's filters: one game, a pace (days per move), or both, for the open seats and the
matches in progress alike; a value the form does not offer shows every match."""

from __future__ import annotations

import re

import pytest

from games.matches import services
from tests.fixtures import client_for, make_player
from tests.matches.demo_system import install

install()

pytestmark = pytest.mark.django_db


def open_match(creator, system: str, days: int):
    config = {"hexes": 8} if system == "claim" else {}
    return services.match_create(
        system=system, config=config, seat_users=[creator, None], days_per_move=days
    )


@pytest.fixture
def lobby():
    anna, bruno = make_player("anna"), make_player("bruno")
    return {
        "claim-1": open_match(anna, "claim", 1),
        "claim-4": open_match(anna, "claim", 4),
        "claim-9": open_match(anna, "claim", 9),
        "neuroshima-2": open_match(bruno, "neuroshima", 2),
    }


def offered(html: str, lobby: dict) -> set[str]:
    """The open matches the lobby lists (their join forms)."""
    joined = set(re.findall(r'action="/m/(\d+)/join"', html))
    return {name for name, match in lobby.items() if str(match.pk) in joined}


def test_without_filters_every_open_seat_is_listed(lobby):
    html = client_for(make_player("carla")).get("/").content.decode()
    assert offered(html, lobby) == set(lobby)
    assert 'data-testid="lobby-filters"' in html


@pytest.mark.parametrize(
    "query, expected",
    [
        ("?game=claim", {"claim-1", "claim-4", "claim-9"}),
        ("?game=neuroshima", {"neuroshima-2"}),
        ("?pace=fast", {"claim-1", "neuroshima-2"}),
        ("?pace=steady", {"claim-4"}),
        ("?pace=slow", {"claim-9"}),
        ("?game=claim&pace=fast", {"claim-1"}),
        ("?game=neuroshima&pace=slow", set()),
    ],
)
def test_a_game_and_a_pace_narrow_the_open_seats(lobby, query, expected):
    html = client_for(make_player("carla")).get("/" + query).content.decode()
    assert offered(html, lobby) == expected


def test_the_filters_are_shown_as_chosen_in_the_players_words(lobby):
    html = (
        client_for(make_player("carla", language="fr"), "fr")
        .get("/?game=claim&pace=slow")
        .content.decode()
    )
    assert re.search(r'<option value="claim" selected>', html)
    assert '<option value="slow" selected>Détendu (6 jours ou plus par coup)</option>' in html
    assert "Afficher toutes les parties" in html


def test_an_empty_filtered_list_says_so(lobby):
    html = (
        client_for(make_player("carla", language="fr"), "fr")
        .get("/?game=neuroshima&pace=slow")
        .content
    )
    assert "Aucune place libre ne correspond à ces filtres." in html.decode()


@pytest.mark.parametrize(
    "query", ["?game=chess", "?pace=blitz", "?game=&pace=", "?pace=FAST", "?game=claim&game=x"]
)
def test_a_value_the_form_does_not_offer_shows_every_match(lobby, query):
    answer = client_for(make_player("carla")).get("/" + query)
    assert answer.status_code == 200
    assert offered(answer.content.decode(), lobby) == set(lobby)


def test_matches_in_progress_follow_the_game_filter():
    anna, bruno = make_player("anna"), make_player("bruno")
    playing = services.match_create(system="claim", config={"hexes": 8}, seat_users=[anna, bruno])
    visitor = client_for()
    assert f'href="/m/{playing.pk}/"' in visitor.get("/?game=claim").content.decode()
    assert f'href="/m/{playing.pk}/"' not in visitor.get("/?game=neuroshima").content.decode()


def test_each_open_seat_says_the_army_the_options_give_it():
    """ux-review §c: the lobby shows "the creator, armies … of each open seat"."""
    anna = make_player("anna")
    services.match_create(
        system="neuroshima",
        config={"armies": ["moloch", "borgo"]},
        seat_users=[anna, None],
        created_by=anna,
    )
    services.match_create(
        system="neuroshima", config={"armies": ["random", "random"]}, seat_users=[anna, None]
    )
    html = client_for(make_player("carla", language="fr"), "fr").get("/").content.decode()
    assert "anna</a></span> (Moloch)" in html
    assert "1 place libre (Borgo)" in html
    assert html.count("(Moloch)") == 1  # an army left to chance is not named
