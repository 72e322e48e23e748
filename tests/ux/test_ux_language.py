"""Issue 13, point 5: the language a player reads in. The header's switch works for a signed-in
player (their profile is what every page reads), saving settings in another language redraws
the whole page, a league made from a preset shows its rules in the reader's language, and French
typography (places, points, elision)."""

from __future__ import annotations

import re

import pytest
from django.utils import translation

from games.accounts.selectors import profile_for
from games.hexboard import words
from games.league import services as league_services
from tests.fixtures import make_player

pytestmark = pytest.mark.django_db


def test_the_header_switch_changes_a_signed_in_players_language_for_every_next_page(client):
    user = make_player("carla", language="fr")
    client.force_login(user)
    assert 'lang="fr"' in client.get("/games/").content.decode()
    response = client.post("/me/language/", {"language": "en", "next": "/games/"})
    assert response.status_code == 302 and response["Location"] == "/games/"
    assert profile_for(user).language == "en"
    page = client.get("/games/").content.decode()
    assert 'lang="en"' in page and "My games" in page


def test_the_header_switch_still_works_for_visitors(client):
    response = client.post("/me/language/", {"language": "en", "next": "/"})
    assert response.status_code == 302
    assert 'lang="en"' in client.get("/").content.decode()


def test_saving_another_language_in_settings_redraws_the_whole_page(client):
    user = make_player("dan", language="en")
    client.force_login(user)
    data = {
        "display_name": "",
        "language": "fr",
        "time_zone": "Europe/Paris",
        "notify_turn": "each",
        "deadline_reminders": "on",
        "discord_webhook_url": "",
    }
    response = client.post("/me/settings/", data, HTTP_HX_REQUEST="true")
    assert response.status_code == 200
    assert response["HX-Redirect"] == "/me/settings/"
    page = client.get("/me/settings/").content.decode()
    assert 'lang="fr"' in page and "Paramètres enregistrés." in page


def test_a_preset_leagues_rules_read_in_the_readers_language(client, organiser):
    with translation.override("fr"):
        league = league_services.league_create(name="ND", created_by=organiser, preset="neuroduel")
    assert "Divisions de 8" in league.rules_text  # stored as the French creator read it
    english = client.get(f"/leagues/{league.pk}/", HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert "Divisions of 8 players" in english and "Divisions de 8" not in english
    french = client.get(f"/leagues/{league.pk}/", HTTP_ACCEPT_LANGUAGE="fr").content.decode()
    assert "Divisions de 8" in french


@pytest.mark.parametrize(
    ("language", "expected"),
    [
        ("fr", ["1re place", "2e place", "3e place", "11e place"]),
        ("en", ["1st place", "2nd place", "3rd place", "11th place"]),
    ],
)
def test_places_are_written_as_ordinals(language, expected):
    with translation.override(language):
        assert [words.place_label(n) for n in (1, 2, 3, 11)] == expected


def test_points_are_whole_numbers_when_whole_and_agree_with_their_number():
    with translation.override("fr"):
        assert words.points(4.0) == "4 points"
        assert words.points(1) == "1 point"
        assert words.points(0.5) == "0,5 point"
        assert words.points("20.0") == "20 points"
    with translation.override("en"):
        assert words.points(1.0) == "1 point"
        assert words.points(0.5) == "0.5 points"


def test_a_name_after_de_is_elided_before_a_vowel_in_french():
    with translation.override("fr"):
        assert words.of_name("anna") == "d'anna"
        assert words.of_name("bruno") == "de bruno"
    with translation.override("en"):
        assert words.of_name("anna") == "of anna"


def test_an_owner_reads_anna_s_in_english_and_d_anna_in_french():
    with translation.override("fr"):
        assert words.possessive("émile") == "d'émile"
        assert words.possessive("bruno") == "de bruno"
    with translation.override("en"):
        assert words.possessive("anna") == "anna's"


def test_each_language_of_the_switches_is_named_in_itself_and_marked_so(client):
    """« Français » on an English page is French: a screen reader says it so (WCAG 3.1.2)."""
    user = make_player("erin", language="en")
    client.force_login(user)
    header = client.get("/games/").content.decode()
    assert '<option value="fr" lang="fr">Français</option>' in header
    settings_page = client.get("/me/settings/").content.decode()
    assert re.search(r'<option value="fr" lang="fr"[^>]*>Français</option>', settings_page)
    assert re.search(r'<option value="en" lang="en"[^>]*>English</option>', settings_page)


def test_the_usual_time_zones_and_the_regions_are_named_in_the_readers_language():
    from games.accounts.forms import time_zone_choices

    def names():
        groups = time_zone_choices()
        return [str(label) for label, _zones in groups], {z: str(c) for z, c in groups[0][1]}

    with translation.override("en"):
        regions, common = names()
    assert "America" in regions and "Indian Ocean" in regions
    assert common["America/Toronto"] == "Montreal, Toronto"
    assert common["Europe/Brussels"] == "Brussels"
    with translation.override("fr"):
        regions, common = names()
    assert "Amérique" in regions and "America" not in regions and "Océan Indien" in regions
    assert common["America/Toronto"] == "Montréal, Toronto"
    assert common["Europe/Brussels"] == "Bruxelles" and common["Europe/London"] == "Londres"


def test_every_regions_cities_are_named_in_the_readers_language():
    """The cities under each region too (CLDR's names), in alphabetical order for a reader."""
    from games.accounts.forms import time_zone_choices

    def cities():
        return {z: str(c) for _label, zones in time_zone_choices()[1:] for z, c in zones}

    with translation.override("fr"):
        french, europe = cities(), [str(c) for z, c in time_zone_choices()[1][1]]
    with translation.override("en"):
        english = cities()
    assert (french["Europe/London"], english["Europe/London"]) == ("Londres", "London")
    assert french["Asia/Ho_Chi_Minh"] == "Hô-Chi-Minh-Ville"
    assert english["Asia/Ho_Chi_Minh"] == "Ho Chi Minh City"
    assert french["America/North_Dakota/New_Salem"] == "New Salem (Dakota du Nord)"
    assert europe.index("Vienne") < europe.index("Zurich") < len(europe)


def test_the_deleted_players_french_name_is_marked_french_on_an_english_page(client):
    client.force_login(make_player("fran", language="en"))
    page = client.get("/me/settings/delete/").content.decode()
    assert 'under the name “<span lang="fr">joueur supprimé</span>” and a number' in page
