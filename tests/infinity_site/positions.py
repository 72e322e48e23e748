"""Hand-written Infinity positions for the site tests (spec E.1, as the engine reads a position
written by hand, I7): Corregidor against the JSA on the small board, the match that holds one,
as a real match of the platform holds its state, and a move posted as its page posts it."""

from __future__ import annotations

import json
from typing import Any

from games.matches.models import Match
from tests.engine.infinity.infh import trooper

__all__ = [
    "DEPLOYING_JSA",
    "PASS",
    "corregidor_to_order",
    "duel",
    "hand_written_match",
    "post_move",
    "trooper",
]

# A reaction policy that lets everything pass (a trooper that must not react in the test).
PASS = {"on_sight": "pass", "on_template": "pass", "weapon": None, "max_range": None}

# The JSA (seat 1) deploying, Corregidor (seat 0) done.
DEPLOYING_JSA = {
    "phase": "deployment",
    "first_seat": 0,
    "active_seat": 0,
    "orders": {},
    "pending": {"seat": 1, "kind": "deploy"},
}


def corregidor_to_order(lieutenant: int = 1) -> dict[str, Any]:
    """The turn: Corregidor (seat 0) to give an order, two regular orders and `lieutenant`
    left."""
    return {
        "phase": "active",
        "orders": {"0": {"regular": 2, "lieutenant": lieutenant}},
        "pending": {"seat": 0, "kind": "order"},
    }


def duel(
    troopers: list[dict[str, Any]],
    turn: dict[str, Any],
    *,
    lieutenants: tuple[str, str] = ("a4", "k3"),
    hidden: tuple[dict[str, Any], dict[str, Any]] = ({}, {}),
    reactions: str = "auto",
    points: tuple[int, int] = (150, 150),
    **extra: Any,
) -> dict[str, Any]:
    """The position: `hidden` adds to each seat's secret part (markers, policies…)."""
    return {
        "board": {"cols": 16, "rows": 16, "name": "small"},
        "options": {"reactions": reactions},
        "seats": [
            {"seat": 0, "army": "nomads", "sectorial": "corregidor", "army_points": points[0]},
            {"seat": 1, "army": "yujing", "sectorial": "jsa", "army_points": points[1]},
        ],
        "troopers": troopers,
        "turn": turn,
        "hidden": {str(seat): {"lieutenant": lieutenants[seat], **hidden[seat]} for seat in (0, 1)},
        **extra,
    }


def hand_written_match(players, position: dict[str, Any]) -> Match:
    """A match of `players` made by the platform, its state replaced by `position`."""
    from games.matches import services

    match = services.match_create(
        system="infinity", config={"reactions": "auto"}, seat_users=list(players)
    )
    match.snapshot = position
    match.save(update_fields=["snapshot"])
    return match


def post_move(client, match: Match, move: dict[str, Any]) -> Match:
    """`move` posted by `client` as the match page posts it (htmx); the match as it is then."""
    response = client.post(
        f"/m/{match.pk}/move",
        {"move": json.dumps(move), "expected_version": match.version},
        HTTP_HX_REQUEST="true",
    )
    assert response.status_code == 200
    match.refresh_from_db()
    return match
