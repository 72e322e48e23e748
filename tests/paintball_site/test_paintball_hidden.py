"""Hidden information never reaches a browser that may not see it (spec §12): the other team's
sentry policies and its secret setup or deployment. Each answer a red player, a spectator or a
visitor can get (the page, its partials, a pick, the history pages, the websocket message) is
the same whatever Blue chose; Blue's own page does show its choice, so the comparison would see
a leak."""

from __future__ import annotations

import re

import pytest
from django.test import Client

from games.engine import registry
from games.matches.models import Match
from games.notifications.consumers import NotifyConsumer
from tests.fixtures import play_random as play

pytestmark = pytest.mark.django_db

HX = {"HTTP_HX_REQUEST": "true"}
# Tokens differ on every answer; nothing else may.
CSRF = re.compile(
    r'name="csrfmiddlewaretoken" value="[^"]+"|"X-CSRFToken": "[^"]+"|'
    r'name="csrf-token" content="[^"]+"'
)
# What would tell one of Blue's sentry orders: its log sentence or its figure's title.
BLUE_POLICY = re.compile(
    r"(Blue|Bleu) \d (stands sentry and will|passe en sentinelle et)"
    r"|(Blue|Bleu) \d · (on sentry duty|en sentinelle) · "
    r"(fires at|pins down|asks you|tire sur|cloue au sol|vous demande)"
)


def _client(user=None) -> Client:
    client = Client()
    if user is not None:
        client.force_login(user)
    return client


def _answers(match: Match, clients) -> list[str]:
    pk = match.pk
    urls = [
        (f"/m/{pk}/", {}),
        (f"/m/{pk}/live", HX),
        (f"/m/{pk}/?at=0,3", {**HX, "HTTP_HX_TARGET": "board"}),
        (f"/m/{pk}/since/", {}),
        (f"/m/{pk}/steps/", {}),
    ]
    out = []
    for client in clients:
        for url, headers in urls:
            for language in ("fr", "en"):
                response = client.get(url, HTTP_ACCEPT_LANGUAGE=language, **headers)
                out.append(
                    f"{url} {response.status_code} " + CSRF.sub("", response.content.decode())
                )
    return out


def _with_snapshot(match: Match, change) -> Match:
    snapshot = change(dict(match.snapshot))
    Match.objects.filter(pk=match.pk).update(snapshot=snapshot)
    match.refresh_from_db()
    return match


def _blue_sentry(state) -> bool:
    return any(f.team == "blue" and f.state == "sentry" for f in state.figures)


def test_blues_sentry_policy_never_reaches_red_a_spectator_or_a_visitor(
    players, new_match, make_user
):
    system = registry.get_system("paintball")
    match = play(new_match(), players, 200, prefer=("sentry",), until=_blue_sentry, seed=5)
    state = system.state_from_json(match.snapshot)
    assert _blue_sentry(state), "no blue sentry came up"
    sentry = next(f.id for f in state.figures if f.team == "blue" and f.state == "sentry")
    others = [_client(players[0]), _client(make_user("pb_watcher")), _client()]

    seen = {}
    for policy in ("fire", "suppress", "ask"):

        def set_policy(snapshot, policy=policy):
            figures = {k: dict(v) for k, v in snapshot["figures"].items()}
            figures[sentry]["sentry_policy"] = policy
            return {**snapshot, "figures": figures}

        match = _with_snapshot(match, set_policy)
        seen[policy] = _answers(match, others)
        blue = _client(players[1]).get(f"/m/{match.pk}/", HTTP_ACCEPT_LANGUAGE="en")
        assert blue.status_code == 200
    assert seen["fire"] == seen["suppress"] == seen["ask"]
    assert not BLUE_POLICY.search("\n".join(seen["fire"]))
    # Blue's own pages tell its sentry's orders (so the search above would see a leak).
    assert BLUE_POLICY.search("\n".join(_answers(match, [_client(players[1])])))


def test_blues_secret_setup_and_deployment_never_reach_red(players, new_match):
    match = new_match(experts=True, grenades=True)
    system = registry.get_system("paintball")
    state = system.state_from_json(match.snapshot)
    assert state.phase == "setup"
    blue_moves = system.legal_moves(state, 1)
    assert len(blue_moves) >= 2, "the setup offers a choice"
    answers = []
    for move in blue_moves[:2]:

        def submit(snapshot, move=move):
            return {**snapshot, "submissions": {"red": None, "blue": move}}

        match = _with_snapshot(match, submit)
        answers.append(_answers(match, [_client(players[0])]))
    assert answers[0] == answers[1]

    match = play(match, players, 3, until=lambda s: s.phase == "deploy")
    state = system.state_from_json(match.snapshot)
    deploys = system.legal_moves(state, 1)
    answers = []
    for move in deploys[:2]:

        def deploy(snapshot, move=move):
            return {**snapshot, "submissions": {"red": None, "blue": move}}

        match = _with_snapshot(match, deploy)
        answers.append(_answers(match, [_client(players[0])]))
    assert answers[0] == answers[1]


def test_the_websocket_tells_only_that_the_match_changed():
    """The notification consumer's nudge sends the match, its version and whether a move was
    played, never a view: each browser then fetches its own page (tests above). (Partials
    pushed to a page that asked for them are its reader's own: tests/matches/test_pushes.py.)"""
    sent = []

    class Probe(NotifyConsumer):
        async def send_json(self, content, close=False):
            sent.append(content)

    import asyncio

    asyncio.run(Probe().match_changed({"match": 7, "version": 12, "extra": "x"}))
    assert sent == [{"type": "match", "match": 7, "version": 12, "played": True}]
