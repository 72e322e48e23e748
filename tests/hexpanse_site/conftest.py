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

CAPTAIN = {"mode": "capitaine", "first_player": 0}  # the two-player Captain game, seat 0 first

players, new_match = site_fixtures(
    "hexpanse", names=("hx_anna", "hx_bruno", "hx_carla", "hx_dan"), config=CAPTAIN, seats=2
)


def captain_match(users, **options) -> Match:
    """A Captain game of `users` (seat 0 first) made by the match service (`options`: its
    seed...)."""
    from games.matches import services

    return services.match_create(
        system="hexpanse", config=dict(CAPTAIN), seat_users=list(users), **options
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
