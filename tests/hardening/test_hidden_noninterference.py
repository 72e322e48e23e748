"""Hidden information, every system at once (the reliability review's noninterference harness,
as the site is now): for positions of a match of each game system, the match's secrets are
changed in the database for another deal a seat cannot tell from the real one (the engine's own
`determinize` of that seat's view) and a new seed; then every answer that seat, a spectator and
a visitor can get (the page, its htmx partials, the history pages, each step of the step viewer,
the record and replay, the reference and notes pages, another seat's address, a refused move's
answer, the websocket's pushed partials, a socket naming another seat) must be byte for byte what
it was. The deals changed what the other seat knows (its hand, missions, orders...) and its
pages see the change, so the comparison would see a leak."""

from __future__ import annotations

import json
import re

import pytest
from django.contrib.auth.models import AnonymousUser

from games.engine import registry
from games.engine.rng import Rng
from games.matches import services, shown_parts, version_cache
from games.matches.models import Match
from games.matches.pushes import match_changes_for_socket
from tests.fixtures import MATCH_CONFIGS, client_for, play_random

pytestmark = pytest.mark.django_db

HX = {"HTTP_HX_REQUEST": "true"}
# Tokens differ on every answer; nothing else may.
CSRF = re.compile(
    r'name="csrfmiddlewaretoken" value="[^"]+"|"X-CSRFToken": "[^"]+"|'
    r'name="csrf-token" content="[^"]+"'
)
# Each system with its hidden things live (Infinity: hidden deployment, so a hidden trooper and
# the Lieutenants; Hexpanse: the admiral's mode, so secret missions beside hands and the deck).
CONFIGS = {
    **MATCH_CONFIGS,
    "infinity": {"hidden_deployment": True, "reactions": "auto"},
    "hexpanse": {**MATCH_CONFIGS["hexpanse"], "mode": "amiral"},
}
# Paintball's secrets that a page shows are its sentries' orders: its figures stand sentry.
PREFER = {"paintball": ("sentry",)}
# Positions: the first with something hidden after this many random moves of each (in the
# setup, then in play).
CHECKPOINTS = (2, 24)


def _urls(client, match: Match) -> list[tuple[str, dict]]:
    pk = match.pk
    urls = [
        (f"/m/{pk}/", {}),
        (f"/m/{pk}/", {**HX, "HTTP_HX_TARGET": "board"}),
        (f"/m/{pk}/live", HX),
        # Another seat's address: the page shows only the reader's own seats.
        (f"/m/{pk}/seat/0/", {}),
        (f"/m/{pk}/seat/1/", {**HX, "HTTP_HX_TARGET": "board"}),
        (f"/m/{pk}/since/", {}),
        (f"/m/{pk}/replay/", {}),
        (f"/m/{pk}/record.json", {}),
        (f"/m/{pk}/reference/", {}),
        (f"/m/{pk}/notes/", {}),
        ("/games/", {}),
        ("/", {}),
        (f"/m/{pk}/steps/", {}),
    ]
    last = client.get(f"/m/{pk}/steps/")
    if last.status_code == 200:
        orders = sorted({int(n) for n in re.findall(rf"/m/{pk}/steps/(\d+)/", last.text)})
        for n in orders[-2:]:
            page = client.get(f"/m/{pk}/steps/{n}/").content.decode()
            found = re.search(r'data-count="(\d+)"', page)
            count = int(found[1]) if found else 1
            urls += [(f"/m/{pk}/steps/{n}/?step={k}", {}) for k in range(count)]
    return urls


