"""Paintball site fixtures: two players and matches played through the platform's services."""

from __future__ import annotations

from tests.browser_support import (  # noqa: F401 - fixtures
    bot_worker,
    browser,
    daphne_server,
    new_context,
)
from tests.fixtures import site_fixtures

players, new_match = site_fixtures(
    "paintball", names=("pb_rouge", "pb_bleu"), config={"scenario": "capture_the_flag"}
)
