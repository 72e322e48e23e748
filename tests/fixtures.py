"""Fixtures and helpers shared by several test packages: players with profiles and a started
"claim" match. Packages import what they need from here (tests/conftest.py holds what every
package gets: fast password hashing, `make_user`, `organiser`).

The "claim" system (tests/matches/demo_system.py, the platform's tiny real test system) is
registered by the helpers that start a match, and by tests/matches/conftest.py when it is
imported (so in a whole run, every package's tests see it beside the real systems).
"""

from __future__ import annotations

import re
import socket
from datetime import timedelta

import pytest
from django.contrib.auth import get_user_model
from django.test import Client
from django.utils import timezone

from games.accounts.models import Profile
from games.accounts.selectors import profile_for
from games.clock.services import clock_handle_timeouts
from games.matches import services
from games.matches.models import Match, MatchRecord
from tests.matches.demo_system import install


@pytest.fixture
def fast_password_hashing(_fast_password_hashing):
    """The name some conftests import; tests/conftest.py already applies it to every test."""


def make_player(name: str, **profile):
    """A user with a profile (English unless told): what the clock and notifications read."""
    profile.setdefault("language", "en")
    user = get_user_model().objects.create_user(name, f"{name}@example.org", "pw-" + name + "-x9")
    p = profile_for(user)
    for key, value in profile.items():
        setattr(p, key, value)
    p.save()
    return user


def client_for(user=None, language: str = "en") -> Client:
    """A browser reading in `language`, signed in as `user` (None: anonymous)."""
    client = Client(HTTP_ACCEPT_LANGUAGE=language)
    if user is not None:
        client.force_login(user)
    return client


def play_random(match: Match, users, moves: int, seed: int = 3, prefer=(), until=None) -> Match:
    """Random legal moves of the match's own system through match_submit_move, preferring some
    move types, stopping early when `until(state)` holds: a game brought to a position."""
    import random

    from games.matches.management.commands.demo import play_moves

    rnd = random.Random(seed)

    def pick(legal):
        liked = [m for m in legal if m.get("type") in prefer]
        return rnd.choice(liked or legal)

    return play_moves(match, users, moves, pick=pick, until=until)


def site_fixtures(system: str, *, names: tuple[str, ...], config: dict, seats=None, **options):
    """The `players` and `new_match` fixtures of a system's site tests, for its conftest:
    `players, new_match = site_fixtures("paintball", names=(...), config={...})`.

    `players` are users of these names; `new_match(**config)` is a match of `system` created
    by the real service for the first `seats` players (all unless told; a test may pass
    `seats=`), its config these defaults updated with the test's; `options` go to
    match_create (a fixed `seed`: the same dice every run)."""

    @pytest.fixture
    def players(make_user):
        return tuple(make_user(name) for name in names)

    @pytest.fixture
    def new_match(players):
        def make(seats=seats, **extra):
            return services.match_create(
                system=system,
                config={**config, **extra},
                seat_users=list(players[:seats]),
                **options,
            )

        return make

    return players, new_match


def match_state(match: Match):
    """(system, state) of the match as stored now."""
    from games.engine import registry

    match.refresh_from_db()
    system = registry.get_system(match.system)
    return system, system.state_from_json(match.snapshot)


def submit(match: Match, user, move) -> None:
    """The user's move at the match's current version, through the real service."""
    match.refresh_from_db()
    services.match_submit_move(
        match_id=match.pk, user=user, move_data=move, expected_version=match.version
    )


def refusal_shown(match: Match, user, move, language: str) -> str:
    """The sentence a page reading in `language` shows when `user` posts `move` (as JSON, at
    the match's current version, through htmx as the board does) and it is refused; the move
    is refused or this fails (unescaped: the words as the reader reads them)."""
    import html
    import json

    match.refresh_from_db()
    response = client_for(user, language).post(
        f"/m/{match.pk}/move",
        {"move": json.dumps(move), "expected_version": match.version},
        HTTP_HX_REQUEST="true",
    )
    assert response.status_code == 400, "the move was refused"
    flash = response.content.decode().split('class="message error">')[1].split("</p>")[0]
    return html.unescape(flash)


