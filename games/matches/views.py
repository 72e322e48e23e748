"""The match page and what players do on it. Thin function views: parse, call one service or
selector, render. (The lobby and joining: views_lobby.py; history pages: views_history.py.)

An htmx request gets the page's partials (swapped out of band, so one answer refreshes the
board, hand, status, log and chat together); a plain POST redirects with a message, so every
page also works without JavaScript.
"""

from __future__ import annotations

import json
from urllib.parse import urlsplit

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404
from django.shortcuts import redirect
from django.template.response import TemplateResponse
from django.urls import Resolver404, resolve, reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_POST
from django_htmx.http import HttpResponseClientRefresh, push_url

from games.engine import registry
from games.hexboard.story import story_html
from games.hexboard.turn import picks_query, turn_context
from games.matches import selectors, services
from games.matches.hooks import match_context
from games.matches.models import Match
from games.matches.presenters import (
    log_lines,
    match_chapters,
    match_ending,
    public_match,
    seat_rows,
)
from games.matches.services import StaleVersion
from games.matches.systems import get_site
from games.refusals import Refused, attempt

MATCH_TEMPLATE = "matches/match.html"


# --- the match page -------------------------------------------------------------------------------


def visible_match_or_404(request, match_id) -> Match:
    match = selectors.match_visible_to(match_id=match_id, user=request.user)
    if match is None:
        raise Http404(_("No such match."))
    return match


def requested_seat(request) -> int | None:
    """The seat the reader chose to look through (`/m/<id>/seat/<n>/`): from this request's
    address, or for the page's own htmx requests (refetches, actions) from the page's address
    (`HX-Current-URL`). None: the page follows the reader's seat that must act."""
    found = getattr(request, "resolver_match", None)
    if found is None or "seat" not in found.kwargs:
        current = request.headers.get("HX-Current-URL") if getattr(request, "htmx", None) else None
        if not current:
            return None
        try:
            found = resolve(urlsplit(current).path)
        except Resolver404:
            return None
        if found.url_name != "match_seat":
            return None
    seat = found.kwargs.get("seat")
    return seat if isinstance(seat, int) else None


def _match_urls(match_id: int, seat: int | None = None) -> dict[str, str]:
    page = reverse("matches:match_seat", args=[match_id, seat]) if seat is not None else None
    return {
        "page": page or reverse("matches:match", args=[match_id]),
        "post": reverse("matches:move", args=[match_id]),
        "since": reverse("matches:since", args=[match_id]),
        "steps": reverse("matches:steps_latest", args=[match_id]),
        "replay": reverse("matches:replay", args=[match_id]),
    }


def page_context(request, match, *, error: str = "") -> dict:
    """Everything the page's partials show, from the reader's view of the match (through the
    seat they chose, else their seat that must act)."""
    requested = requested_seat(request)
    mv = selectors.match_view_for(match=match, user=request.user, seat=requested)
    adapter = get_site(match.system)
    seat_index = mv.seat.index if mv.seat is not None else None
    chosen = requested if requested == seat_index else None
    seats = seat_rows(mv, adapter)
    urls = _match_urls(match.pk, chosen)
    turn = None
    if mv.view is not None:
        turn = turn_context(
            adapter,
            view=mv.view,
            seat=seat_index,
            legal=mv.legal_moves,
            query=picks_query(request, urls["page"]),
            urls=urls,
            version=match.version,
            names=[row.name for row in seats],
        )
    invite = reverse("matches:invite", args=[match.pk, match.invite_token])
    names = [row.name for row in seats]
    chapters = match_chapters(
        match=match,
        seat=seat_index,
        reader_seats=[s.index for s in mv.my_seats],
        recent=mv.log[::-1],
        adapter=adapter,
        names=names,
    )
    lines = log_lines(mv.log, adapter, names, chapters)
    if turn is not None:
        # The seat's "just happened" list tells the same story as the log, in the same names.
        turn["recent"] = [story_html(line.summary or " ".join(line.texts)) for line in lines[:4]][
            ::-1
        ]
    finished = match.status == Match.Status.FINISHED
    return {
        "ending": match_ending(mv, adapter, names),
        "context": match_context(match),
        "rules_url": adapter.rules_url(),
        "waiting_for": [row.name for row in seats if row.to_act],
        "can_take_back": mv.can_take_back,
        # Resolved when clicked (views_lobby.next_game): drawing it costs no query.
        "next_match_url": reverse("matches:next_game") + f"?after={match.pk}"
        if mv.is_participant and not mv.is_my_turn and not mv.other_seats_to_act
        else "",
        "can_rematch": finished and mv.is_participant and not match.competition,
        "new_game_url": reverse("matches:home") + f"?system={match.system}#new-match",
        "turn": turn,
        "match": public_match(match),
        "seat_index": seat_index,
        "version": match.version,
        "is_participant": mv.is_participant,
        "is_my_turn": mv.is_my_turn,
        "replay_url": reverse("matches:replay", args=[match.pk]) if finished else "",
        "seats": seats,
        "log_lines": lines,
        "chat": mv.chat,
        "has_view": mv.view is not None,
        "error": error,
        "draw_offered_to_me": mv.draw_offered_to_me,
        "i_offer_draw": mv.i_offer_draw,
        # A draw needs every player's word: the computer never gives it (services.endings).
        "draw_possible": all(s.kind != "bot" for s in mv.seats)
        and registry.get_system(match.system).allows_draw,
        "invite_url": request.build_absolute_uri(invite) if mv.shows_invite else "",
        "open_seats": mv.open_seats,
        "page_url": urls["page"],
        "my_seats": my_seat_links(mv, seats, match.pk),
        "follows_turn": chosen is None,
        "other_seats_to_act": [row for row in seats if row.is_me and row.to_act and not row.shown],
        "team_seat_free": mv.team_seat_free.index if mv.team_seat_free is not None else None,
    }


