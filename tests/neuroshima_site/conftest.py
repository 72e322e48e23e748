"""Neuroshima site fixtures: players and matches played through the platform's services."""

from __future__ import annotations

from tests.browser_support import (  # noqa: F401 - fixtures
    bot_worker,
    browser,
    daphne_server,
    new_context,
)
from tests.fixtures import site_fixtures

players, new_match = site_fixtures(
    "neuroshima", names=("nh_anna", "nh_bruno"), config={"armies": ["moloch", "hegemonia"]}
)
