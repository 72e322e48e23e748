"""Fixtures for platform tests: the tiny "claim" system and a few players."""

from __future__ import annotations

import pytest

from games.matches import services
from tests.browser_support import browser, daphne_server, new_context  # noqa: F401
from tests.matches.demo_system import install

install()


@pytest.fixture
def anna(make_user):
    return make_user("anna")


@pytest.fixture
def bruno(make_user):
    return make_user("bruno")


@pytest.fixture
def carla(make_user):
    return make_user("carla")


@pytest.fixture
def claim_match(anna, bruno):
    return services.match_create(system="claim", config={"hexes": 8}, seat_users=[anna, bruno])
