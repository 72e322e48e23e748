"""The hand's pending line names the player the table waits for, as the status above it does
(« On attend bruno. »), not « Joueur 2 »: the platform passes the names (`decision_named`)."""

from __future__ import annotations

from django.utils import translation

from games.hexpanse_site.site import SITE

PROTECT = {"pending": [{"seat": 1, "kind": "protect"}]}  # bruno's Protector may step in


def test_the_pending_line_names_the_player_who_decides():
    with translation.override("fr"):
        text, deciding = SITE.decision_named(PROTECT, 0, ("anna", "bruno"))
    assert text.startswith("bruno : ") and not deciding
    with translation.override("en"):
        assert SITE.decision_named(PROTECT, 1, ("anna", "bruno"))[0].startswith("bruno: ")
        assert SITE.decision(PROTECT, 0)[0].startswith("Player 2: ")  # no names: the seat
