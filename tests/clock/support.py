"""Fixtures shared by the accounts, clock and notifications tests: players and a "claim" match
(the platform's tiny real test system, tests/matches/demo_system.py) started by the real match
service, so the clock runs exactly as it does on the site."""

from __future__ import annotations

import pytest
from django.contrib.auth import get_user_model

from games.accounts.selectors import profile_for
from games.matches import services
from games.matches.models import Match
from tests.matches.demo_system import install

install()


def make_player(name: str, **profile):
    profile.setdefault("language", "en")
    user = get_user_model().objects.create_user(name, f"{name}@example.org", "pw-" + name + "-x9")
    p = profile_for(user)
    for key, value in profile.items():
        setattr(p, key, value)
    p.save()
    return user


def start_match(*users, **options) -> Match:
    match = services.match_create(
        system="claim", config={"hexes": 8}, seat_users=list(users), **options
    )
    return Match.objects.get(pk=match.pk)


def end_turn(match: Match, user) -> Match:
    """One full turn of the claim game: place a tile, then end the turn."""
    match.refresh_from_db()
    seat = match.seats.get(user=user)
    hand = match.snapshot["hands"][seat.index]
    free = match.snapshot["board"].index(None)
    services.match_submit_move(
        match_id=match.pk,
        user=user,
        move_data={"type": "claim", "hex": free, "tile": hand[0]},
        expected_version=match.version,
    )
    match.refresh_from_db()
    services.match_submit_move(
        match_id=match.pk, user=user, move_data={"type": "end"}, expected_version=match.version
    )
    match.refresh_from_db()
    return match


@pytest.fixture
def anna(db):
    return make_player("anna")


@pytest.fixture
def bruno(db):
    return make_player("bruno")


@pytest.fixture
def match(anna, bruno):
    return start_match(anna, bruno)


@pytest.fixture(autouse=True)
def fast_password_hashing(settings):
    # PBKDF2's many rounds dominate account-creating tests on a busy 2-core machine.
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
