"""A model picked on the board is named in the line above it: a French newcomer read « Choisissez
où elle va » then « Vérifiez le coup, puis confirmez », not which model nor what the move does."""

from __future__ import annotations

import html
import re

from django.utils import translation

from games.engine import registry
from games.skirmish_site import board_state
from tests.fixtures import client_for
from tests.fixtures import play_random as play


def _prompt(client, match, query: str) -> str:
    page = client.get(f"/m/{match.pk}/{query}", HTTP_ACCEPT_LANGUAGE="fr").content.decode()
    found = re.search(r'data-testid="step-prompt"[^>]*>([^<]*)<', page)
    assert found is not None
    return html.unescape(found.group(1))


def test_the_model_picked_to_move_is_named_until_the_move_is_confirmed(new_match, players):
    match = play(new_match(), players, 400, until=lambda s: s.phase == "movement")
    system = registry.get_system("skirmish")
    state = system.state_from_json(match.snapshot)
    seat = system.to_act(state)[0]
    move = next(m for m in system.legal_moves(state, seat) if m["type"] == "move")
    at, to = state.model(move["model"]).hex, move["path"][-1]
    with translation.override("fr"):
        name = board_state.model_names(state)[move["model"]]
    client = client_for(players[seat])
    where = _prompt(client, match, f"?at={at[0]},{at[1]}")
    assert where == f"Choisissez où va {name} (les hexagones en surbrillance sont à portée).", where
    check = _prompt(client, match, f"?at={at[0]},{at[1]}&to={to[0]},{to[1]}")
    assert check == f"Déplacez {name} vers l'hexagone choisi, puis confirmez.", check
