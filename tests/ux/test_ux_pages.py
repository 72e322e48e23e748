"""Issue 13, point 8: one player page (results, the rating in words) linked from every name,
ratings in the lobby and on the match page, chat with times, the time zones by region, a
favicon, and no raw key such as `neuroshima` or `divisions=1` on any page."""

from __future__ import annotations

import re

import pytest

from games.accounts.forms import SettingsForm, time_zone_choices
from games.accounts.models import Profile
from games.league.models import Rating
from games.matches import services
from tests.fixtures import make_player

pytestmark = pytest.mark.django_db


def visible_text(html: str) -> str:
    html = re.sub(r"<(script|style)[^>]*>.*?</\1>", " ", html, flags=re.S)
    return re.sub(r"<[^>]+>", " ", html)


def get(client, url, user=None, language="en") -> str:
    if user is not None:
        client.force_login(user)
    response = client.get(url, HTTP_ACCEPT_LANGUAGE=language)
    assert response.status_code == 200, url
    return response.content.decode()


@pytest.fixture
def nh_game():
    anna, bruno = make_player("anna"), make_player("bruno")
    Rating.objects.create(user=anna, system="neuroshima", mu=27.0, sigma=3.0, games=6)
    match = services.match_create(
        system="neuroshima", config={"armies": ["moloch", "borgo"]}, seat_users=[anna, bruno]
    )
    services.match_post_chat(match_id=match.pk, user=anna, text="x" * 120)
    return anna, bruno, match


def test_every_name_on_the_match_page_leads_to_the_players_page_with_ratings_beside(
    client, nh_game
):
    anna, bruno, match = nh_game
    html = get(client, f"/m/{match.pk}/", bruno)
    assert '<a href="/me/u/anna/">anna</a>' in html and '<a href="/me/u/bruno/">bruno</a>' in html
    assert 'class="rating-note"' in html and "rating 18" in html  # 27 − 3 × 3
    assert 'class="chat-author">anna</a>' in html and '<time datetime="' in html
    assert 'href="/me/u/bruno/" data-testid="nav-me"' in html  # the header's own name


def test_since_my_last_turn_is_offered_to_players_not_to_spectators(client, nh_game):
    anna, bruno, match = nh_game
    since = 'data-testid="since-link"'
    assert since in get(client, f"/m/{match.pk}/", anna)
    assert since not in get(client, f"/m/{match.pk}/", make_player("carla"))
    client.logout()
    assert since not in get(client, f"/m/{match.pk}/")  # nor to a visitor not signed in


def test_a_rating_is_written_with_the_readers_decimal_separator(client):
    anna, bruno = make_player("anna", language="fr"), make_player("bruno", language="fr")
    Rating.objects.create(user=bruno, system="neuroshima", mu=25.4, sigma=1.0, games=6)
    match = services.match_create(
        system="neuroshima", config={"armies": ["moloch", "borgo"]}, seat_users=[anna, bruno]
    )
    html = get(client, f"/m/{match.pk}/", anna, language="fr")
    assert "classement 22,4" in html  # 25.4 − 3 × 1.0, not "22.4"


def test_the_lobby_names_who_waits_with_their_rating(client):
    anna = make_player("anna")
    Rating.objects.create(user=anna, system="neuroshima", mu=25.0, sigma=2.0, games=3)
    services.match_create(
        system="neuroshima", config={"armies": ["moloch", "borgo"]}, seat_users=[anna, None]
    )
    html = get(client, "/")
    assert '<a href="/me/u/anna/">anna</a>' in html and "rating 19" in html


def test_the_player_page_gives_results_per_game_and_the_rating_in_words(client, nh_game):
    anna, bruno, match = nh_game
    services.match_resign(match_id=match.pk, user=bruno)
    html = get(client, "/me/u/anna/")
    assert "Neuroshima Hex:</strong> 1 win, 0 losses, 0 draws" in html
    assert re.search(r"After 7 rated games, we estimate this player's strength at 2\d\.\d", html)
    french = get(client, "/me/u/anna/", language="fr")
    assert "1 victoire, 0 défaite, 0 nul" in french


