"""Fixtures shared by the accounts, clock and notifications tests: players and a "claim" match
(the platform's tiny real test system, tests/matches/demo_system.py) started by the real match
service, so the clock runs exactly as it does on the site. They live in tests/fixtures.py;
this module keeps the names those packages import."""

from __future__ import annotations

from games.clock.services import clock_after_change
from tests.fixtures import (
    anna,
    bruno,
    end_turn,
    fast_password_hashing,
    make_player,
    match,
    start_match,
)
from tests.matches.demo_system import install

install()


def seat(match, index):
    return match.seats.get(index=index)


def give_turn(match, index, now):
    """Hand the turn to `index` as the claim system would, then run the clock at `now`."""
    match.refresh_from_db()
    match.snapshot = {**match.snapshot, "turn": index, "placed": 0}
    match.save()
    clock_after_change(match=match, now=now)


__all__ = [
    "anna",
    "bruno",
    "end_turn",
    "fast_password_hashing",
    "give_turn",
    "make_player",
    "match",
    "seat",
    "start_match",
]
