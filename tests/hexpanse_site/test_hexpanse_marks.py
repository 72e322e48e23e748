"""A mercenary's or a minor faction's unit bears two letters of its name on its hex (Loup d'Odin:
LO), in the reader's language, never its code ("m03", "12"); the ships' panel shows the same
mark beside the name, so that a player can tell which is which."""

from __future__ import annotations

import re

import pytest
from django.utils import translation

from games.engine.hexpanse.data import CARD_CODES, MINOR_CODES, card
from games.engine.hexpanse.system import SYSTEM
from games.hexpanse_site import panels
from games.hexpanse_site.pieces import unit_label
from tests.engine.hexpanse.hxp import load, position


@pytest.mark.parametrize("language", ["fr", "en"])
def test_units_bear_letters_of_their_name_not_their_code(language):
    with translation.override(language):
        marks = [unit_label({"kind": "minor", "minor": m}) for m in MINOR_CODES]
        marks += [unit_label({"kind": "merc", "card": c}) for c in CARD_CODES if card(c).is_merc]
    for mark in marks:
        assert re.fullmatch(r"[A-ZÀ-Ý][A-Za-zÀ-ÿ]", mark), mark
    with translation.override("fr"):
        assert unit_label({"kind": "minor", "minor": "M03"}) == "LO"  # Loup d'Odin
        assert unit_label({"kind": "merc", "card": "C12"}) == "Li"  # Lilith
    with translation.override("en"):
        assert unit_label({"kind": "minor", "minor": "M03"}) == "OW"  # Odin's Wolf


def test_the_ships_panel_shows_the_mark_beside_the_minor_factions_name():
    state = load(position(units={"0,0": (0, "warlord")}))
    view = SYSTEM.view(state, 0)
    with translation.override("fr"):
        ships = panels.seat_boards(view, 0, ["Anna", "Bruno"])
    minors = [m for s in ships for m in s["minors"]]
    assert [m["mark"] for m in minors] == ["Cy", "CE"]  # Cymurai, Chasseurs d'esclaves