def test_time_zones_are_grouped_by_region_with_the_usual_ones_first(make_user):
    from django.utils import translation

    form = SettingsForm(instance=make_player("tz"))
    with translation.override("en"):
        groups = [str(label) for label, _zones in form.fields["time_zone"].choices]
    assert groups[0] == "Common" and "Europe" in groups and "America" in groups
    zones = [z for _label, zs in form.fields["time_zone"].choices for z, _city in zs]
    assert zones[0] == "Europe/Paris"
    assert "US/Eastern" not in zones and not any(z.startswith("Etc/") for z in zones)


def test_time_zones_offer_each_place_once_without_the_old_aliases(make_user):
    form = SettingsForm(instance=make_player("tz2"))
    offered = {z: city for _label, zs in form.fields["time_zone"].choices for z, city in zs}
    # Renamed or merged zones that the tz database keeps only as aliases of another.
    for alias in ("America/Montreal", "Asia/Calcutta", "Europe/Kiev", "America/Buenos_Aires"):
        assert alias not in offered
    for zone in ("Europe/Paris", "Europe/Luxembourg", "Asia/Kolkata", "Europe/Kyiv"):
        assert zone in offered
    common = dict(form.fields["time_zone"].choices[0][1])
    assert common["America/Toronto"] == "Montréal, Toronto"


def test_a_player_who_chose_an_old_alias_keeps_it(make_user):
    player = make_player("tz3")
    Profile.objects.filter(user=player).update(time_zone="America/Montreal")
    form = SettingsForm(instance=Profile.objects.get(user=player))
    assert form.fields["time_zone"].choices[0] == ("America/Montreal", "America/Montreal")
    assert "America/Montreal" not in {z for _label, zs in time_zone_choices() for z, _city in zs}


def test_the_favicon_is_linked_and_served(client):
    assert 'rel="icon" href="/static/favicon.svg"' in get(client, "/")
    assert client.get("/static/favicon.svg").status_code == 200


def test_no_page_shows_a_raw_system_key_or_data_key(client, nh_game, organiser):
    from games.league import services as league

    anna, bruno, match = nh_game
    league_row = league.league_create(name="Duel", created_by=organiser, preset="neuroduel")
    season = league.season_open(league=league_row, actor=organiser, round_days=7)
    for user in (anna, bruno):
        league.registration_create(season=season, user=user)
    league.season_start(season=season, actor=organiser)
    services.match_resign(match_id=match.pk, user=bruno)
    pages = [
        "/",
        f"/m/{match.pk}/",
        f"/m/{match.pk}/replay/",
        f"/m/{match.pk}/since/",
        "/me/u/anna/",
        "/leagues/",
        f"/leagues/{league_row.pk}/",
        f"/leagues/seasons/{season.pk}/",
        "/rules/",
        "/games/",
        "/games/finished/",
    ]
    for language in ("en", "fr"):
        for url in pages:
            text = visible_text(get(client, url, anna, language))
            assert not re.search(r"\bneuroshima\b", text), (url, language)
            assert not re.search(r"\b[a-z_]+=\d", text), (url, language)


def test_a_private_match_counts_on_the_player_page_only_for_who_may_see_it(client):
    anna, bruno, carl = make_player("anna"), make_player("bruno"), make_player("carl")
    match = services.match_create(
        system="neuroshima",
        config={"armies": ["moloch", "borgo"]},
        seat_users=[anna, bruno],
        is_public=False,
    )
    services.match_resign(match_id=match.pk, user=bruno)
    assert "1 win" in get(client, "/me/u/anna/", bruno)
    assert "No finished game yet." in get(client, "/me/u/anna/", carl)
    client.logout()
    assert f"/m/{match.pk}/" not in get(client, "/me/u/anna/")


@pytest.mark.parametrize(
    ("language", "words"), [("fr", "Retour au salon"), ("en", "Back to the lobby")]
)
def test_error_pages_wear_the_sites_design_in_the_readers_language(client, language, words):
    html = client.get("/m/999999/", HTTP_ACCEPT_LANGUAGE=language).content.decode()
    assert words in html and f'lang="{language}"' in html
    assert 'class="site-header"' in html and "css/site.css" in html
    from django.template.loader import render_to_string
    from django.utils import translation

    for standalone in ("500.html", "403_csrf.html"):  # drawn without a request context
        with translation.override(language):
            page = render_to_string(standalone)
        assert "css/site.css" in page and 'class="site-header"' in page, standalone
        assert 'rel="manifest"' in page and 'name="theme-color"' in page, standalone
        assert words in page and f'lang="{language}"' in page, standalone
