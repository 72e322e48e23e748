"""The skirmish's own pages: the rules in our words, both armies model by model, and the orders
form of the simultaneous steps (it builds one move from the form and posts it through the platform's one move service;
the engine checks everything). Thin: parse, call, answer."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_POST

from games.hexboard.words import reads_english
from games.matches import history, services
from games.matches.services import StaleVersion
from games.matches.views import flash_refusal, visible_match_or_404
from games.refusals import Refused
from games.skirmish_site import board_state
from games.skirmish_site.panel import STEP_KINDS, rosters

KINDS = frozenset(STEP_KINDS.values())


@require_GET
def rules(request):
    return render(request, f"skirmish_site/rules_{'en' if reads_english() else 'fr'}.html")


@require_GET
def armies(request, match_id: int):
    """Both armies model by model (profiles, items, damage, who has fallen): the panel's list,
    fetched when a player opens it after a redraw (htmx), or a page of its own for a plain
    link. From the spectator's view: nothing in it is hidden from anyone who sees the match."""
    match = visible_match_or_404(request, match_id)
    if not match.has_snapshot or match.system != "skirmish":
        raise Http404(_("No such match."))
    view = history.match_view_now(match=match, seat=None)
    context = {
        "rosters": rosters(view, board_state.state_of(view)),
        "page_url": reverse("matches:match", args=[match.pk]),
        # In the panel each side is under its summary's heading; on the page, under the h1.
        "level": "h4" if request.htmx else "h2",
    }
    template = "skirmish_site/armies.html"
    return render(request, template + "#rosters" if request.htmx else template, context)


def posted_move(post) -> dict:
    """The form as one move (§13): the engine decodes and judges it like any other."""
    kind = post.get("kind", "")
    models = [m for m in post.getlist("model") if m][:200]
    if kind == "flee_declaration":
        return {"type": kind, "models": [m for m in models if post.get(f"flee-{m}")]}
    orders = []
    for m in models:
        chosen = [t for t in post.getlist(f"target-{m}") if t]
        if chosen:
            orders.append({"model": m, "targets": chosen})
    return {"type": kind, "orders": orders}


@login_required
@require_POST
def orders(request, match_id: int):
    error, status = "", 400
    try:
        if request.POST.get("kind") not in KINDS:
            raise Refused(_("These orders could not be read."))
        services.match_submit_move(
            match_id=match_id,
            user=request.user,
            move_data=posted_move(request.POST),
            expected_version=request.POST.get("expected_version"),
        )
    except Refused as refusal:
        error = refusal.message
        # As the platform's move endpoint answers a refusal (views_actions._act): 409 for a
        # stale page, else 400. site.js swaps both, so the flash below still shows the reason.
        status = 409 if isinstance(refusal, StaleVersion) else 400
    if request.htmx:
        if not error:
            # The page refetches its own view of the match (the other side's orders stay hidden).
            return HttpResponse(status=204, headers={"HX-Trigger": "match-changed"})
        return flash_refusal(request, error, status)  # the page's own flash, aria-live and all
    if error:
        messages.error(request, error)
    return redirect("matches:match", match_id=match_id)