def _answers(match: Match, user) -> list[str]:
    """Every answer `user` (None: a visitor) gets about the match now, tokens removed."""
    version_cache.clear()
    shown_parts.clear()
    client = client_for(user)
    out = []
    for url, headers in _urls(client, match):
        response = client.get(url, **headers)
        out.append(f"{url} {response.status_code} " + CSRF.sub("", response.content.decode()))
    # A refused move (unreadable, then stale) answers with the page: the same whatever is hidden.
    for move, version in (("{bad", match.version), (json.dumps({"type": "zz"}), match.version - 1)):
        response = client.post(
            f"/m/{match.pk}/move", {"move": move, "expected_version": version}, **HX
        )
        out.append(f"refused {response.status_code} " + CSRF.sub("", response.content.decode()))
    scope = {"user": user or AnonymousUser(), "headers": [(b"accept-language", b"en")]}
    for seat in (None, 0, 1):  # a socket may name a seat, its own or (forged) another's
        pushed = match_changes_for_socket(
            scope=scope, match_id=match.pk, since=match.version - 1, seat=seat
        )
        out.append(f"pushed {CSRF.sub('', str(pushed))}")
    return out


def _replace_secrets(match: Match, state_json, seed: str) -> Match:
    Match.objects.filter(pk=match.pk).update(snapshot=state_json, seed=seed)
    match.refresh_from_db()
    return match


def _deals(system, state, checkpoint: int) -> list:
    """(seat, state, its JSON) of another deal of what each seat may not see and the other seat
    knows (its hand, its orders, its mission: what its own pages show, so they prove the
    comparison sees a change), where there is such a thing."""
    deals = []
    for seat in (0, 1):
        other = system.determinize(system.view(state, seat), seat, Rng(f"attack/{checkpoint}"))
        if system.view(other, 1 - seat) != system.view(state, 1 - seat):
            deals.append((seat, other, system.state_to_json(other)))
    return deals


def _differences(before: list[str], after: list[str]) -> list[str]:
    return [a.split(" ", 1)[0] for a, b in zip(before, after, strict=True) if a != b]


@pytest.mark.parametrize("key", sorted(CONFIGS))
def test_what_a_seat_may_not_see_changes_nothing_it_or_a_spectator_receives(key, make_user):
    system = registry.get_system(key)
    players = (make_user(f"{key[:4]}_nia"), make_user(f"{key[:4]}_ola"))
    watcher = make_user(f"{key[:4]}_pim")
    match = services.match_create(system=key, config=CONFIGS[key], seat_users=list(players))
    dealt, opponent_saw = 0, 0
    for checkpoint in CHECKPOINTS:
        prefer = PREFER.get(key, ())
        match = play_random(match, players, checkpoint - match.version, checkpoint, prefer)
        for _ in range(30):
            state = system.state_from_json(match.snapshot)
            deals = _deals(system, state, checkpoint)
            if deals or match.status != Match.Status.ACTIVE:
                break
            match = play_random(match, players, 1, match.version, prefer)
        if match.status != Match.Status.ACTIVE:
            break
        for seat, other, other_json in deals:
            view = system.view(state, seat)
            # The deal is one the seat cannot tell from the real one (a spectator neither,
            # unless the seat's own secrets were dealt again: Neuroshima's seat's draws).
            assert system.view(other, seat) == view
            assert system.to_act(other) == system.to_act(state)
            readers: tuple = (players[seat],)
            if system.view(other, None) == system.view(state, None):
                readers += (watcher, None)
            before = [_answers(match, reader) for reader in readers]
            before_opponent = _answers(match, players[1 - seat])
            real = (match.snapshot, match.seed)
            match = _replace_secrets(match, other_json, f"{match.seed}-other")
            after = [_answers(match, reader) for reader in readers]
            names = ("the seat", "a spectator", "a visitor")
            for reader, was, now in zip(names, before, after, strict=False):
                leaks = _differences(was, now)
                assert not leaks, f"{key} after {checkpoint}: {reader} saw seat {seat}'s secrets"
            opponent_saw += bool(_differences(before_opponent, _answers(match, players[1 - seat])))
            dealt += 1
            match = _replace_secrets(match, *real)
    assert dealt, f"{key}: nothing was ever hidden"
    assert opponent_saw, f"{key}: the other seat never saw a change (the search sees nothing)"
