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


def protector_asked(match: Match, attacker) -> Match:
    """Seat 0's normal unit attacks seat 1's, next to seat 1's Protector (minor faction M01)
    whose owner answers by hand: the game waits for seat 1's « protect » decision."""
    from games.engine.hexpanse.position import state_to_json
    from tests.engine.hexpanse.hxp import load, position
    from tests.fixtures import submit

    units = {
        "3,-3": (0, "warlord"),
        "-3,3": (1, "warlord"),
        "0,0": (0, "normal"),
        "1,0": (1, "normal"),
        "2,0": (1, "minor", "M01"),
    }
    written = position(minors=[["M06"], ["M01"]], units=units, policy=["ask", "ask"])
    match.snapshot = state_to_json(load(written))
    match.save(update_fields=["snapshot"])
    submit(match, attacker, {"seat": 0, "do": "attack", "from": "0,0", "to": "1,0"})
    return match


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
