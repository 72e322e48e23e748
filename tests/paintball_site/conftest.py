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
