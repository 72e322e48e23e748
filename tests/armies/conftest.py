"""Army list fixtures: players and skirmish lists as the builder saves them."""

from __future__ import annotations

import pytest
from django.test import Client
from django.utils import translation

from tests.browser_support import browser, daphne_server, new_context  # noqa: F401


def trooper_list(name="Kessel Raiders", count=10, **extra):
    return {
        "schema": 1,
        "system": "skirmish",
        "name": name,
        "units": [
            {
                "id": "troopers",
                "name": "Troopers",
                "count": count,
                "move": 9,
                "melee": 2,
                "shoot": 3,
                "armour": 2,
            },
            {
                "id": "captain",
                "name": "Captain Vos",
                "count": 1,
                "move": 12,
                "melee": 5,
                "melee_attacks": 2,
                "shoot": 4,
                "armour": 3,
                "hero": True,
            },
        ],
        **extra,
    }


def logged_in(user, language: str = "en") -> Client:
    client = Client(HTTP_ACCEPT_LANGUAGE=language)
    client.force_login(user)
    return client


@pytest.fixture
def ada(make_user):
    return make_user("ada")


@pytest.fixture
def ben(make_user):
    return make_user("ben")


@pytest.fixture(autouse=True)
def _english():
    """Services word their refusals in the active language: these tests read English."""
    with translation.override("en"):
        yield
