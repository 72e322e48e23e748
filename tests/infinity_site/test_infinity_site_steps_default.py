"""The step viewer tells its orders' events itself (games/infinity_site/steps.py): a reaction
window the deadline closed says so, in the platform's words, as the log does (« Délai dépassé
pour inf_bruno : le choix par défaut des règles est joué à sa place. »), for every reader."""

from __future__ import annotations

import html

import pytest

from tests.fixtures import submit, time_out
from tests.infinity_site.positions import corregidor_to_order, duel_match, trooper
from tests.infinity_site.test_infinity_site_hidden import client_for

pytestmark = pytest.mark.django_db

TOLD = "Délai dépassé pour inf_bruno : le choix par défaut des règles est joué à sa place."


def _order_whose_window_the_deadline_closed(players):
    """The Corregidor HMG moves into the sight of a Keisotsu whose policy is "ask me" (through
    the platform: the order's events are in the record), and inf_bruno lets his deadline pass."""
    troopers = [
        trooper("a1", 0, "corregidor.alguacil.hmg", [5, 11], 0),
        trooper("a4", 0, "corregidor.alguacil.lt", [7, 12], 0),
        trooper("k1", 1, "jsa.keisotsu.combi", [5, 4], 3),
        trooper("k3", 1, "jsa.keisotsu.lt", [8, 2], 3),
    ]
    match = duel_match(players, troopers, corregidor_to_order(), reactions="ask", points=(154, 152))
    submit(match, players[0], {"type": "order", "seat": 0, "trooper": "a1"})
    submit(match, players[0], {"type": "declare", "seat": 0, "skill": "move", "path": [[5, 10]]})
    assert time_out(match, 1) == [(match.pk, 1)]
    return match


def _steps_told(client, match) -> str:
    pages = [
        client.get(f"/m/{match.pk}/steps/?step={n}", HTTP_ACCEPT_LANGUAGE="fr") for n in range(6)
    ]
    assert all(page.status_code == 200 for page in pages)
    return html.unescape(" ".join(page.content.decode() for page in pages))


def test_the_step_viewer_says_the_deadline_closed_the_reaction_window(players, make_user):
    match = _order_whose_window_the_deadline_closed(players)
    for reader in (*players, make_user("inf_watcher"), None):
        assert TOLD in _steps_told(client_for(reader), match), reader
