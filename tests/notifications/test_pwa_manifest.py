"""The installable site: the manifest every page links, its icons, and the offline page the
service worker keeps in both languages (games/notifications/pwa.py)."""

from __future__ import annotations

import json

import pytest
from django.contrib.staticfiles import finders
from PIL import Image

from tests.fixtures import client_for


def _manifest(client) -> dict:
    answer = client.get("/manifest.webmanifest")
    assert answer.status_code == 200
    assert answer["Content-Type"].startswith("application/manifest+json")
    return json.loads(answer.content)


def _static_file(url: str) -> str:
    found = finders.find(url.removeprefix("/static/"))
    assert found, f"{url} is not a static file"
    return found


def test_the_manifest_names_the_site_opens_my_games_standalone_in_the_light_themes_colours(db):
    manifest = _manifest(client_for(None, "fr"))
    assert manifest["name"] == manifest["short_name"] == "hexsite"
    assert manifest["start_url"] == "/games/"
    assert manifest["display"] == "standalone"
    assert manifest["theme_color"] == "#23313f"  # the light header (static/css/site.css)
    assert manifest["background_color"] == "#f7f7f4"  # the light page


def test_the_manifests_description_speaks_the_readers_language(db):
    french = _manifest(client_for(None, "fr"))
    english = _manifest(client_for(None, "en"))
    assert (french["lang"], english["lang"]) == ("fr", "en")
    assert "tour par tour" in french["description"]
    assert "by turns" in english["description"]


def test_the_manifests_icons_exist_an_svg_and_pngs_of_192_and_512_any_and_maskable(db):
    icons = _manifest(client_for(None, "fr"))["icons"]
    assert any(i["type"] == "image/svg+xml" for i in icons)
    pngs = {(i["sizes"], i["purpose"]): i["src"] for i in icons if i["type"] == "image/png"}
    assert set(pngs) == {(f"{n}x{n}", p) for n in (192, 512) for p in ("any", "maskable")}
    for (sizes, purpose), src in pngs.items():
        with Image.open(_static_file(src)) as image:
            assert f"{image.width}x{image.height}" == sizes
            if purpose == "maskable":  # full bleed: the corners are the ground, not transparent
                assert image.convert("RGBA").getpixel((0, 0))[3] == 255
    for icon in icons:
        _static_file(icon["src"])


@pytest.mark.parametrize(
    "path", ["/", "/games/", "/rules/", "/me/players/", "/notifications/", "/me/settings/"]
)
def test_every_page_links_the_manifest_and_the_theme_colours(path, anna):
    page = client_for(anna, "fr").get(path, follow=True)
    html = page.content.decode()
    assert page.status_code == 200
    assert '<link rel="manifest" href="/manifest.webmanifest">' in html
    assert 'name="theme-color" media="(prefers-color-scheme: light)" content="#23313f"' in html
    assert 'name="theme-color" media="(prefers-color-scheme: dark)" content="#1a232c"' in html


def test_a_chosen_theme_gives_its_one_theme_colour(anna):
    from games.accounts.selectors import profile_for

    profile = profile_for(anna)
    profile.theme = "dark"
    profile.save()
    html = client_for(anna, "fr").get("/games/").content.decode()
    assert '<meta name="theme-color" content="#1a232c">' in html
    assert "prefers-color-scheme: light" not in html


def test_the_sign_in_page_links_the_manifest_too(db):
    html = client_for(None, "fr").get("/accounts/login/").content.decode()
    assert '<link rel="manifest" href="/manifest.webmanifest">' in html


@pytest.mark.parametrize(
    ("language", "title"), [("fr", "Vous êtes hors ligne"), ("en", "You are offline")]
)
def test_the_offline_page_exists_in_both_languages(language, title, db):
    # Whatever the reader's own language: the address says which.
    other = "en" if language == "fr" else "fr"
    page = client_for(None, other).get(f"/offline/{language}/")
    assert page.status_code == 200
    html = page.content.decode()
    assert f'<html lang="{language}">' in html and title in html
    assert page["Content-Language"] == language


def test_the_offline_page_holds_nothing_of_the_account_that_fetched_it(anna):
    page = client_for(anna, "fr").get("/offline/fr/")
    html = page.content.decode()
    assert "anna" not in html and "csrf" not in html.lower()
    assert "sessionid" not in page.cookies


def test_an_offline_page_in_another_language_is_not_found(db):
    assert client_for(None, "fr").get("/offline/de/").status_code == 404
