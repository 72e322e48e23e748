"""Neuroshima pages: tile gallery, board fragment, battle viewer, events since my last move,
record export, replay and the analysis board. Thin: parse, call a selector, render."""

from __future__ import annotations

import json

from django.http import Http404, JsonResponse
from django.shortcuts import render
from django.utils.translation import gettext
from django.views.decorators.http import require_GET, require_http_methods

from games.engine.neuroshima import battle as battle_rules
from games.engine.neuroshima.position import Position, PositionError
from games.matches.models import Match
from games.neuroshima_site import boards, gallery, selectors, viewer
from games.neuroshima_site.battle_steps import track, visible
from games.neuroshima_site.describe import describe


def _int(raw, default: int = 0) -> int:
    try:
        return int(raw)
    except (TypeError, ValueError):
        return default


@require_GET
def tile_gallery(request):
    return render(
        request,
        "neuroshima_site/tiles.html",
        {"armies": gallery.gallery(), "legend": gallery.legend()},
    )


@require_GET
def battle(request, match_id: int, number: int | None = None):
    match, seat = selectors.match_for_viewer(match_id=match_id, user=request.user)
    events = selectors.match_events(match=match, seat=seat)
    battles, _ = track(selectors.match_start_position(match=match), events)
    if not battles:
        raise Http404
    if number is None or not 1 <= number <= len(battles):
        number = len(battles)
    step = viewer.step_context(battles[number - 1], _int(request.GET.get("step")))
    return render(
        request,
        "neuroshima_site/battle.html",
        {
            "match": match,
            "step": step,
            "number": number,
            "battles": range(1, len(battles) + 1),
            "back": f"/neuroshima/m/{match.pk}/battle/{number}/",
        },
    )


@require_GET
def since(request, match_id: int):
    match, seat = selectors.match_for_viewer(match_id=match_id, user=request.user)
    if seat is None:
        events = selectors.match_events(match=match, seat=None)[-40:]
    else:
        events = selectors.match_events_since_last_move(match=match, seat=seat)
    battles, _ = track(
        selectors.match_start_position(match=match), selectors.match_events(match=match, seat=seat)
    )
    return render(
        request,
        "neuroshima_site/since.html",
        {
            "match": match,
            "lines": [describe(e) for e in events],
            "had_battle": any(e["kind"] in ("BattleEnded", "StrikeResolved") for e in events),
            "battle_count": len(battles),
        },
    )


def _finished(match_id: int, user) -> Match:
    match, _ = selectors.match_for_viewer(match_id=match_id, user=user)
    if match.status != Match.Status.FINISHED:
        raise Http404  # a running game's moves would tell what was discarded and kept
    return match


@require_GET
def record_json(request, match_id: int):
    match = _finished(match_id, request.user)
    response = JsonResponse(selectors.match_record(match=match), json_dumps_params={"indent": 1})
    response["Content-Disposition"] = f'attachment; filename="neuroshima-{match.pk}.json"'
    return response


@require_GET
def replay(request, match_id: int):
    match = _finished(match_id, request.user)
    view, count, events = selectors.match_replay_view(match=match, ply=_int(request.GET.get("ply")))
    ply = max(0, min(_int(request.GET.get("ply")), count))
    return render(
        request,
        "neuroshima_site/replay.html",
        {
            "match": match,
            "board": viewer.static_board(view["position"]),
            "status": boards.status_bar(view),
            "ply": ply,
            "count": count,
            "prev": ply - 1 if ply > 0 else None,
            "next": ply + 1 if ply < count else None,
            "lines": [describe(e) for e in events],
        },
    )


def _parse_analysis(text: str):
    """(position JSON, events or None, error message)."""
    try:
        data = json.loads(text)
    except ValueError:
        return None, None, gettext("This is not valid JSON.")
    if not isinstance(data, dict):
        return None, None, gettext("Paste a position or a record (a JSON object).")
    events = None
    if "moves" in data and "position" in data:  # a record: final board and its battles
        events = data.get("events") if isinstance(data.get("events"), list) else []
        data = data["position"]
    try:
        position = Position.from_json(data)
    except (PositionError, KeyError, TypeError, ValueError) as error:
        return None, None, gettext("This position cannot be read: %(e)s") % {"e": error}
    return position, events, ""


@require_http_methods(["GET", "POST"])
def analysis(request):
    text = request.POST.get("data", "") if request.method == "POST" else ""
    ctx: dict = {"data": text}
    if text:
        position, events, error = _parse_analysis(text)
        ctx["error"] = error
        if position is not None:
            pos_json = position.to_json()
            ctx["board"] = viewer.static_board(pos_json)
            if events is not None:  # a record: list its battles from the start
                battles, _ = track({**pos_json, "tiles": []}, events)
                ctx["record_battles"] = len(battles)
                pick = _int(request.POST.get("battle"), 0)
                if battles and 1 <= pick <= len(battles):
                    ctx["battle"] = pick
                    ctx["step"] = viewer.step_context(
                        battles[pick - 1], _int(request.POST.get("step"))
                    )
            elif request.POST.get("run"):
                _, raw = battle_rules.resolve(position)
                battles, _ = track(pos_json, visible(raw, None))
                if battles:
                    ctx["run"] = True
                    ctx["step"] = viewer.step_context(battles[0], _int(request.POST.get("step")))
    return render(request, "neuroshima_site/analysis.html", ctx)
