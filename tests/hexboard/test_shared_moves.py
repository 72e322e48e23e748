"""Engines keep what they work out from a state (a seat's legal moves, in JSON) on the state
itself (`games.engine.memo`), and the site keeps a match's state per version: every page of
that version (the mover's answer, the other seat's push, the picks) reads the same move dicts.
Drawing a page (board, picks, previews, hand, panels, coach) must leave them as the engine
listed them, or the next page would offer moves the engine never listed: checked against a
copy of the state, which starts with nothing kept."""

from __future__ import annotations

import copy
from urllib.parse import parse_qsl

import pytest
from django.utils import translation

from games.engine.registry import get_system
from games.engine.rng import Rng
from games.hexboard.registry import registered_site, site_keys
from games.hexboard.turn import turn_context

URLS = {"page": "/m/1/", "post": "/m/1/move", "since": "/m/1/since/", "steps": "", "replay": ""}


def _draw(site, system, state, seat, query):
    view = system.view(state, seat)
    legal = system.legal_moves(state, seat)
    return turn_context(
        site, view=view, seat=seat, legal=legal, query=query, urls=URLS, version=1, coach=True
    )


def changed_by_drawing(key: str, moves: int = 40) -> list[int]:
    """The steps of a random game where drawing the seat's pages changed what its state kept."""
    system, site = get_system(key), registered_site(key)
    start = system.setup({}, system.min_seats, Rng(f"shared-{key}"))
    state, rng, chooser = start.state, start.rng, Rng(f"shared-chooser-{key}")
    changed = []
    for step in range(moves):
        if system.outcome(state) is not None:
            break
        seat = system.to_act(state)[0]
        first = _draw(site, system, state, seat, {})
        for target in first["targets"][:3]:
            turn = _draw(site, system, state, seat, dict(parse_qsl(target["href"].lstrip("?"))))
            for deeper in turn["targets"][:2]:
                _draw(site, system, state, seat, dict(parse_qsl(deeper["href"].lstrip("?"))))
        fresh = copy.deepcopy(state)
        if system.legal_moves(state, seat) != system.legal_moves(fresh, seat) or system.view(
            state, seat
        ) != system.view(fresh, seat):
            changed.append(step)
        move, chooser = chooser.choice(system.legal_moves(state, seat))
        after = system.apply(state, seat, move, rng)
        state, rng = after.state, after.rng
    return changed


@pytest.mark.parametrize("key", site_keys())
def test_drawing_a_seats_pages_leaves_the_moves_its_state_keeps_as_listed(key):
    with translation.override("fr"):
        assert changed_by_drawing(key) == []
