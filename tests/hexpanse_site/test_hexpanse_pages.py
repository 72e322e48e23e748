"""Hexpanse's pages on real Postgres: the match page's planet, panels and picks, the rules
page, the lobby options; moves travel as one JSON field."""

from __future__ import annotations

import json
import re

import pytest
from django.utils.html import escape

from games.engine import registry
from games.engine.hexpanse.data import CARD_CODES, MINOR_CODES
from games.matches.systems import get_site, options_form
from tests.fixtures import client_for
from tests.hexpanse_site.conftest import setup_choices

pytestmark = pytest.mark.django_db


def page(client, user, match, query="", **headers):
    client.force_login(user)
    response = client.get(f"/m/{match.pk}/{query}", **headers)
    assert response.status_code == 200
    return response.content.decode()


def test_the_site_is_registered_and_draws_the_planet_with_its_hexilum(client, players, new_match):
    assert get_site("hexpanse").key == "hexpanse"
    match = setup_choices(new_match(), players)
    html = page(client, players[0], match)
    assert html.count('<polygon class="cell') == 61  # the small side, its edge out of play for two
    assert html.count("cell hexilum") == 7
    assert 'data-testid="ship-0"' in html and 'data-testid="ship-1"' in html
    assert 'data-testid="mission-common"' in html and 'data-testid="step-prompt"' in html


def test_picking_a_unit_then_a_hex_offers_the_engines_move_to_confirm(client, players, new_match):
    match = setup_choices(new_match(), players)
    html = page(client, players[0], match, "?k=place:normal")
    assert html.count('data-pick="') == 37  # every empty playable hex is a target
    html = page(client, players[0], match, "?k=place:normal&hex=1,0")
    move = {"do": "place", "hex": "1,0", "seat": 0, "unit": "normal"}
    value = escape(json.dumps(move, sort_keys=True, separators=(",", ":")))
    assert f'name="move" value="{value}"' in html
    assert 'data-testid="confirm-move"' in html


def test_a_forged_pick_starts_again(client, players, new_match):
    match = setup_choices(new_match(), players)
    html = page(client, players[0], match, "?k=place:warlord&hex=9,9")
    assert 'data-testid="confirm-move"' not in html
    assert 'data-testid="kind-place-normal"' in html


def test_a_posted_move_is_applied_and_a_bad_one_refused(client, players, new_match):
    match = setup_choices(new_match(), players)
    client.force_login(players[0])
    move = {"seat": 0, "do": "place", "unit": "normal", "hex": "1,0"}
    response = client.post(
        f"/m/{match.pk}/move", {"move": json.dumps(move), "expected_version": match.version}
    )
    assert response.status_code == 302
    match.refresh_from_db()
    assert match.snapshot["units"]["1,0"] == {"owner": 0, "kind": "normal"}
    bad = {"seat": 0, "do": "place", "unit": "normal", "hex": "1,0"}
    response = client.post(
        f"/m/{match.pk}/move",
        {"move": json.dumps(bad), "expected_version": match.version},
        HTTP_HX_REQUEST="true",
    )
    assert "not empty" in response.content.decode() or "pas vide" in response.content.decode()


@pytest.mark.parametrize("language", ["fr", "en"])
def test_the_rules_page_lists_every_card_and_minor_faction(client, language):
    response = client.get("/hexpanse/rules/", HTTP_ACCEPT_LANGUAGE=language)
    html = response.content.decode()
    assert response.status_code == 200
    for code in CARD_CODES:
        assert f'data-testid="card-{code}"' in html
    for code in MINOR_CODES:
        assert f'data-testid="minor-{code}"' in html
    assert ("Winning" in html) if language == "en" else ("Gagner" in html)
    assert "style=" not in html and "<script>" not in html


def test_the_lobby_options_make_an_engine_config():
    form = options_form(
        "hexpanse",
        {
            "hexpanse-mode": "amiral",
            "hexpanse-teams": "on",
            "hexpanse-elite": "2",
            "hexpanse-protector_policy": "always",
        },
        seats=4,
    )
    assert form.is_valid(), form.errors
    config = form.cleaned_data
    assert config["teams"] == [[0, 2], [1, 3]] and config["board"] == "small"
    assert config["variants"] == {"elite": 2, "expert": False}
    registry.get_system("hexpanse").setup(
        config, 4, __import__("games.engine.rng").engine.rng.Rng("x")
    )
    refused = options_form("hexpanse", {"hexpanse-mode": "marin", "hexpanse-expert": "on"}, seats=2)
    assert not refused.is_valid()


def test_the_panel_draws_the_hand_s_links_row_with_the_shared_template(new_match, players):
    # The row is the board's own (hexboard/_links.html, styled by board.css), not a copy that
    # drifts from it: its separator keeps the dot with the link before it on a phone.
    match = new_match()
    response = client_for(players[0], language="fr").get(f"/m/{match.pk}/")
    assert "hexboard/_links.html" in [t.name for t in response.templates]
    row = re.search(r'<p class="hb-links"[^>]*>.*?</p>', response.content.decode(), re.S)
    assert row and "&nbsp;· " in row.group(0) and 'data-testid="rules-link"' in row.group(0)
