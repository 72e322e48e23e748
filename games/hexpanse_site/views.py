"""Hexpanse's own page: the rules in our own words with every card, minor faction, faction and
mission (the match page and its history are the platform's). Thin: gather, render."""

from __future__ import annotations

from django.shortcuts import render
from django.utils.translation import gettext
from django.views.decorators.http import require_GET

from games.engine.hexpanse.data import ALL_FACTIONS, CARD_CODES, MINOR_CODES, MISSION_CODES
from games.hexpanse_site import panels, texts
from games.hexpanse_site.pieces import minor_mark, mission_svg, pattern_svg


@require_GET
def rules(request):
    mercs = [panels.card_info(c) for c in CARD_CODES if c.startswith("C")]
    actions = [panels.card_info(c) for c in CARD_CODES if c.startswith("A")]
    minors = [
        {
            "code": m,
            "name": texts.minor_name(m),
            "mark": minor_mark(m),
            "text": texts.minor_text(m),
        }
        for m in MINOR_CODES
    ]
    factions = [
        {
            "key": f,
            "name": texts.faction_name(f),
            "text": texts.faction_text(f),
            "drawing": pattern_svg("W-cyber", gettext("Pattern of the ability"))
            if f == "cyberian"
            else None,
        }
        for f in ALL_FACTIONS
    ]
    missions = [
        {
            "code": m,
            "name": texts.mission_name(m),
            "asks": texts.mission_text(m),
            "drawing": mission_svg(m, texts.mission_name(m)),
        }
        for m in MISSION_CODES
    ]
    return render(
        request,
        "hexpanse_site/rules.html",
        {
            "mercs": mercs,
            "actions": actions,
            "minors": minors,
            "factions": factions,
            "missions": missions,
        },
    )
