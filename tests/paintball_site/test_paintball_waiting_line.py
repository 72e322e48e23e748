"""The hand's waiting line names the player the table waits for, as the status above it does
(« On attend anna. »), not their team's colour: the platform passes the names
(`decision_named`); a name starting with a vowel reads well in French (no « que anna »)."""

from __future__ import annotations

from django.utils import translation

from games.paintball_site.site import SITE

SENTRY = {"pending": {"seat": "red", "kind": "sentry_fire"}}
RETREAT = {"pending": {"seat": "red", "kind": "retreat"}}


def test_the_waiting_line_names_the_player_who_decides():
    names = ("anna", "bruno")
    with translation.override("fr"):
        assert SITE.decision_named(RETREAT, 1, names) == (
            "On attend anna, qui doit décider.",
            False,
        )
        assert SITE.decision_named(SENTRY, 1, names) == (
            "On attend anna : sa sentinelle tire-t-elle ?",
            False,
        )
    with translation.override("en"):
        assert SITE.decision_named(SENTRY, 1, names) == (
            "Waiting for anna: does their sentry fire?",
            False,
        )
