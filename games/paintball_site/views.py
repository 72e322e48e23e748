"""Paintball's own pages: the rules in our words, with small boards drawn by the match page's
renderer (the match page and its history are the platform's), and the choices by hand (experts
and grenades, deployment), whose selects make one `setup_team` or `deploy` move handed to the platform's move endpoint, which plays it like any
other (the engine judges it; a refusal answers 400 or 409 with its reason and changes nothing)."""

from __future__ import annotations

from django.contrib.auth.decorators import login_required
from django.shortcuts import render
from django.views.decorators.http import require_GET, require_POST

from games.matches import views_actions
from games.paintball_site import diagrams
from games.paintball_site.deploy import deploy_move
from games.paintball_site.setup_by_hand import setup_move
from games.paintball_site.words import terrain_label


@require_GET
def rules(request):
    figures = {d.key: d for d in diagrams.diagrams()}
    legend = [terrain_label(kind) for kind in ("bunker", "base", "bush", "heavy", "hill")]
    return render(request, "paintball_site/rules.html", {"d": figures, "legend": legend})


@login_required
@require_POST
def deploy(request, match_id: int):
    return views_actions.play_move(request, match_id, lambda: deploy_move(request.POST))


@login_required
@require_POST
def setup(request, match_id: int):
    return views_actions.play_move(request, match_id, lambda: setup_move(request.POST))
