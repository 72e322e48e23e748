"""The Players page finds active players by user name or display name, whatever the case and
accents, best matches first, page by page, and shows nothing private about them."""

from __future__ import annotations

import re

import pytest
from django.contrib.auth import get_user_model
from django.urls import reverse
from django.utils import translation

from games.accounts.selectors import player_search
from games.accounts.views_social import RESULTS_PER_PAGE
from tests.fixtures import client_for, make_player

pytestmark = pytest.mark.django_db
URL = reverse("accounts:players")


def found_names(html: str) -> list[str]:
    return re.findall(r'<li><a href="/me/u/([^/"]+)/">', html)


def test_a_name_is_found_whatever_its_case_and_accents():
    make_player("eloise", display_name="Éloïse Ménard")
    make_player("ZOE_K")
    assert [u.username for u in player_search(query="ELOISE")] == ["eloise"]
    assert [u.username for u in player_search(query="menard")] == ["eloise"]
    assert [u.username for u in player_search(query="Méñârd")] == ["eloise"]
    assert [u.username for u in player_search(query="zoe")] == ["ZOE_K"]
    # A player who never opened their settings has no profile row yet: found by user name.
    get_user_model().objects.create_user("Noémie", "noemie@example.org", "pw-noemie-x9")
    assert [u.username for u in player_search(query="NOEMIE")] == ["Noémie"]


def test_wildcards_in_a_query_are_plain_characters():
    make_player("a_b")
    make_player("axb")
    assert [u.username for u in player_search(query="a_b")] == ["a_b"]
    assert list(player_search(query="%%")) == []


def test_exact_names_come_first_then_names_starting_with_the_query_then_the_rest():
    make_player("susanna")
    make_player("annette")
    make_player("anna")
    make_player("hanna")
    make_player("oscar", display_name="Anna Karenine")
    found = [u.username for u in player_search(query="anna")]
    assert found == ["anna", "oscar", "hanna", "susanna"]


def test_inactive_players_are_never_found():
    make_player("ghost_one")
    gone = make_player("ghost_two")
    gone.is_active = False
    gone.save()
    assert found_names(client_for().get(URL, {"q": "ghost"}).content.decode()) == ["ghost_one"]


def test_results_come_page_by_page_with_the_query_kept_in_the_links():
    for n in range(RESULTS_PER_PAGE + 3):
        make_player(f"pion{n:02d}")
    client = client_for()
    first = client.get(URL, {"q": "pion"}).content.decode()
    assert len(found_names(first)) == RESULTS_PER_PAGE
    assert "?q=pion&amp;page=2" in first
    second = client.get(URL, {"q": "pion", "page": 2}).content.decode()
    assert found_names(second) == ["pion20", "pion21", "pion22"]
    assert "23 players found." in second


def test_results_show_no_email_address():
    make_player("discreet", display_name="Discreet Dan")
    html = client_for(make_player("reader")).get(URL, {"q": "discreet"}).content.decode()
    assert found_names(html) == ["discreet"] and "Discreet Dan" in html
    assert "@example.org" not in html and "discreet@" not in html


def test_an_empty_or_too_short_query_finds_nobody_and_says_how_to_search():
    make_player("al")
    client = client_for()
    empty = client.get(URL).content.decode()
    assert found_names(empty) == [] and "at least 2 characters" in empty
    short = client.get(URL, {"q": "a"})
    assert short.status_code == 200
    assert found_names(short.content.decode()) == []
    assert "Type at least 2 characters." in short.content.decode()
    nobody = client.get(URL, {"q": "zzzz"}).content.decode()
    assert "Nobody has this name." in nobody


def test_the_live_search_gets_only_the_results_and_the_french_page_speaks_french():
    make_player("gaspard")
    response = client_for().get(
        URL, {"q": "gasp"}, HTTP_HX_REQUEST="true", HTTP_HX_TARGET="player-results"
    )
    html = response.content.decode()
    assert html.lstrip().startswith('<div id="player-results"') and "<header" not in html
    assert found_names(html) == ["gaspard"]
    with translation.override("fr"):
        french = client_for(language="fr").get(URL, {"q": "gasp"}).content.decode()
    assert "Joueurs" in french and "1 joueur trouvé." in french


def test_every_page_links_to_the_players_page():
    html = client_for().get(reverse("matches:rules")).content.decode()
    assert f'href="{URL}"' in html
