"""The line under a picked move names the ‹ › buttons only when the page shows them: a French
newcomer deploying read « Confirmez, ou ‹ › pour une autre option. » above a lone Confirm."""

from __future__ import annotations

import re

import pytest
from django.test import Client

from games.hexboard.keys import hex_key
from tests.fixtures import play_random as play
from tests.infinity_site.conftest import acting

pytestmark = pytest.mark.django_db


def _prompt_and_cycle(match, user, query: str) -> tuple[str, bool]:
    client = Client()
    client.force_login(user)
    html = client.get(f"/m/{match.pk}/{query}", HTTP_ACCEPT_LANGUAGE="fr").content.decode()
    prompt = re.search(r'data-testid="step-prompt"[^>]*>([^<]*)<', html)
    assert prompt is not None
    return prompt.group(1), 'data-testid="cycle-prev"' in html


def _until(kind: str):
    def pending(state) -> bool:
        return state.turn.pending is not None and state.turn.pending.kind == kind

    return pending


def test_a_lone_option_is_confirmed_without_naming_buttons_that_are_not_there(new_match, players):
    match = play(new_match(), players, 60, until=_until("deploy"))
    system, state, seat = acting(match)
    deploy = next(m for m in system.legal_moves(state, seat) if m["type"] == "deploy")
    prompt, cycle = _prompt_and_cycle(match, players[seat], f"?hex={hex_key(deploy['hex'])}")
    assert not cycle
    assert "Confirmez" in prompt and "‹" not in prompt, prompt


def test_several_options_at_a_hex_name_the_buttons_that_turn_them(new_match, players):
    match = play(new_match(), players, 60, until=_until("order"))
    system, state, seat = acting(match)
    trooper = next(t for t in state.army(seat) if t.normal)
    prompt, cycle = _prompt_and_cycle(match, players[seat], f"?spot={hex_key(trooper.hex)}")
    assert cycle
    assert "‹ ›" in prompt, prompt
