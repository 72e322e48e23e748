"""The header's theme switch (Automatique / Clair / Sombre) on every page: a plain form of
three buttons, so it works without JavaScript. A player's choice is their profile's, as in
Settings; a visitor's goes to a cookie (a year), which a player's profile overrides once
signed in. A value it does not offer, or a way back off the site, changes nothing."""

from __future__ import annotations

import re

import pytest

from games.accounts.models import Profile
from tests.fixtures import client_for, make_player

pytestmark = pytest.mark.django_db


def pressed(html: str) -> list[str]:
    return re.findall(r'name="theme" value="(\w+)" aria-pressed="true"', html)


def test_a_player_switches_to_dark_from_the_header_and_goes_back_to_the_page():
    player = make_player("nyx", language="fr")
    client = client_for(player, "fr")
    page = client.get("/games/").content.decode()
    assert 'action="/me/theme/"' in page and pressed(page) == ["auto"]
    assert ">Automatique</button>" in page and ">Clair</button>" in page
    assert ">Sombre</button>" in page
    answer = client.post("/me/theme/", {"theme": "dark", "next": "/games/"})
    assert answer.status_code == 302 and answer["Location"] == "/games/"
    assert Profile.objects.get(user=player).theme == "dark"
    page = client.get("/games/").content.decode()
    assert '<html lang="fr" data-theme="dark">' in page and pressed(page) == ["dark"]
    assert '<meta name="theme-color" content="#1a232c">' in page


def test_a_visitors_choice_is_kept_in_a_cookie():
    visitor = client_for(None, "fr")
    answer = visitor.post("/me/theme/", {"theme": "light", "next": "/rules/"})
    assert answer.status_code == 302 and answer["Location"] == "/rules/"
    cookie = answer.cookies["theme"]
    assert cookie.value == "light" and cookie["samesite"] == "Lax" and cookie["httponly"]
    assert int(cookie["max-age"]) >= 300 * 24 * 3600
    page = visitor.get("/").content.decode()
    assert 'data-theme="light"' in page and pressed(page) == ["light"]
    assert '<meta name="color-scheme" content="light">' in page


def test_signed_in_the_profiles_theme_wins_over_the_visitors_cookie():
    player = make_player("eos", language="fr")
    client = client_for(player, "fr")
    client.cookies["theme"] = "light"
    Profile.objects.filter(user=player).update(theme="dark")
    assert 'data-theme="dark"' in client.get("/").content.decode()


def test_a_forged_theme_is_refused_and_changes_nothing():
    player = make_player("mallory", language="fr")
    client = client_for(player, "fr")
    answer = client.post("/me/theme/", {"theme": "black; background:red", "next": "/"})
    assert answer.status_code == 400
    assert "Choisissez automatique, clair ou sombre." in answer.content.decode()
    assert Profile.objects.get(user=player).theme == "auto"
    visitor = client_for(None, "fr")
    assert visitor.post("/me/theme/", {"theme": "pink"}).status_code == 400
    assert "theme" not in visitor.cookies


def test_a_forged_cookie_draws_the_automatic_theme():
    visitor = client_for(None, "fr")
    visitor.cookies["theme"] = '"><script>'
    page = visitor.get("/").content.decode()
    assert 'data-theme="auto"' in page and "<script>" not in page.split("</head>")[0]


def test_the_way_back_stays_on_the_site():
    answer = client_for(None, "fr").post(
        "/me/theme/", {"theme": "dark", "next": "https://elsewhere.example/"}
    )
    assert answer.status_code == 302 and answer["Location"] == "/"


def test_the_switch_only_takes_posts():
    assert client_for(None, "fr").get("/me/theme/").status_code == 405
