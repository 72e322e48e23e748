"""Skirmish site fixtures: players and matches played through the platform's services."""

from __future__ import annotations

from tests.browser_support import bot_worker, browser, daphne_server, new_context  # noqa: F401
from tests.fixtures import site_fixtures

players, new_match = site_fixtures(
    "skirmish",
    names=("sk_anna", "sk_bruno"),
    config={"scenario": "pitched_battle", "board": "small"},
    seed="skirmish-site-tests",  # the same dice every run
)
