"""Issue 13, point 2: what to do next. In random games of every engine with a site, each state
gives the player who must act one instruction line (the prompt, or the pending decision's
question), in French and in English; and a Neuroshima HQ not yet placed shows no score."""

from __future__ import annotations

import random

import pytest
from django.utils import translation

from games.engine import registry
from games.engine.rng import Rng
from games.hexboard.registry import site_keys
from games.hexboard.turn import turn_context
from games.matches.systems import get_site

URLS = {k: f"/{k}/" for k in ("page", "post", "since", "steps", "replay", "record")}


def _keys():
    out = []
    for key in site_keys():
        try:
            registry.get_system(key)
        except KeyError:
            continue
        out.append(key)
    return out


def _instruction(site, view, seat, legal) -> str:
    turn = turn_context(
        site, view=view, seat=seat, legal=legal, query={}, urls=URLS, version=1, names=["a", "b"]
    )
    decision = turn["decision"]["text"] if turn["decision"] and turn["decision"]["mine"] else ""
    return str(turn["prompt"] or decision)


@pytest.mark.parametrize("key", _keys())
def test_every_state_tells_the_player_to_act_what_to_do_next(key):
    system, site = registry.get_system(key), get_site(key)
    silent = {}
    for game in range(3):
        rng = random.Random(game)
        step = system.setup({}, system.min_seats, Rng(f"prompt-{game}"))
        state, engine_rng = step.state, step.rng
        for _ in range(120):
            if system.outcome(state) is not None:
                break
            seat = system.to_act(state)[0]
            legal = list(system.legal_moves(state, seat))
            view = system.view(state, seat)
            for language in ("fr", "en"):
                with translation.override(language):
                    if not _instruction(site, view, seat, legal).strip():
                        silent.setdefault(language, sorted({m.get("type") for m in legal}))
            step = system.apply(state, seat, rng.choice(legal), engine_rng)
            state, engine_rng = step.state, step.rng
    assert not silent, f"{key}: no instruction when the legal moves are {silent}"


def test_a_neuroshima_hq_not_yet_placed_shows_no_score():
    system, site = registry.get_system("neuroshima"), get_site("neuroshima")
    state = system.setup({}, 2, Rng("hq")).state
    view = system.view(state, 0)
    assert all(s.headline == "" for s in site.seats(view, 0))
    hq = next(m for m in system.legal_moves(state, 0) if m["type"] == "PlaceHQ")
    state = system.apply(state, 0, hq, Rng("hq", 5)).state
    # The HQ's life in words a phone shows (a bare « 20 » was explained only by a hover title).
    for language, headline in (("fr", "QG 20"), ("en", "HQ 20")):
        with translation.override(language):
            placed = site.seats(system.view(state, 1), 1)
        assert placed[0].headline == headline and placed[1].headline == "", language


def test_a_hexpanse_warlord_s_life_is_said_in_words():
    system, site = registry.get_system("hexpanse"), get_site("hexpanse")
    state = system.setup({}, 2, Rng("life")).state
    view = system.view(state, 0)
    life = view["seats"][0]["life"]
    assert life > 1
    for language, word in (("fr", "vie"), ("en", "life")):
        with translation.override(language):
            seats = site.seats(view, 0)
        assert seats[0].headline == f"{word} {life}", language


def test_neuroshima_says_place_discard_and_play_in_words():
    system, site = registry.get_system("neuroshima"), get_site("neuroshima")
    state = system.setup({}, 2, Rng("words")).state
    with translation.override("fr"):
        first = _instruction(site, system.view(state, 0), 0, system.legal_moves(state, 0))
    assert first == "Placez votre QG : choisissez un hexagone en surbrillance."
