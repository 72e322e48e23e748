"""The Theme setting (Settings page, Profile.theme): saved, rendered server-side on every page's
<html data-theme> (and the color-scheme meta) so the first paint has the right colours; a value
the form does not offer is refused and changes nothing; visitors follow their device."""

from __future__ import annotations

import re

import pytest

from games.accounts.models import Profile
from tests.fixtures import client_for, make_player

pytestmark = pytest.mark.django_db

SETTINGS = {
    "display_name": "",
    "language": "fr",
    "time_zone": "Europe/Paris",
    "notify_turn": "each",
    "deadline_reminders": "on",
    "discord_webhook_url": "",
}


def test_a_player_who_chooses_dark_gets_every_page_dark_from_the_first_byte():
    player = make_player("nyx", language="fr")
    client = client_for(player, "fr")
    assert client.post("/me/settings/", {**SETTINGS, "theme": "dark"}).status_code == 302
    assert Profile.objects.get(user=player).theme == "dark"
    for path in ("/", "/me/settings/"):
        html = client.get(path).content.decode()
        assert '<html lang="fr" data-theme="dark">' in html
        assert '<meta name="color-scheme" content="dark">' in html
    settings = client.get("/me/settings/").content.decode()
    assert (
        "Thème" in settings
        and "Sombre" in settings
        and "Automatique (comme l’appareil)" in settings
    )
    assert re.search(r'<input[^>]*name="theme"[^>]*value="dark"[^>]*checked', settings)


def test_changing_the_theme_through_htmx_reloads_the_page_so_its_colours_change():
    player = make_player("eos", language="fr")
    client = client_for(player, "fr")
    answer = client.post("/me/settings/", {**SETTINGS, "theme": "light"}, HTTP_HX_REQUEST="true")
    assert answer.status_code == 200
    assert answer.headers["HX-Redirect"] == "/me/settings/"
    assert '<html lang="fr" data-theme="light">' in client.get("/").content.decode()
    same = client.post("/me/settings/", {**SETTINGS, "theme": "light"}, HTTP_HX_REQUEST="true")
    assert "HX-Redirect" not in same.headers  # nothing changed that needs a reload


def test_a_forged_theme_is_refused_and_changes_nothing():
    player = make_player("mallory", language="fr")
    client = client_for(player, "fr")
    client.post("/me/settings/", {**SETTINGS, "theme": "dark"})
    answer = client.post("/me/settings/", {**SETTINGS, "theme": "black; background:red"})
    assert answer.status_code == 400
    assert "Sélectionnez un choix valide" in answer.content.decode()
    assert Profile.objects.get(user=player).theme == "dark"
    assert 'data-theme="dark"' in answer.content.decode()


def test_a_form_from_before_the_setting_keeps_the_player_s_theme():
    player = make_player("hemera", language="fr")
    Profile.objects.filter(user=player).update(theme="dark")
    client = client_for(player, "fr")
    assert client.post("/me/settings/", SETTINGS).status_code == 302
    assert Profile.objects.get(user=player).theme == "dark"


def test_visitors_and_new_players_follow_their_device():
    assert Profile._meta.get_field("theme").default == "auto"
    html = client_for(None, "fr").get("/").content.decode()
    assert 'data-theme="auto"' in html
    assert '<meta name="color-scheme" content="light dark">' in html
