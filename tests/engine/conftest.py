"""Engine tests need no Django: they run with or without the pytest-django plugin
(`pytest tests/engine -p no:django`)."""

import pytest


@pytest.fixture(autouse=True)
def _fast_password_hashing():
    """Overrides tests/conftest.py's autouse fixture of the same name, which needs Django's
    `settings` fixture; the engine creates no users."""
    return None


@pytest.fixture(autouse=True)
def _in_memory_channel_layer():
    """Overrides tests/conftest.py's autouse fixture of the same name: no websockets here."""
    return None


@pytest.fixture(autouse=True)
def _site_language():
    """Overrides tests/conftest.py's autouse fixture of the same name: engines speak no language."""
    return None
