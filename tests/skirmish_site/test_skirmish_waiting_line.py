"""The hand's waiting line names the player the table waits for, as the status above it does
(« On attend bruno. »), not their colour: the platform passes the names (`decision_named`)."""

from __future__ import annotations

from django.utils import translation

from games.skirmish_site.site import SITE

EDGE = {"position": {"pending": {"kind": "choose_edge", "seat": "blue"}}}


def test_the_waiting_line_names_the_player_who_chooses_the_edge():
    with translation.override("fr"):
        assert SITE.decision_named(EDGE, 0, ("anna", "bruno")) == (
            "On attend bruno, qui choisit son bord de table.",
            False,
        )
    with translation.override("en"):
        assert SITE.decision_named(EDGE, 0, ("anna", "bruno")) == (
            "Waiting for bruno to choose a table edge.",
            False,
        )
