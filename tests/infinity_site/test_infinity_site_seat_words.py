"""A seat's score says what it counts: a French newcomer read « Corregidor (vous) 0 », the 0's
meaning in a hover title a phone never shows."""

from __future__ import annotations

from django.utils import translation

from games.engine.infinity.system import SYSTEM
from games.engine.rng import Rng
from games.infinity_site.site import SITE


def test_each_seats_score_reads_in_points():
    state = SYSTEM.setup({}, 2, Rng("seat-words")).state
    view = SYSTEM.view(state, 0)
    with translation.override("fr"):
        assert [s.headline for s in SITE.seats(view, 0)] == ["0 pt", "0 pt"]
    with translation.override("en"):
        assert [s.headline for s in SITE.seats(view, 0)] == ["0 pts", "0 pts"]
