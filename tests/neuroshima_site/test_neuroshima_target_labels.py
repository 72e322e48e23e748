"""The board's pick links name places as players do: the tile standing there, or an empty hex
and the tiles around it (no database; the engine's own view)."""

from __future__ import annotations

import re

import pytest
from django.http import QueryDict
from django.utils import translation

from games.engine.neuroshima.system import SYSTEM
from games.engine.neuroshima.tiles import CELLS
from games.engine.rng import Rng
from games.hexboard.turn import turn_context
from games.neuroshima_site.site import SITE

URLS = {"page": "/m/1/", "post": "/m/1/move", "since": "/m/1/since", "steps": "/m/1/steps"}


def _after_both_hqs():
    config = SYSTEM.validate_config({"armies": ["moloch", "borgo"]}, 2)
    state = SYSTEM.setup(config, 2, Rng(7)).state
    while len(SYSTEM.view(state, 0)["position"]["tiles"]) < 2:
        seat = SYSTEM.to_act(state)[0]
        move = SYSTEM.legal_moves(state, seat)[0]
        state = SYSTEM.apply(state, seat, move, Rng(1)).state
    return state


def _labels(state, seat, query):
    view = SYSTEM.view(state, seat)
    turn = turn_context(
        SITE,
        view=view,
        seat=seat,
        legal=SYSTEM.legal_moves(state, seat),
        query=QueryDict(query),
        urls=URLS,
        version=1,
    )
    return [t["label"] for t in turn["targets"]]


def test_a_placement_names_empty_hexes_and_the_headquarters_beside_them():
    state = _after_both_hqs()
    seat = SYSTEM.to_act(state)[0]
    kinds = {m["type"] for m in SYSTEM.legal_moves(state, seat)}
    assert "PlaceTile" in kinds, kinds
    with translation.override("en"):
        labels = _labels(state, seat, "tile=0")
    assert labels and all(label.startswith("Empty hex ") for label in labels)
    assert any(", next to Moloch HQ" in label or "Borgo HQ" in label for label in labels)
    with translation.override("fr"):
        labels = _labels(state, seat, "tile=0")
    assert all(label.startswith("Case vide ") for label in labels)
    assert any("à côté de QG de" in label for label in labels)


@pytest.mark.parametrize("language", ["fr", "en"])
def test_every_hex_of_an_empty_board_has_a_name_of_its_own_and_no_coordinates(language):
    """The first HQ may go anywhere: each of the 19 targets is named by where it is on the
    board (places.py), as a player says it, not « Case vide (-2, 0) »."""
    config = SYSTEM.validate_config({"armies": ["moloch", "borgo"]}, 2)
    state = SYSTEM.setup(config, 2, Rng(7)).state
    seat = SYSTEM.to_act(state)[0]
    with translation.override(language):
        labels = _labels(state, seat, "")
    assert len(labels) == len(CELLS) == len(set(labels)), labels
    assert not [label for label in labels if re.search(r"\d", label)]
    with translation.override("fr"):
        view = SYSTEM.view(state, seat)
        assert SITE.target_label(view, "hex", [0, -2]) == "Case vide dans le coin nord"
        assert SITE.target_label(view, "hex", [0, 0]) == "Case vide au centre"
        assert SITE.target_label(view, "hex", [-2, 1]) == "Case vide sur le bord ouest"
    with translation.override("en"):
        assert SITE.target_label(view, "hex", [1, -1]) == "Empty hex north-east of the centre"


def test_a_refusal_names_an_empty_hex_by_its_place_and_one_off_the_board_by_coordinates():
    config = SYSTEM.validate_config({"armies": ["moloch", "borgo"]}, 2)
    view = SYSTEM.view(SYSTEM.setup(config, 2, Rng(7)).state, 0)
    with translation.override("fr"):
        assert SITE.refusal_value(view, "hex", [-2, 0]) == "Case vide dans le coin nord-ouest"
        assert SITE.refusal_value(view, "hex", [5, 7]) == "(5, 7)"


def test_a_hex_holding_a_tile_is_named_by_the_tile_and_its_army():
    from games.neuroshima_site.describe import place_label

    state = _after_both_hqs()
    view = SYSTEM.view(state, 0)
    hqs = {t["tile"]: t["hex"] for t in view["position"]["tiles"]}
    with translation.override("fr"):
        assert place_label(view, hqs["moloch.hq"]) == "QG de Moloch"
    unit = {"hex": [9, 9], "tile": "borgo.mutant", "seat": 1, "rotation": 0}
    view["position"]["tiles"].append(unit)
    with translation.override("en"):
        assert place_label(view, [9, 9]) == "Mutant (Borgo)"


def test_a_damaged_hq_is_named_after_its_player_with_french_elision():
    from games.neuroshima_site.describe import describe

    hit = {"kind": "HQDamaged", "seat": 0, "points_left": 16}
    with translation.override("fr"):
        assert describe(hit, ["anna", "bruno"]) == "Le QG d'anna n'a plus que 16 points."
        assert describe({**hit, "seat": 1}, ["anna", "bruno"]) == (
            "Le QG de bruno n'a plus que 16 points."
        )
    with translation.override("en"):
        assert describe(hit, ["anna", "bruno"]) == "The HQ of anna has 16 points left."


def test_a_push_destination_button_says_where_the_unit_goes():
    from games.neuroshima_site.describe import option_label

    with translation.override("fr"):
        assert option_label("push_destination", [2, -1]) == "Repousser l'unité sur le bord est"
    with translation.override("en"):
        assert option_label("push_destination", [0, 2]) == "Push the unit in the south corner"