def my_seat_links(mv, rows, match_id: int) -> list[dict]:
    """The reader's seats when they hold several (one team), each with the address that shows
    the match through it; [] with one seat or none."""
    if len(mv.my_seats) < 2:
        return []
    return [
        {"row": row, "url": reverse("matches:match_seat", args=[match_id, row.index])}
        for row in rows
        if row.is_me
    ]


def _seen(request, match, *, opened: bool = False) -> None:
    """The reader has now seen the match as the page shows it ("changed since I looked")."""
    if request.user.is_authenticated:
        services.match_mark_seen(
            match_id=match.pk, user=request.user, version=match.version, opened=opened
        )


@require_GET
def match_page(request, match_id: int, seat: int | None = None):
    """The page; its query string holds the player's picks towards a move. A link in the board
    or hand fetches that same address with htmx aimed at "#board": it gets board and hand only.
    With `seat` (a person holding several seats): the match through that one of theirs."""
    match = visible_match_or_404(request, match_id)
    ctx = page_context(request, match)
    if seat is not None and ctx["seat_index"] != seat:
        raise Http404(_("You do not hold this seat."))
    _seen(request, match, opened=not request.htmx)
    if request.htmx and request.htmx.target == "board" and ctx["has_view"]:
        # The address holds the picks: the browser's history follows them (back undoes a pick).
        return push_url(
            TemplateResponse(request, MATCH_TEMPLATE + "#pick", ctx), request.get_full_path()
        )
    return TemplateResponse(request, MATCH_TEMPLATE, ctx)


@require_GET
def match_live(request, match_id: int):
    """Every partial at once, out of band: what the page refetches when told it changed."""
    match = visible_match_or_404(request, match_id)
    ctx = page_context(request, match)
    _seen(request, match, opened=True)
    if request.GET.get("until_start") and ctx["has_view"]:
        # The page was drawn before the board existed; its still layers come with the page.
        return HttpResponseClientRefresh()
    return TemplateResponse(request, MATCH_TEMPLATE + "#live", ctx)


def _act(request, match_id: int, action, success: str, match=None):
    """Runs one service for a POST; htmx gets the fresh partials, a plain POST a redirect (to
    the match page, which shows the reader's seat that must act). A refusal answers 400 (409
    for a stale board) with the page and its reason: nothing changed."""
    match = match or visible_match_or_404(request, match_id)
    done = attempt(request, action, message=False)
    if done.ok and not request.htmx:
        if success:
            messages.success(request, success)
        return redirect("matches:match", match_id=match_id)
    if isinstance(done.result, Match):
        match = done.result  # the service's own row, saved just now: no need to read it again
    else:
        match.refresh_from_db()
    ctx = page_context(request, match, error=done.error)
    _seen(request, match)
    status = 200 if done.ok else 409 if isinstance(done.refusal, StaleVersion) else 400
    template = MATCH_TEMPLATE + "#live" if request.htmx else MATCH_TEMPLATE
    return TemplateResponse(request, template, ctx, status=status)


def _posted_move(post) -> object:
    """The one wire format of a move: its JSON in the `move` field (the engine decodes it)."""
    try:
        return json.loads(post.get("move", ""))
    except (ValueError, RecursionError):  # not JSON, or nested deeper than Python recurses
        raise Refused(_("This move could not be read.")) from None


@login_required
@require_POST
def move(request, match_id: int):
    match = visible_match_or_404(request, match_id)

    def run():
        move_data = _posted_move(request.POST)
        return services.match_submit_move(
            match_id=match_id,
            user=request.user,
            move_data=move_data,
            expected_version=request.POST.get("expected_version"),
            seat=request.POST.get("seat"),
        )

    return _act(request, match_id, run, "", match)


@login_required
@require_POST
def take_back(request, match_id: int):
    return _act(
        request,
        match_id,
        lambda: services.match_take_back(
            match_id=match_id,
            user=request.user,
            expected_version=request.POST.get("expected_version"),
        ),
        _("Move taken back."),
    )


@login_required
@require_POST
def resign(request, match_id: int):
    return _act(
        request,
        match_id,
        lambda: services.match_resign(match_id=match_id, user=request.user),
        _("You resigned."),
    )


_DRAW_ACTIONS = {
    "offer": (services.match_offer_draw, _("Draw offered.")),
    "accept": (services.match_accept_draw, _("Draw accepted.")),
    "decline": (services.match_decline_draw, _("Draw declined.")),
}


@login_required
@require_POST
def draw(request, match_id: int, action: str):
    if action not in _DRAW_ACTIONS:
        raise Http404
    service, success = _DRAW_ACTIONS[action]
    return _act(
        request, match_id, lambda: service(match_id=match_id, user=request.user), str(success)
    )


@login_required
@require_POST
def chat(request, match_id: int):
    return _act(
        request,
        match_id,
        lambda: services.match_post_chat(
            match_id=match_id, user=request.user, text=request.POST.get("text", "")
        ),
        "",
    )


@login_required
@require_POST
def rematch(request, match_id: int):
    """The same game again, seats swapped; the new match's page (or back, with the reason)."""
    visible_match_or_404(request, match_id)
    done = attempt(
        request,
        lambda: services.match_rematch(match_id=match_id, user=request.user),
        success=_("Rematch created."),
    )
    if not done.ok:
        return redirect("matches:match", match_id=match_id)
    return redirect("matches:match", match_id=done.result.pk)
