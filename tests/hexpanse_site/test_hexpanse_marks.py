"""A mercenary's or a minor faction's unit bears two letters of its name on its hex (Loup d'Odin:
LO), in the reader's language, never its code ("m03", "12"), and three where two names would
share two (Comtesse Carmilla: CoC, Canaris Carmilla: CaC): any minor faction and any mercenary
may stand on one board together, and the hover title was all that told them apart. The ships'
panel and the mercenary's card show the same mark beside the name, so that a player can tell
which is which."""

from __future__ import annotations

import re

import pytest
from django.utils import translation

from games.engine.hexpanse.data import CARD_CODES, MINOR_CODES, card
from games.engine.hexpanse.system import SYSTEM
from games.hexpanse_site import panels, preview
from games.hexpanse_site.pieces import distinct_marks, unit_label
from tests.engine.hexpanse.hxp import load, position


@pytest.mark.parametrize("language", ["fr", "en"])
def test_units_bear_letters_of_their_name_not_their_code(language):
    with translation.override(language):
        marks = [unit_label({"kind": "minor", "minor": m}) for m in MINOR_CODES]
        marks += [unit_label({"kind": "merc", "card": c}) for c in CARD_CODES if card(c).is_merc]
    for mark in marks:
        assert re.fullmatch(r"[A-ZÀ-Ý][A-Za-zÀ-ÿ]{1,2}", mark), mark
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


def _roster() -> dict[str, str]:
    """Every minor faction's and every mercenary's mark, by code, in the active language."""
    marks = {m: unit_label({"kind": "minor", "minor": m}) for m in MINOR_CODES}
    marks.update(
        {c: unit_label({"kind": "merc", "card": c}) for c in CARD_CODES if card(c).is_merc}
    )
    return marks


@pytest.mark.parametrize("language", ["fr", "en"])
def test_no_two_minor_factions_or_mercenaries_bear_the_same_mark(language):
    with translation.override(language):
        marks = _roster()
    clashing = {m for m in marks.values() if list(marks.values()).count(m) > 1}
    assert clashing == set(), sorted((m, c) for c, m in marks.items() if m in clashing)
    assert set(marks.values()).isdisjoint({"", "★", "♛", "☠"})  # nor a normal unit's or warlord's


def test_three_letters_only_where_two_would_clash():
    with translation.override("fr"):
        assert [unit_label({"kind": "merc", "card": c}) for c in ("C20", "C24")] == ["CoC", "CaC"]
        assert unit_label({"kind": "minor", "minor": "M08"}) == "ChC"  # Chasseurs de corps...
        assert [unit_label({"kind": "merc", "card": c}) for c in ("C10", "C22")] == ["MMu", "MMa"]
        assert unit_label({"kind": "merc", "card": "C12"}) == "Li"  # Lilith: no clash in French
    with translation.override("en"):
        assert [unit_label({"kind": "merc", "card": c}) for c in ("C12", "C25")] == ["Lil", "Lib"]
        assert unit_label({"kind": "minor", "minor": "M08"}) == "XB"  # no clash in English


def test_names_that_no_three_letters_tell_apart_get_a_number():
    assert distinct_marks({"a": "Abc", "b": "Abc", "c": "Zed"}) == {
        "a": "Ab1",
        "b": "Ab2",
        "c": "Ze",
    }


def test_the_board_and_the_panels_tell_two_carmillas_apart():
    state = load(
        position(
            units={"0,0": (0, "warlord"), "1,0": (0, "merc", "C20"), "2,0": (0, "merc", "C24")},
            mercs=[{"C20": 0, "C24": 0}, {}],
        )
    )
    view = SYSTEM.view(state, 0)
    with translation.override("fr"):
        board = "".join(preview.unit_pieces(view, {}, ["Anna", "Bruno"]))
        ships = panels.seat_boards(view, 0, ["Anna", "Bruno"])
        faces = [panels.card_info(c) for c in ("C20", "C24")]
    # Drawn a little smaller than two letters, to stay inside the hex.
    assert re.findall(r'class="unit-mark long">(\w+)<', board) == ["CoC", "CaC"]
    assert [(m["name"], m["mark"]) for m in ships[0]["mercs"]] == [
        ("Comtesse Carmilla", "CoC"),
        ("Canaris Carmilla", "CaC"),
    ]
    assert [face["mark"] for face in faces] == ["CoC", "CaC"]
