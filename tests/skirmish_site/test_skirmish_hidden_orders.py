"""No page, partial, JSON or websocket message shows the other side's orders before the reveal
(skirmish.md §11). Two matches from the same seed and moves differ only in red's secret orders:
everything blue or a spectator receives must be the same in both."""

from __future__ import annotations

import re

import pytest
from django.test import Client

from games.engine import registry
from games.matches import services
from games.matches.models import Match
from tests.fixtures import client_for
from tests.fixtures import play_random as play

HX = {"HTTP_HX_REQUEST": "true"}


def _twin_matches(players, count=2):
    """Two matches of one seed, played alike to an aimed-fire step where red may shoot at two
    enemies at least and must decide first."""
    system = registry.get_system("skirmish")
    matches = []
    for _ in range(count):
        match = services.match_create(
            system="skirmish",
            config={"scenario": "pitched_battle", "board": "small"},
            seat_users=list(players),
            seed="hidden-orders-twin",
        )
        matches.append(
            play(
                match,
                players,
                400,
                seed=11,
                until=lambda s: (
                    s.phase == "aimed_fire"
                    and not any(s.submitted)
                    and len({o["orders"][0]["targets"][0] for o in _focus_moves(system, s)}) >= 2
                ),
            )
        )
    return matches


def _focus_moves(system, state):
    moves = system.legal_moves(state, 0)
    return [m for m in moves if m["type"] == "aimed_orders" and m["orders"]]


def _normalised(html: str, match: Match) -> str:
    # (Not a colour that begins with the same digits: "#23313f" is no match #23.)
    html = re.sub(rf"#{match.pk}(?![0-9a-fA-F])", "#ID", html.replace(f"/m/{match.pk}/", "/m/ID/"))
    # When each seat must play by is no secret, and the twins' turns began a moment apart.
    html = re.sub(r'class="deadline" title="[^"]*"', 'class="deadline"', html)
    html = html.replace(match.invite_token, "TOKEN")
    html = re.sub(r'name="csrfmiddlewaretoken" value="[^"]+"', "CSRF", html)
    html = re.sub(r'"csrf-token" content="[^"]+"', "CSRF", html)
    return re.sub(r"data-match=\"\d+\"", "", html)


def _seen_by(client: Client, match: Match) -> list[str]:
    pages = [
        client.get(f"/m/{match.pk}/"),
        client.get(f"/m/{match.pk}/live", **HX),
        client.get(f"/m/{match.pk}/since/"),
    ]
    assert all(p.status_code == 200 for p in pages)
    return [_normalised(p.content.decode(), match) for p in pages]


def test_the_other_sides_orders_reach_no_page_before_the_reveal(
    players, client, monkeypatch, django_capture_on_commit_callbacks
):
    sent = []  # every message the sockets are sent, whatever its group
    monkeypatch.setattr(
        "games.notifications.sockets._send_all",
        lambda messages: sent.extend(m for _, m in messages),
    )
    system = registry.get_system("skirmish")
    first, second = _twin_matches(players)
    state = system.state_from_json(first.snapshot)
    assert state.phase == "aimed_fire" and 0 in system.to_act(state) and 1 in system.to_act(state)
    focus = _focus_moves(system, state)
    red = client_for(players[0])
    for match, move in ((first, focus[0]), (second, focus[-1])):
        with django_capture_on_commit_callbacks(execute=True):
            answer = red.post(
                f"/skirmish/m/{match.pk}/orders/",
                {
                    "kind": "aimed_orders",
                    "expected_version": match.version,
                    "model": [o["model"] for o in move["orders"]],
                    **{f"target-{o['model']}": o["targets"] for o in move["orders"]},
                },
                **HX,
            )
        assert answer.status_code == 204 and answer["HX-Trigger"] == "match-changed"
        match.refresh_from_db()
        assert match.snapshot["orders"]["red"] != []
    assert first.snapshot["orders"] != second.snapshot["orders"]  # the secret differs...
    blue = client_for(players[1])
    for reader in (blue, client):  # ...but blue and a spectator receive the very same pages
        assert _seen_by(reader, first) == _seen_by(reader, second)
    assert "Your orders are sent" not in _seen_by(blue, first)[0]
    assert (
        "Waiting for Blue" in _seen_by(red, first)[0]
        or "waiting for Blue" in _seen_by(red, first)[0]
    )
    assert sent  # the moves were told...
    for message in sent:  # ...and the websocket only says that something changed, and who did it
        assert set(message) <= {"type", "match", "version", "count", "played", "by"}
    views = [system.view(system.state_from_json(m.snapshot), 1) for m in (first, second)]
    assert views[0] == views[1]


@pytest.mark.parametrize("forged", [{"kind": "shoot"}, {"kind": "aimed_orders", "model": "b1"}])
def test_forged_orders_are_refused_in_words_and_change_nothing(players, forged):
    (first,) = _twin_matches(players, count=1)
    version = first.version
    answer = client_for(players[0]).post(
        f"/skirmish/m/{first.pk}/orders/",
        {"expected_version": version, "target-b1": "r1", **forged},
        **HX,
    )
    # Refused as the platform's move endpoint refuses (400; 409 for a stale page, below),
    # the reason still swapped into the page's flash (site.js swaps a 400 and a 409).
    assert answer.status_code == 400 and answer["HX-Retarget"] == "#flash"
    assert "message error" in answer.content.decode()
    # The match page's own flash, read out by a screen reader as the page's refusals are.
    assert 'id="flash" class="flash" role="alert" aria-live="assertive"' in answer.content.decode()
    first.refresh_from_db()
    assert first.version == version


def test_orders_sent_from_a_stale_page_answer_409_with_the_reason(players):
    (first,) = _twin_matches(players, count=1)
    version = first.version
    answer = client_for(players[0]).post(
        f"/skirmish/m/{first.pk}/orders/",
        {"expected_version": version - 1, "kind": "aimed_orders"},
        **HX,
    )
    assert answer.status_code == 409 and answer["HX-Retarget"] == "#flash"
    assert "message error" in answer.content.decode()
    first.refresh_from_db()
    assert first.version == version
