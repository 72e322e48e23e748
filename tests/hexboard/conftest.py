"""The shared board's tests: browser fixtures for Chromium, and a paintball match brought to a
position where a player may pick (both teams deployed)."""

from __future__ import annotations

from games.engine import registry
from games.matches import services
from games.matches.models import Match
from tests.browser_support import browser, daphne_server, new_context  # noqa: F401


def deployed_paintball(red, blue) -> tuple[Match, int]:
    """A paintball elimination where both teams have deployed, and the seat that acts."""
    match = services.match_create(
        system="paintball", config={"scenario": "elimination"}, seat_users=[red, blue]
    )
    system = registry.get_system("paintball")
    for user, seat in ((red, 0), (blue, 1)):
        match.refresh_from_db()
        deploy = system.legal_moves(system.state_from_json(match.snapshot), seat)[0]
        services.match_submit_move(
            match_id=match.pk, user=user, move_data=deploy, expected_version=match.version
        )
    match.refresh_from_db()
    return match, system.to_act(system.state_from_json(match.snapshot))[0]
