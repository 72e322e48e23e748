"""Sign up, confirm, log in and out, reset a password, settings, the public profile, French
pages. (The vacation page is the clock's: tests/clock.)"""

from __future__ import annotations

import re

import pytest
from django.contrib.auth import get_user_model
from django.core import mail
from django.utils import timezone

from games.accounts.models import Profile
from games.accounts.selectors import profile_for
from games.clock.vacation import vacation_start
from tests.clock.support import make_player

pytestmark = pytest.mark.django_db

EN = {"HTTP_ACCEPT_LANGUAGE": "en"}


def first_link(body: str) -> str:
    return re.search(r"https?://[^/\s]+(/\S+)", body).group(1)


def test_sign_up_confirm_email_then_log_in_and_out(client):
    page = client.get("/accounts/signup/", **EN)
    assert page.status_code == 200
    html = page.content.decode()
    assert "accounts/accounts.css" in html and 'name="viewport"' in html
    response = client.post(
        "/accounts/signup/",
        {
            "email": "dora@example.org",
            "username": "dora",
            "password1": "hex-and-tiles-42",
            "password2": "hex-and-tiles-42",
        },
        **EN,
    )
    assert response.status_code == 302
    (message,) = mail.outbox
    assert message.to == ["dora@example.org"]
    # Mandatory verification: not signed in before confirming.
    assert client.get("/me/settings/").status_code == 302
    confirm = first_link(message.body)
    assert client.get(confirm, **EN).status_code == 200
    assert client.post(confirm, **EN).status_code == 302
    client.logout()
    response = client.post(
        "/accounts/login/", {"login": "dora", "password": "hex-and-tiles-42"}, **EN
    )
    assert response.status_code == 302
    assert client.get("/me/settings/").status_code == 200
    assert profile_for(get_user_model().objects.get(username="dora")).language == "en"
    client.post("/accounts/logout/")
    assert client.get("/me/settings/").status_code == 302


def test_password_reset_by_email(client):
    make_player("erik")
    assert (
        client.post("/accounts/password/reset/", {"email": "erik@example.org"}).status_code == 302
    )
    (message,) = mail.outbox
    key_page = client.get(first_link(message.body), follow=True)
    assert key_page.status_code == 200
    response = client.post(
        key_page.redirect_chain[-1][0] if key_page.redirect_chain else first_link(message.body),
        {"password1": "brand-new-hexes-7", "password2": "brand-new-hexes-7"},
    )
    assert response.status_code == 302
    assert client.login(username="erik", password="brand-new-hexes-7")


def test_settings_save_by_plain_post_and_by_htmx(client, dns):
    user = make_player("fanny")
    client.force_login(user)
    data = {
        "display_name": "Fanny H.",
        "language": "en",
        "time_zone": "America/Toronto",
        "notify_turn": "digest",
        "deadline_reminders": "",
        "discord_webhook_url": "https://discord.com/api/webhooks/1/x",
    }
    assert client.post("/me/settings/", data).status_code == 302
    profile = Profile.objects.get(user=user)
    assert (profile.display_name, profile.time_zone, profile.notify_turn) == (
        "Fanny H.",
        "America/Toronto",
        "digest",
    )
    assert profile.deadline_reminders is False
    partial = client.post(
        "/me/settings/", {**data, "time_zone": "Mars/Olympus"}, HTTP_HX_REQUEST="true"
    )
    assert partial.status_code == 400 and b"<html" not in partial.content
    assert b'id="settings-form"' in partial.content
    assert Profile.objects.get(user=user).time_zone == "America/Toronto"


def test_a_discord_webhook_must_be_https(client):
    user = make_player("gus")
    client.force_login(user)
    response = client.post(
        "/me/settings/",
        {
            "language": "en",
            "time_zone": "Europe/Paris",
            "notify_turn": "each",
            "discord_webhook_url": "http://127.0.0.1:8000/hook",
        },
    )
    assert response.status_code == 400
    assert profile_for(user).discord_webhook_url == ""


def test_pages_follow_the_players_language_and_time_zone(client):
    user = make_player("hugo", language="fr")
    client.force_login(user)
    html = client.get("/me/settings/", **EN).content.decode()
    assert '<html lang="fr" ' in html
    assert "Paramètres" in html and "Enregistrer" in html


def test_the_public_profile_shows_vacation_to_opponents(client, anna):
    profile = profile_for(anna)
    profile.display_name = "Anna the Bold"
    profile.save()
    vacation_start(user=anna, days=3, now=timezone.now())
    html = client.get("/me/u/anna/", **EN).content.decode()
    assert "Anna the Bold" in html and "On vacation until" in html


def test_opponents_see_the_vacation_note_next_to_a_player(anna):
    from django.template import Context, Template
    from django.utils import translation

    template = Template("{% load accounts_tags %}[{% vacation_note player %}]")
    assert template.render(Context({"player": anna})) == "[]"
    vacation_start(user=anna, days=2, now=timezone.now())
    with translation.override("en"):
        html = template.render(Context({"player": anna}))
    assert 'class="vacation-note"' in html and "on vacation until" in html
