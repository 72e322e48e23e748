"""Fixtures shared by the accounts, clock and notifications tests: players and a "claim" match
(the platform's tiny real test system, tests/matches/demo_system.py) started by the real match
service, so the clock runs exactly as it does on the site. They live in tests/fixtures.py;
this module keeps the names those packages import."""

from __future__ import annotations

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

__all__ = [
    "anna",
    "bruno",
    "end_turn",
    "fast_password_hashing",
    "make_player",
    "match",
    "start_match",
]
