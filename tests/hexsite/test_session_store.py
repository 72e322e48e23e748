"""hexsite.sessions: Django's database sessions read through a compiled query answer as
Django's do: a live session signs its player in; an expired one, a deleted one (logout) or
one whose password changed since does not."""

from __future__ import annotations

from datetime import timedelta

from django.conf import settings
from django.contrib.sessions.models import Session
from django.test import Client
from django.utils import timezone

from hexsite.sessions import SessionStore


def _signed_in_client(user) -> Client:
    client = Client()
    client.force_login(user)
    return client


def _is_signed_in(client: Client) -> bool:
    response = client.get("/games/")  # a page for players only: anonymous is redirected
    return response.status_code == 200


def _same_cookie(client: Client) -> Client:
    """Another browser holding the same session cookie (a stolen or copied one)."""
    other = Client()
    other.cookies[settings.SESSION_COOKIE_NAME] = client.cookies[settings.SESSION_COOKIE_NAME].value
    return other


def test_the_site_uses_it_and_a_live_session_signs_its_player_in(make_user):
    assert settings.SESSION_ENGINE == "hexsite.sessions"
    client = _signed_in_client(make_user())
    key = client.cookies[settings.SESSION_COOKIE_NAME].value
    assert SessionStore(key).load()  # the session's data, read through the compiled query
    assert _is_signed_in(client)


def test_an_expired_session_signs_nobody_in(make_user):
    client = _signed_in_client(make_user())
    key = client.cookies[settings.SESSION_COOKIE_NAME].value
    Session.objects.filter(session_key=key).update(expire_date=timezone.now() - timedelta(1))
    store = SessionStore(key)
    assert store.load() == {} and store.session_key is None
    assert not _is_signed_in(client)


def test_after_logout_the_old_cookie_signs_nobody_in(make_user):
    client = _signed_in_client(make_user())
    copy = _same_cookie(client)
    assert _is_signed_in(copy)
    client.post("/accounts/logout/")
    assert not _is_signed_in(copy)


def test_after_a_password_change_the_old_session_signs_nobody_in(make_user):
    user = make_user()
    client = _signed_in_client(user)
    assert _is_signed_in(client)
    user.set_password("a-new-long-password-42")
    user.save()
    assert not _is_signed_in(client)


def test_an_unknown_session_key_starts_a_new_session(db):
    store = SessionStore("x" * 32)
    assert store.load() == {} and store.session_key is None
