"""Neuroshima's own pages: the tile gallery and the analysis board (the match page and its
history are the platform's). Thin: parse, call, render."""

from __future__ import annotations

import json

from django.http import Http404
from django.shortcuts import render
from django.urls import reverse
from django.utils.translation import gettext
from django.views.decorators.http import require_GET, require_http_methods

from games.engine.neuroshima import battle as battle_rules
from games.engine.neuroshima.position import Position, PositionError
from games.engine.protocol import event_for_seat
from games.hexboard.grid import target_points
from games.hexboard.steps import stepper
from games.matches import history
from games.matches.models import Match
from games.matches.presenters import match_title
from games.matches.views_history import finished_match_or_404
from games.neuroshima_site import battle_steps, gallery, pieces
from games.neuroshima_site.site import SITE, placed_markup, step_view


def _int(raw, default: int = 0) -> int:
    try:
        return int(raw)
    except (TypeError, ValueError):
        return default


@require_GET
def rules(request):
    """The rules in our own words, with the symbols' legend (the tiles have their own page).
    Its sections' ids are where the coach's tips point (coach.RULES_SECTIONS)."""
    context = {"legend": gallery.legend(), "instants": gallery.instants()}
    return render(request, "neuroshima_site/rules.html", context)


@require_GET
def reference(request):
    """The match page's reference panel: the tiles of the armies named (`?armies=a,b`), what
    each does. A fragment for htmx; without it, a page of its own."""
    armies = set(request.GET.get("armies", "").split(",")[:4])
    context = {"armies": gallery.gallery(only=armies)}
    if request.htmx:
        return render(request, "neuroshima_site/_reference.html", context)
    return render(request, "neuroshima_site/reference.html", context)


@require_GET
def tile_gallery(request):
    return render(
        request,
        "neuroshima_site/tiles.html",
        {"armies": gallery.gallery(), "legend": gallery.legend()},
    )


def _parse_analysis(text: str):
    """(position JSON, events or None, error message)."""
    try:
        data = json.loads(text)
    except ValueError:
        return None, None, gettext("This is not valid JSON.")
    except RecursionError:
        return None, None, gettext("This JSON is nested too deeply.")
    if not isinstance(data, dict):
        return None, None, gettext("Paste a position or a record (a JSON object).")
    events = None
    if "moves" in data and "position" in data:  # a record: final board and its battles
        events = data.get("events") if isinstance(data.get("events"), list) else []
        if not all(isinstance(e, dict) and isinstance(e.get("kind"), str) for e in events):
            return None, None, _unreadable_events()
        data = data["position"]
    try:
        position = Position.from_json(data)
    except (PositionError, KeyError, TypeError, ValueError) as error:
        return None, None, gettext("This position cannot be read: %(e)s") % {"e": error}
    return position, events, ""


def _board(position: dict) -> dict:
    viewbox, cells = pieces.grid(position.get("board", "standard"))
    return {
        "viewbox": viewbox,
        "cells": cells,
        "target_points": target_points(SITE.layout),
        "pieces": placed_markup(position, {}),
    }


def _steps(position: dict, events: list, n: int, battle: int = 1) -> dict | None:
    battles, _ = battle_steps.track(position, events)
    if not 1 <= battle <= len(battles):
        return None
    s = stepper([step_view(step, ()) for step in battles[battle - 1]], n)
    return {
        **s,
        "board": {**_board(position), "pieces": s["step"].pieces, "overlays": s["step"].overlays},
    }


def _unreadable_events() -> str:
    return gettext("This record's battle events cannot be read.")


def _record_steps(ctx: dict, start: dict, events: list, step: int, pick: int) -> None:
    """A record's battles, from events that anyone may have written by hand: the battle viewer
    was written for the engine's own events, so an event it cannot follow (a missing field, a
    hex that is not a pair, an unknown tile) makes the record unreadable, not the page fail."""
    try:
        battles, _ = battle_steps.track(start, events)
        ctx["record_battles"] = len(battles)
        if battles and 1 <= pick <= len(battles):
            ctx["battle"] = pick
            ctx["s"] = _steps(start, events, step, pick)
    except (KeyError, IndexError, TypeError, ValueError, AttributeError):
        ctx.pop("record_battles", None)
        ctx.pop("battle", None)
        ctx["error"] = _unreadable_events()


def _match_to_analyse(request) -> Match | None:
    """The finished match named by `?match=` (None: no match named), by the rule of its record
    download: a running match, one the reader may not see, another system's or a junk id is
    that same 404, so nothing of a running game (tiles drawn, discarded) reaches the page."""
    raw = request.GET.get("match")
    if raw is None:
        return None
    try:
        match_id = int(raw)
    except ValueError:
        raise Http404 from None
    match = finished_match_or_404(request, match_id)
    if match.system != SITE.key:
        raise Http404
    return match


@require_http_methods(["GET", "POST"])
def analysis(request):
    """The analysis board: a pasted position or record (posted, with every step posting the
    text back), or `?match=N`, a finished match's record loaded from the site, whose battles
    and steps are then links (`&battle=b&step=s`)."""
    match = _match_to_analyse(request)
    posted = request.method == "POST"
    params = request.POST if posted else request.GET
    text = params.get("data", "") if posted else ""
    ctx: dict = {}
    if match is not None:
        ctx["match_title"] = match_title(system=match.system, match_id=match.pk)
        ctx["replay_url"] = reverse("matches:replay", args=[match.pk])
        if not posted:
            text = json.dumps(history.match_record(match=match), indent=1)
            ctx["loaded"] = match.pk  # what the battle and step links carry
    ctx["data"] = text
    if text:
        position, events, error = _parse_analysis(text)
        ctx["error"] = error
        if position is not None:
            pos_json = position.to_json()
            ctx["board"] = _board(pos_json)
            step = _int(params.get("step"))
            if events is not None:  # a record: list its battles from the start
                start = {**pos_json, "tiles": []}
                _record_steps(ctx, start, events, step, _int(params.get("battle"), 0))
            elif params.get("run"):
                _, raw = battle_rules.resolve(position)
                seen = [e for e in (event_for_seat(ev.to_json(), None) for ev in raw) if e]
                ctx["s"] = _steps(pos_json, seen, step)
                ctx["run"] = ctx["s"] is not None
    # A document that cannot be read is refused (400) with its reason, like any bad input.
    status = 400 if ctx.get("error") else 200
    return render(request, "neuroshima_site/analysis.html", ctx, status=status)
