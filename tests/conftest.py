"""Shared test setup, offered to every package: fast password hashing and players. Helpers and
fixtures that start matches live in tests/fixtures.py; browser fixtures in
tests/browser_support.py. Nothing here imports Django at import time: the engine tests also run
without it (`pytest tests/engine -p no:django`, where tests/engine/conftest.py overrides the
autouse fixture below)."""

import itertools

import pytest

_unnamed = itertools.count()


@pytest.fixture(autouse=True)
def _fast_password_hashing(settings):
    # PBKDF2 at full strength costs ~0.3 s per user created or signed in.
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]


@pytest.fixture(autouse=True)
def _in_memory_channel_layer(settings):
    # A test and the daphne it may fork are one process: the in-memory layer serves them with
    # no Redis to start. Tests of the shared layer run their own processes (tests/live/).
    settings.CHANNEL_LAYERS = {
        "default": {"BACKEND": "games.notifications.layers.InMemoryChannelLayer"}
    }
    # Nor does a test inherit the sockets an earlier one left open (a test's communicator that
    # never disconnects still counts against the per-client limits: consumers.py).
    from games.notifications import consumers

    consumers._open_sockets.clear()


@pytest.fixture(autouse=True)
def _site_language():
    """Every test starts in the site's language (French) and leaves none behind: the locale
    middleware activates a request's language for the whole thread, so without this a test's
    words depended on which test ran before it in the same worker."""
    from django.conf import settings
    from django.utils import translation

    translation.activate(settings.LANGUAGE_CODE)
    yield
    translation.deactivate()


@pytest.fixture
def make_user(db):
    """make_user("alice") -> a user with password "pw-alice"; make_user() names one for you."""
    from django.contrib.auth import get_user_model

    def make(name: str | None = None):
        name = name or f"player{next(_unnamed)}"
        return get_user_model().objects.create_user(name, f"{name}@example.org", "pw-" + name)

    return make


@pytest.fixture
def organiser(make_user):
    return make_user("orga")


@pytest.fixture(scope="session", autouse=True)
def _database_pools_closed_before_the_test_database_goes(request):
    """Each process keeps a pool of connections (settings: OPTIONS["pool"]); the test database
    can only be dropped once they are closed. Torn down before pytest-django's database."""
    if not request.config.pluginmanager.hasplugin("django"):
        yield
        return
    request.getfixturevalue("django_db_setup")
    yield
    from django.db import connections

    for connection in connections.all():
        connection.close()
        if hasattr(connection, "close_pool"):
            connection.close_pool()
