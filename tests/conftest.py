"""Shared test setup. Browser fixtures live in tests/browser_support.py."""

import pytest


@pytest.fixture(autouse=True)
def _fast_password_hashing(settings):
    # PBKDF2 at full strength costs ~0.3 s per user created or signed in.
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
