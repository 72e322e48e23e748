"""games.accounts.sessions: Django's database sessions with the player's id in a column, read
with their player and profile through one compiled query, answer as Django's do: a live session
signs its player in; an expired one, a deleted one (logout) or one whose password changed since
does not; a session without the column's id (older than it) still signs its player in."""

from __future__ import annotations

from datetime import timedelta

from django.conf import settings
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext
from django.utils import timezone

from games.accounts.models import PlayerSession
from games.accounts.sessions import SessionStore


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
    assert settings.SESSION_ENGINE == "games.accounts.sessions"
    client = _signed_in_client(make_user())
    key = client.cookies[settings.SESSION_COOKIE_NAME].value
    assert SessionStore(key).load()  # the session's data, read through the compiled query
    assert _is_signed_in(client)


def test_an_expired_session_signs_nobody_in(make_user):
    client = _signed_in_client(make_user())
    key = client.cookies[settings.SESSION_COOKIE_NAME].value
    PlayerSession.objects.filter(session_key=key).update(expire_date=timezone.now() - timedelta(1))
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


def _user_table_reads(queries) -> list[str]:
    table = '"auth_user"'
    return [q["sql"] for q in queries if table in q["sql"]]


def test_a_request_reads_its_session_player_and_profile_in_one_query(make_user):
    user = make_user()
    client = _signed_in_client(user)
    key = client.cookies[settings.SESSION_COOKIE_NAME].value
    assert PlayerSession.objects.get(session_key=key).user_id == user.pk
    with CaptureQueriesContext(connection) as queries:
        assert _is_signed_in(client)
    reads = _user_table_reads(queries)
    assert len(reads) == 1, reads
    assert "accounts_playersession" in reads[0] and "accounts_profile" in reads[0]


def test_a_session_without_its_players_id_still_signs_them_in_with_a_query_more(make_user):
    client = _signed_in_client(make_user())
    key = client.cookies[settings.SESSION_COOKIE_NAME].value
    PlayerSession.objects.filter(session_key=key).update(user=None)  # as one copied from Django's
    with CaptureQueriesContext(connection) as queries:
        assert _is_signed_in(client)
    reads = [sql for sql in _user_table_reads(queries) if "accounts_playersession" not in sql]
    assert len(reads) == 1, reads  # the player's own read, besides the session's


def test_a_session_naming_another_player_than_its_signed_data_signs_in_the_signed_one(make_user):
    """The column only saves a query: who is signed in is what the signed data says."""
    owner, other = make_user(), make_user()
    client = _signed_in_client(owner)
    key = client.cookies[settings.SESSION_COOKIE_NAME].value
    PlayerSession.objects.filter(session_key=key).update(user=other)
    response = client.get("/games/")
    assert response.status_code == 200
    assert response.wsgi_request.user.pk == owner.pk


def test_deleting_a_player_ends_their_sessions(make_user):
    user = make_user()
    client = _signed_in_client(user)
    key = client.cookies[settings.SESSION_COOKIE_NAME].value
    user.delete()
    assert not PlayerSession.objects.filter(session_key=key).exists()
    assert not _is_signed_in(client)


def test_the_migration_keeps_live_sessions_signed_in_with_their_players_id(make_user):
    import importlib

    from django.apps import apps
    from django.contrib.auth import SESSION_KEY
    from django.contrib.sessions.backends.db import SessionStore as DjangoSessionStore

    user = make_user()
    live, expired = DjangoSessionStore(), DjangoSessionStore()
    live[SESSION_KEY] = str(user.pk)
    live.create()
    expired[SESSION_KEY] = str(user.pk)
    expired.set_expiry(-60)
    expired.create()
    migration = importlib.import_module("games.accounts.migrations.0004_player_sessions")
    migration.copy_live_sessions(apps, None)
    copied = PlayerSession.objects.get(session_key=live.session_key)
    assert copied.user_id == user.pk
    assert not PlayerSession.objects.filter(session_key=expired.session_key).exists()


def test_the_daily_job_deletes_expired_sessions_only(make_user):
    from games.accounts.tasks import clear_expired_sessions

    live = _signed_in_client(make_user()).cookies[settings.SESSION_COOKIE_NAME].value
    gone = _signed_in_client(make_user()).cookies[settings.SESSION_COOKIE_NAME].value
    PlayerSession.objects.filter(session_key=gone).update(
        expire_date=timezone.now() - timedelta(seconds=1)
    )
    clear_expired_sessions(timestamp=0)  # the job's body
    assert set(PlayerSession.objects.values_list("session_key", flat=True)) >= {live}
    assert not PlayerSession.objects.filter(session_key=gone).exists()