def time_out(match: Match, seat: int) -> list[tuple[int, int]]:
    """The seat's deadline passed a minute ago and the clock's periodic task runs: the
    (match, seat) pairs it handled."""
    now = timezone.now()
    match.seats.filter(index=seat).update(deadline=now - timedelta(minutes=1))
    return clock_handle_timeouts(now=now)


def last_record(match: Match) -> MatchRecord:
    """The match's latest record (a move, a takeback, a loss on time...)."""
    return MatchRecord.objects.filter(match=match).order_by("-seq").first()


# A match of each game system as the pages' browser tests open it: the config its site tests use.
MATCH_CONFIGS = {
    "neuroshima": {"armies": ["moloch", "hegemonia"]},
    "hexpanse": {"mode": "capitaine", "first_player": 0},
    "paintball": {"scenario": "capture_the_flag"},
    "skirmish": {"scenario": "pitched_battle", "board": "small"},
    "infinity": {},
}


def new_match_form(system: str, **fields: str) -> dict[str, str]:
    """The lobby's "new match" form as the page sends it (two players, three days a move,
    vacation and the weekend pause allowed, public), with `fields` on top (the seats, the
    options)."""
    return {
        "system": system,
        "players": "2",
        "days_per_move": "3",
        "bank_increment_hours": "0",
        "bank_max_days": "0",
        "vacation_allowed": "on",
        "weekend_pause_allowed": "on",
        "is_public": "on",
        **fields,
    }


def start_match(*users, **options) -> Match:
    """A "claim" match started by the real match service, so the clock runs as on the site."""
    install()
    match = services.match_create(
        system="claim", config={"hexes": 8}, seat_users=list(users), **options
    )
    return Match.objects.get(pk=match.pk)


def challenged_match(creator, person, **options) -> Match:
    """A "claim" duel `creator` challenges `person` to: the second seat kept for them."""
    return services.challenge_create(
        system="claim",
        config={"hexes": 8},
        seat_users=[creator, None],
        challenged={1: person},
        created_by=creator,
        **options,
    )


def claim(match: Match, user) -> Match:
    """One claim of the claim game, within the turn (it may be taken back)."""
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
    return match


def end_turn(match: Match, user) -> Match:
    """One full turn of the claim game: place a tile, then end the turn."""
    match = claim(match, user)
    services.match_submit_move(
        match_id=match.pk, user=user, move_data={"type": "end"}, expected_version=match.version
    )
    match.refresh_from_db()
    return match


# Two players and their match, for the packages that import them into their conftest
# (clock, accounts, notifications through tests/clock/support.py); not offered everywhere,
# because the platform tests (tests/matches) have players of their own under these names.


@pytest.fixture
def anna(db):
    return make_player("anna")


@pytest.fixture
def bruno(db):
    return make_player("bruno")


@pytest.fixture
def match(anna, bruno):
    return start_match(anna, bruno)


@pytest.fixture
def dns(monkeypatch):
    """The operating system's resolver answers from this table, which a test may change (the
    tests run without network): host -> addresses. Discord's webhook hosts resolve to public
    Cloudflare addresses; any other name is unknown."""
    table = {
        "discord.com": ["162.159.135.232", "2606:4700::6810:86e8"],
        "discordapp.com": ["162.159.133.233"],
    }

    def getaddrinfo(host, port, *args, **kwargs):
        if host not in table:
            raise socket.gaierror(socket.EAI_NONAME, "Name or service not known")
        return [
            (socket.AF_INET6, socket.SOCK_STREAM, 6, "", (a, port, 0, 0))
            if ":" in a
            else (socket.AF_INET, socket.SOCK_STREAM, 6, "", (a, port))
            for a in table[host]
        ]

    monkeypatch.setattr(socket, "getaddrinfo", getaddrinfo)
    return table


def coach_box(html: str) -> str:
    """The coach's « Conseils » box of a match page ("" without one), its form's CSRF token
    masked: two readers' boxes compare equal when their tips do."""
    found = re.search(r'<aside class="hb-coach".*?</aside>', html, re.S)
    box = found.group(0) if found else ""
    return re.sub(r'name="csrfmiddlewaretoken" value="[^"]+"', "CSRF", box)


def set_profile(user, **fields) -> None:
    """The player's profile settings (« Conseils de jeu »...), saved as the settings page does."""
    Profile.objects.update_or_create(user=user, defaults=fields)
