"""Counts agree with their nouns in both languages: "1 hexagone", "1 ordre restant", "1 dégât",
never "1 hexagones" (ngettext, where a plain gettext wrote the plural for every count)."""

from __future__ import annotations

import pytest
from django.utils import translation

from games.hexpanse_site.texts import effect_text
from games.infinity_site.describe import describe


@pytest.mark.parametrize(
    ("steps", "french", "english"),
    [(1, "parcourt 1 hexagone.", "moves 1 hex."), (2, "parcourt 2 hexagones.", "moves 2 hexes.")],
)
def test_an_infinity_move_counts_its_hexes(steps, french, english):
    event = {"kind": "Moved", "trooper": "a1", "path": [[0, i] for i in range(steps)]}
    with translation.override("fr"):
        assert describe(event).endswith(french)
    with translation.override("en"):
        assert describe(event).endswith(english)


@pytest.mark.parametrize(("n", "french"), [(1, "1 dégât à"), (2, "2 dégâts à")])
def test_a_hexpanse_entry_wound_counts_its_wounds(n, french):
    with translation.override("fr"):
        assert french in effect_text({"do": "wound_adjacent", "n": n})
    with translation.override("en"):
        assert ("1 wound to" if n == 1 else "2 wounds to") in effect_text(
            {"do": "wound_adjacent", "n": n}
        )


@pytest.mark.parametrize(("left", "french"), [(1, "1 ordre restant"), (3, "3 ordres restants")])
def test_infinitys_seat_line_counts_the_orders_left(left, french):
    from games.infinity_site.site import SITE

    view = {
        "turn": {"phase": "active", "active_seat": 0, "orders": {"0": {"total": left}}},
        "seats": [{"seat": 0}, {"seat": 1}],
    }
    with translation.override("fr"):
        details = SITE.seats(view, None)[0].details
    assert french in details
