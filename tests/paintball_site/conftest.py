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


def teams_set_up(match, players):
    """Both teams take the first setup offered (spec §12: secret until both are in)."""
    from games.matches import services
    from games.matches.models import Match
    from tests.fixtures import match_state

    system, state = match_state(match)
    for seat in (0, 1):
        services.match_submit_move(
            match_id=match.pk,
            user=players[seat],
            move_data=system.legal_moves(state, seat)[0],
            expected_version=Match.objects.get(pk=match.pk).version,
        )
    return match


def red_sentry_asked(match, players, **position):
    """Blue's b1 walks into the sight of Red's sentry r1, whose owner answers by hand: Red owes
    the next move. A second figure each keeps the match going whatever the sentry's dice say
    (a hit puts b1 out, a fumble puts r1 out of gas). `position`: fields to set too (`turn`)."""
    from games.engine.paintball.position import state_from_json, state_to_json
    from games.matches import services

    sentry = {"team": "red", "hex": [0, 2], "state": "sentry", "sentry_policy": "ask"}
    written = {
        "schema": 1,
        "board": "hexon_basic",
        "terrain": [],
        "scenario": "elimination",
        "active": "blue",
        "first": "blue",
        "marshals": {"m1": {"hex": [1, -3]}, "m2": {"hex": [-2, -2]}},
        "figures": {
            "r1": sentry,
            "r2": {"team": "red", "hex": [1, 3]},
            "b1": {"team": "blue", "hex": [0, -2]},
            "b2": {"team": "blue", "hex": [-1, -2]},
        },
        **position,
    }
    match.snapshot = state_to_json(state_from_json(written))
    match.save(update_fields=["snapshot"])
    move = {"type": "move", "figure": "b1", "to": [0, -1]}
    services.match_submit_move(
        match_id=match.pk, user=players[1], move_data=move, expected_version=match.version
    )
    return match
