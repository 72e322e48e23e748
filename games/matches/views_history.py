"""History pages for every system: since my last turn, the replay, the record, the step viewer.
Thin: parse, call a history selector, render with the system's site."""

from __future__ import annotations

from django.http import Http404, JsonResponse
from django.shortcuts import render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET

from games.hexboard.steps import stepper
from games.hexboard.story import story_html
from games.hexboard.turn import board_layer
from games.matches import history
from games.matches.match_log import match_log_entries
from games.matches.models import Match
from games.matches.presenters import ending_of, match_chapters, players_of, public_match
from games.matches.systems import get_site
from games.matches.views import match_urls, visible_match_or_404


def _int(raw, default: int = 0) -> int:
    try:
        return int(raw)
    except (TypeError, ValueError):
        return default


def finished_match_or_404(request, match_id: int) -> Match:
    """A finished match the reader may see, else the one 404 of "no such match": the rule of
    its record, its replay and a system's analysis board loaded with it (a running game's moves
    would tell what was discarded and kept)."""
    match = visible_match_or_404(request, match_id)
    if not match.has_snapshot or match.status != Match.Status.FINISHED:
        raise Http404(_("No such match."))
    return match


def _viewer(request, match_id: int, *, finished: bool = False) -> history.Viewer:
    if finished:
        match = finished_match_or_404(request, match_id)
    else:
        match = visible_match_or_404(request, match_id)
        if not match.has_snapshot:
            raise Http404(_("No such match."))
    return history.match_viewer(match=match, user=request.user)


def _page(request, template: str, v: history.Viewer, **ctx):
    site = get_site(v.match.system)
    urls = {
        "page": reverse("matches:match", args=[v.match.pk]),
        "replay": reverse("matches:replay", args=[v.match.pk]),
        "record": reverse("matches:record", args=[v.match.pk]),
        # Only a finished match's record may be analysed (finished_match_or_404).
        "analysis": site.analysis_url(v.match.pk)
        if v.match.status == Match.Status.FINISHED
        else "",
    }
    page = {"match": public_match(v.match), "site": site, "urls": urls}
    return render(request, template, {**page, "players": players_of(v.seat_rows), **ctx})


def _story(v: history.Viewer, *, spectator: bool = False):
    """The match's chapters as the reader (or any spectator) reads them, and its records,
    oldest first."""
    seat = None if spectator else v.seat
    readers = () if spectator else v.seats
    entries = match_log_entries(match=v.match, seat=seat, reader_seats=readers)
    site = get_site(v.match.system)
    chapters = match_chapters(
        match=v.match,
        seat=seat,
        reader_seats=readers,
        recent=entries,
        adapter=site,
        names=list(v.names),
    )
    return chapters, entries


@require_GET
def since(request, match_id: int):
    """What happened since the reader last moved (a spectator: the last few records), told as
    the match log tells it, with the board as it stands and a way back."""
    v = _viewer(request, match_id)
    site = get_site(v.match.system)
    chapters, entries = _story(v)
    kept = [e for e in entries if not e.cancelled and e.kind != "takeback"]
    if v.seat is None:
        after = kept[-10:]
    else:
        my_turn = history.match_reader_to_act(match=v.match, seats=v.seats)
        after = history.since_my_last_turn(kept, v.seats, my_turn=my_turn)
    ending = ending_of(v.match, entries, v.seat, site, v.names)
    if ending is not None:
        # Over: the end is news even when the reader's own move made it (nothing came after
        # it): who won and how, then the last turns that led there, the reader's included.
        after = _last_turns(kept, LAST_TURNS)
    lines = []
    for entry in after:
        chapter = chapters.get(entry.seq)
        if chapter is not None:
            lines += [story_html(text) for text in chapter.lines]
    steps = site.steps(
        history.match_start_view(match=v.match),
        history.match_events_for_seat(
            match=v.match, seat=v.seat, reader_seats=v.seats, defaults=site.steps_tell_defaults
        ),
        v.names,
    )
    now = history.match_view_now(match=v.match, seat=v.seat)
    return _page(
        request,
        "matches/since.html",
        v,
        ending=ending,
        lines=lines,
        steps_count=len(steps),
        steps_label=_steps_label(site, now, v),
        board=board_layer(site, now),
    )


LAST_TURNS = 2  # a finished match's "since my last turn": the opponent's last turn and mine


def _last_turns(entries: list, turns: int) -> list:
    """The end of `entries` holding the last `turns` turns: runs of moves by one seat (with
    what the game itself recorded between them)."""
    start, seen, seat = len(entries), 0, object()
    for i in range(len(entries) - 1, -1, -1):
        entry = entries[i]
        if entry.kind == "move" and entry.seat != seat:
            if seen == turns:
                break
            seen, seat = seen + 1, entry.seat
        start = i
    return entries[start:]


def _steps_label(site, view, v: history.Viewer) -> str:
    """The step viewer's link in the game's own words, as its match page says it ("Each
    activation step by step": not every game has battles); a battle's if it says none."""
    urls = match_urls(v.match.pk)
    mine = [link.label for link in site.links(view, v.seat, urls) if link.href == urls["steps"]]
    return mine[0] if mine else _("See the battle step by step")


@require_GET
def steps(request, match_id: int, number: int | None = None):
    v = _viewer(request, match_id)
    site = get_site(v.match.system)
    events = history.match_events_for_seat(
        match=v.match, seat=v.seat, reader_seats=v.seats, defaults=site.steps_tell_defaults
    )
    sequences = site.steps(history.match_start_view(match=v.match), events, v.names)
    if not sequences:
        raise Http404(_("Nothing to step through yet."))
    if number is None or not 1 <= number <= len(sequences):
        number = len(sequences)
    s = stepper(sequences[number - 1], _int(request.GET.get("step")))
    start = history.match_start_view(match=v.match)
    board = {**board_layer(site, start), "pieces": s["step"].pieces, "overlays": s["step"].overlays}
    return _page(
        request,
        "matches/steps.html",
        v,
        s=s,
        board=board,
        number=number,
        numbers=range(1, len(sequences) + 1),
        words=site.steps_words(number),
    )


@require_GET
def replay(request, match_id: int):
    v = _viewer(request, match_id, finished=True)
    site = get_site(v.match.system)
    view, ply, count, _events, seq = history.match_replay_view(
        match=v.match, ply=_int(request.GET.get("ply"))
    )
    chapters, _entries = _story(v, spectator=True)  # a replay is the spectator's view
    chapter = chapters.get(seq)
    return _page(
        request,
        "matches/replay.html",
        v,
        board=board_layer(site, view),
        # Each seat's line under its player's name, as the match page's seats: a site's line
        # names the army or faction alone (before the factions are chosen, « ? pas encore de
        # faction » for every seat, nobody named).
        seats=[
            (line, v.names[line.seat] if 0 <= line.seat < len(v.names) else "")
            for line in site.seats(view, None)
        ],
        ply=ply,
        count=count,
        prev=ply - 1 if ply > 0 else None,
        next=ply + 1 if ply < count else None,
        summary=story_html(chapter.summary) if chapter and chapter.summary else "",
        lines=[story_html(text) for text in chapter.details] if chapter else [],
    )


@require_GET
def record(request, match_id: int):
    v = _viewer(request, match_id, finished=True)
    response = JsonResponse(history.match_record(match=v.match), json_dumps_params={"indent": 1})
    response["Content-Disposition"] = f'attachment; filename="{v.match.system}-{v.match.pk}.json"'
    return response
