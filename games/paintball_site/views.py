"""Paintball's own page: the rules in our words, with small boards drawn by the match page's
renderer (the match page and its history are the platform's)."""

from __future__ import annotations

from django.shortcuts import render
from django.views.decorators.http import require_GET

from games.paintball_site import diagrams
from games.paintball_site.words import terrain_label


@require_GET
def rules(request):
    figures = {d.key: d for d in diagrams.diagrams()}
    legend = [terrain_label(kind) for kind in ("bunker", "base", "bush", "heavy", "hill")]
    return render(request, "paintball_site/rules.html", {"d": figures, "legend": legend})
