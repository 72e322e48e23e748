"""The skirmish engine keeps each seat's legal menu in JSON on the state (issue 14), and the
site keeps a match's state per version: every page of that version reads the same move dicts.
Drawing a page (board, picks, previews, hand, panel, coach) must leave them as they were, or
the next player's page would offer moves the engine never listed."""

from __future__ import annotations

import random
from urllib.parse import parse_qsl

from django.utils import translation

from games.engine.rng import Rng
from games.engine.skirmish import legal as skirmish_legal
from games.engine.skirmish import moves as mv
from games.engine.skirmish.system import SYSTEM
from games.hexboard.turn import turn_context
from games.skirmish_site.site import SITE

URLS = {"page": "/m/1/", "post": "/m/1/move", "since": "/m/1/since/", "steps": "", "replay": ""}


def _draw(state, seat, query):
    view = SYSTEM.view(state, seat)
    legal = SYSTEM.legal_moves(state, seat)
    return turn_context(
        SITE, view=view, seat=seat, legal=legal, query=query, urls=URLS, version=1, coach=True
    )


def test_drawing_every_pick_leaves_the_states_shared_menu_as_the_engine_listed_it():
    state = SYSTEM.setup(
        SYSTEM.validate_config({"scenario": "pitched_battle", "board": "small"}, 2),
        2,
        Rng("shared-menu"),
    ).state
    chooser = random.Random(7)
    drawn = 0
    with translation.override("fr"):
        for step in range(80):
            to_act = SYSTEM.to_act(state)
            if not to_act:
                break
            seat = to_act[0]
            first = _draw(state, seat, {})
            queries = [dict(parse_qsl(t["href"].lstrip("?"))) for t in first["targets"][:3]]
            for query in queries:
                turn = _draw(state, seat, query)
                for target in turn["targets"][:2]:
                    _draw(state, seat, dict(parse_qsl(target["href"].lstrip("?"))))
                    drawn += 1
            listed = tuple(mv.encode(m) for m in skirmish_legal.menu(state, seat))
            assert state.encoded_menus[seat] == listed, f"a page changed the menu at step {step}"
            move = chooser.choice(SYSTEM.legal_moves(state, seat))
            state = SYSTEM.apply(state, seat, move, Rng(f"shared-menu-{step}")).state
    assert drawn > 20, "the walk drew picks of at least a few positions"
