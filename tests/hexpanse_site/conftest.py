"""Hexpanse site fixtures: players and matches played through the platform's services."""

from __future__ import annotations

from games.matches.management.commands.demo import play_moves
from games.matches.models import Match
from tests.browser_support import (  # noqa: F401 - fixtures
    bot_worker,
    browser,
    daphne_server,
    new_context,
)
from tests.fixtures import site_fixtures

players, new_match = site_fixtures(
    "hexpanse",
    names=("hx_anna", "hx_bruno", "hx_carla", "hx_dan"),
    config={"mode": "capitaine", "first_player": 0},
    seats=2,
)


def setup_choices(match: Match, users) -> Match:
    """Plays the setup decisions (first offer each time) so the game proper begins."""
    return play_moves(match, users, 40, until=lambda state: state.setup is None)


def mission_names(code: str) -> tuple[str, str]:
    """A mission's name on the French site and on the English one."""
    from django.utils import translation

    from games.hexpanse_site import texts

    names = []
    for language in ("fr", "en"):
        with translation.override(language):
            names.append(texts.mission_name(code))
    return names[0], names[1]


def card_names(code: str) -> tuple[str, str]:
    """A card's name on the French site and on the English one."""
    from django.utils import translation

    from games.hexpanse_site import texts

    names = []
    for language in ("fr", "en"):
        with translation.override(language):
            names.append(texts.card_name(code))
    return names[0], names[1]
