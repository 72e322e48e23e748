"""The shared board's tests: browser fixtures for Chromium, and a paintball match brought to a
position where a player may pick (both teams deployed)."""

from __future__ import annotations

from games.engine import registry
from games.matches import services
from games.matches.models import Match
from tests.browser_support import (  # noqa: F401
    browser,
    daphne_server,
    make_verified_user,
    new_context,
)


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


def paintball_between(prefix: str, password: str) -> tuple[Match, int, tuple[str, str]]:
    """`deployed_paintball` between two new players a browser may sign in as, `prefix`_red and
    `prefix`_blue: the match, the seat that acts, and the two usernames by seat."""
    names = (f"{prefix}_red", f"{prefix}_blue")
    match, seat = deployed_paintball(*(make_verified_user(name, password) for name in names))
    return match, seat, names
