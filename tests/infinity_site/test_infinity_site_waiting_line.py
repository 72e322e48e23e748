"""The hand's waiting line names the player the table waits for, as the status above it does
(« On attend inf_bruno. »), not their army (« On attend ASJ. » sat under « On attend
inf_bruno. »)."""

from __future__ import annotations

import re

import pytest

from tests.infinity_site.conftest import acting, reaction_window
from tests.infinity_site.test_infinity_site_pages import page

pytestmark = pytest.mark.django_db


def _waiting_line(html: str) -> str:
    found = re.search(r'data-testid="decision-prompt"><p>(.*?)</p>', html, re.S)
    assert found, "no waiting line"
    return found.group(1)


def test_the_waiting_line_names_the_player_who_chooses_the_initiative(new_match, players):
    match = new_match()
    _, _, chooser = acting(match)
    html = page(match, players[1 - chooser], language="fr")
    assert _waiting_line(html) == f"On attend {players[chooser].username}."


def test_the_waiting_line_names_the_player_whose_reactions_the_order_waits_for(new_match, players):
    match = reaction_window(new_match())
    assert _waiting_line(page(match, players[0], language="fr")) == (
        "En attente des réactions d&#x27;inf_bruno."
    )
    assert _waiting_line(page(match, players[0])) == "Waiting for inf_bruno&#x27;s reactions."
