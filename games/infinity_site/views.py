"""Infinity's own pages: the rules in our own words (the match page and its history are the
platform's), and the two forms of the seat's panel whose selects make one move (standing
reactions, ambush triggers): each turns its form into the engine's move JSON and hands it to the
platform's move endpoint, which plays it like any other (the engine judges it; a refusal answers
400 or 409 with its reason and changes nothing). Thin: parse, then the one move path."""

from __future__ import annotations

from django.contrib.auth.decorators import login_required
from django.shortcuts import render
from django.views.decorators.http import require_GET, require_POST

from games.infinity_site.reactions import ambush_move, policy_move
from games.matches import views_actions


@require_GET
def rules(request):
    return render(request, "infinity_site/rules.html", {})


@login_required
@require_POST
def reactions(request, match_id: int):
    return views_actions.play_move(request, match_id, lambda: policy_move(request.POST))


@login_required
@require_POST
def ambush(request, match_id: int):
    return views_actions.play_move(request, match_id, lambda: ambush_move(request.POST))
