"""The match page. Thin function views: parse, call one service or selector, render. (What
players do on it: views_actions.py; the lobby and joining: views_lobby.py; history pages:
views_history.py.)

An htmx request gets the page's partials (swapped out of band, so one answer refreshes the
board, hand, status, log and chat together); a plain POST redirects with a message, so every
page also works without JavaScript.
"""

from __future__ import annotations

from urllib.parse import urlsplit

from django.http import Http404
from django.template.response import TemplateResponse
from django.urls import Resolver404, resolve
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET
from django_htmx.http import HttpResponseClientRefresh, push_url

from games.hexboard.story import story_html
from games.hexboard.turn import picks_query, turn_context
from games.matches import match_view, selectors, services, shown_parts
from games.matches.hooks import GameTips, game_tips, match_context
from games.matches.models import Match
from games.matches.presenters import (
    log_lines,
    match_chapters,
    match_ending,
    next_game,
    options_summary,
    public_match,
    reference_url,
    seat_rows,
)
from games.matches.services import draw_refusal
from games.matches.status_parts import status_lasting_key, status_seats
from games.matches.systems import get_site
from hexsite.reverse_memo import reverse

MATCH_TEMPLATE = "matches/match.html"


# --- the match page -------------------------------------------------------------------------------


def flash_refusal(request, error: str, status: int) -> TemplateResponse:
    """A refusal's reason in the match page's own flash (its `aria-live` tells a screen reader),
    swapped in where the page has it: for a site's endpoint that answers htmx itself."""
    return TemplateResponse(
        request,
        MATCH_TEMPLATE + "#flash",
        {"error": error},
        status=status,
        headers={"HX-Retarget": "#flash", "HX-Reswap": "outerHTML"},
    )


def visible_match_or_404(request, match_id) -> Match:
    match = selectors.match_visible_to(match_id=match_id, user=request.user)
    if match is None:
        raise Http404(_("No such match."))
    return match


def _visible_with_seats_or_404(request, match_id, *, with_notes: bool = True) -> tuple[Match, list]:
    found = selectors.match_visible_with_seats(
        match_id=match_id, user=request.user, with_notes=with_notes
    )
    if found is None:
        raise Http404(_("No such match."))
    return found


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


def match_urls(match_id: int, seat: int | None = None) -> dict[str, str]:
    page = reverse("matches:match_seat", args=[match_id, seat]) if seat is not None else None
    return {
        "page": page or reverse("matches:match", args=[match_id]),
        "post": reverse("matches:move", args=[match_id]),
        "since": reverse("matches:since", args=[match_id]),
        "steps": reverse("matches:steps_latest", args=[match_id]),
        "replay": reverse("matches:replay", args=[match_id]),
    }


def _turn(request, match, mv, adapter, names: list[str], urls: dict[str, str]) -> dict | None:
    if mv.view is None:
        return None
    # A seated player's wish for this game's tips (never a spectator's: they have no seat).
    user = mv.seat.user if mv.seat is not None else None
    tips = game_tips(user, match.system) if user is not None else GameTips(shown=False)
    return turn_context(
        adapter,
        view=mv.view,
        seat=mv.seat.index if mv.seat is not None else None,
        legal=mv.legal_moves,
        query=picks_query(request, urls["page"]),
        urls={**urls, "hide_tips": tips.hide_url} if tips.hide_url else urls,
        version=match.version,
        names=names,
        coach=tips.shown,
    )


def _chosen_seat(requested: int | None, mv) -> int | None:
    """The seat the page's address names, when it is the one shown (the reader's)."""
    return requested if mv.seat is not None and requested == mv.seat.index else None


def pick_context(request, match, seats=None) -> dict:
    """What a pick redraws: the board and the hand, from the page's context without the log
    and the chat (a system's board may read the seats and the reader's seat, as some
    systems' panels do)."""
    requested = requested_seat(request)
    mv = match_view.match_view_for(
        match=match, user=request.user, seat=requested, history=False, seats=seats
    )
    adapter = get_site(match.system)
    rows = seat_rows(mv, adapter, with_notes=False)
    urls = match_urls(match.pk, _chosen_seat(requested, mv))
    return {
        "turn": _turn(request, match, mv, adapter, [row.name for row in rows], urls),
        "has_view": mv.view is not None,
        "match": public_match(match),
        "seat_index": mv.seat.index if mv.seat is not None else None,
        "seats": rows,
        "version": match.version,
        "is_participant": mv.is_participant,
        "is_my_turn": mv.is_my_turn,
        # Noted under the pick's own address: another tab's page is not compared with it.
        "page_shows": _page_shows(request, match, mv, _header_version(request), urls["page"]),
    }


def _page_shows(request, match, mv, since: int, page: str):
    """Whether the reader's page (at version `since`, 0: unknown) shows a part already
    (shown_parts.page_shows; None for a spectator)."""
    return shown_parts.page_shows(
        request,
        match=match,
        seat=mv.seat.index if mv.seat is not None else None,
        since=since,
        page=page,
        query=picks_query(request, page),
    )


def _header_version(request) -> int:
    """The version the page shows, as its script says in a pick's headers (site.js)."""
    try:
        return max(0, int(request.headers.get("X-Page-Version", "")))
    except ValueError:
        return 0


def _shown_version(request) -> int:
    """The version the page shows, when it says (site.js adds it to its refetches)."""
    try:
        return max(0, int(request.GET.get("since", "")))
    except ValueError:
        return 0


def page_context(
    request, match, *, error: str = "", since: int = 0, chat_wanted: bool = True, seats=None
) -> dict:
    """Everything the page's partials show, from the reader's view of the match (through the
    seat they chose, else their seat that must act). With `since` (the version a page shows)
    the log holds only the lines it lacks, when that is enough: the page adds them on top (a
    takeback strikes older lines through: then the whole log)."""
    requested = requested_seat(request)
    mv = match_view.match_view_for(
        match=match, user=request.user, seat=requested, chat_wanted=chat_wanted, seats=seats
    )
    adapter = get_site(match.system)
    seat_index = mv.seat.index if mv.seat is not None else None
    chosen = _chosen_seat(requested, mv)
    seats = seat_rows(mv, adapter)
    names = [row.name for row in seats]
    urls = match_urls(match.pk, chosen)
    turn = _turn(request, match, mv, adapter, names, urls)
    invite = reverse("matches:invite", args=[match.pk, match.invite_token])
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
    # A page already at this version (told of a chat message, a draw offer) lacks no line.
    with_log = not since or since < match.version
    lacking = [entry for entry in mv.log if entry.seq > since]
    # Only moves since the page's version: their lines go on top of the page's log (anything
    # else, a takeback striking older lines through, redraws the whole log).
    log_new = bool(since) and bool(lacking) and all(e.kind == "move" for e in lacking)
    if log_new:
        lines = [line for line in lines if line.seq > since]
    finished = match.status == Match.Status.FINISHED
    ending = match_ending(mv, adapter, names)
    my_seats = my_seat_links(mv, seats, match.pk)
    draw_possible = not draw_refusal(match, mv.seats)
    return {
        "ending": ending,
        "context": match_context(match),
        "rules_url": adapter.rules_url(),
        "reference_url": reference_url(adapter, match.pk, mv.view),
        "waiting_for": [row.name for row in seats if row.to_act],
        "can_take_back": mv.can_take_back,
        # Only when another match waits for the reader's move, named (one query when none
        # does); not asked while it is their turn here.
        "next_game": next_game(user=request.user, after_match_id=match.pk)
        if mv.is_participant and not mv.is_my_turn and not mv.other_seats_to_act
        else None,
        "can_rematch": finished and mv.is_participant and not match.competition,
        "new_game_url": reverse("matches:home") + f"?system={match.system}#new-match",
        "turn": turn,
        "match": public_match(match),
        "seat_index": seat_index,
        "version": match.version,
        "is_participant": mv.is_participant,
        "is_my_turn": mv.is_my_turn,
        "page_shows": _page_shows(request, match, mv, since, urls["page"]),
        "replay_url": reverse("matches:replay", args=[match.pk]) if finished else "",
        "analysis_url": adapter.analysis_url(match.pk) if finished else "",
        "seats": seats,
        "status_seats": status_seats(
            seats, listed_mine=bool(my_seats), by_forfeit=ending is not None and ending.by_forfeit
        ),
        "status_lasting_key": status_lasting_key(
            draw_offered_to_me=mv.draw_offered_to_me,
            draw_possible=draw_possible,
            i_offer_draw=mv.i_offer_draw,
        ),
        "log_lines": lines,
        "log_new": log_new,  # only the lines the page lacks, added on top of its log
        "with_log": with_log,
        # The oldest "seen" mark of the reader's seats (they move together).
        "seen_version": min((s.last_seen_version for s in mv.my_seats), default=None),
        "with_chat": chat_wanted,
        "chat": mv.chat,
        "has_view": mv.view is not None,
        "error": error,
        "draw_offered_to_me": mv.draw_offered_to_me,
        "i_offer_draw": mv.i_offer_draw,
        "draw_possible": draw_possible,
        "invite_url": request.build_absolute_uri(invite) if mv.shows_invite else "",
        "open_seats": mv.open_seats,
        "page_url": urls["page"],
        "my_seats": my_seats,
        "follows_turn": chosen is None,
        "other_seats_to_act": [row for row in seats if row.is_me and row.to_act and not row.shown],
        "team_seat_free": mv.team_seat_free.index if mv.team_seat_free is not None else None,
        # A waiting match says what one would join, and offers the lobby's Join button to
        # whom the lobby would offer it (a public match with a seat it lists, not theirs).
        "options_words": options_summary(match) if mv.waiting_for_players else [],
        "can_join": mv.open_seats
        and match.is_public
        and not mv.is_participant
        and request.user.is_authenticated,
        # A match not started yet may be called off by its creator (a competition's is not).
        "can_call_off": match.status == Match.Status.OPEN
        and not match.competition
        and request.user.is_authenticated
        and match.created_by_id == request.user.pk,
        # A seated player who did not create it may leave it before the start (the seat
        # named so that a second click is told it is stale: services/leaving.py).
        "leave_seat": mv.my_seats[0].index
        if match.status == Match.Status.OPEN
        and not match.competition
        and mv.my_seats
        and match.created_by_id != request.user.pk
        else None,
        **challenge_context(request, match, mv),
    }


def challenge_context(request, match, mv) -> dict:
    """A challenge on the page: the person it waits for answers it (who challenged them), its
    creator sees whose answers it waits for and may withdraw it."""
    awaiting = mv.awaiting_answers
    if not awaiting and not mv.kept_for_me:
        return {
            "answer_challenge": False,
            "challenged_by": "",
            "awaiting_names": [],
            "can_withdraw": False,
        }
    creator = match.created_by  # (read only while a challenge waits: a rare page)
    return {
        "answer_challenge": bool(mv.kept_for_me),
        "challenged_by": creator.get_username() if mv.kept_for_me and creator else "",
        "awaiting_names": list(dict.fromkeys(s.kept_for.get_username() for s in awaiting)),
        "can_withdraw": bool(awaiting)
        and request.user.is_authenticated
        and match.created_by_id == request.user.pk,
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


def note_seen(request, match, ctx: dict, *, opened: bool = False) -> None:
    """The reader has now seen the match as the page shows it ("changed since I looked").
    Their seats' mark is written only when it moves (or they have no seat); `opened`: the page
    (or its refetch) was drawn for them, so other apps hear of it (the inbox marks that match's
    entries read)."""
    if not request.user.is_authenticated:
        return
    seen = ctx.get("seen_version")
    behind = seen is not None and seen < match.version
    if behind or opened:
        services.match_mark_seen(
            match_id=match.pk,
            user=request.user,
            version=match.version if behind else None,
            opened=opened,
            mark=behind,
        )


@require_GET
def match_page(request, match_id: int, seat: int | None = None):
    """The page; its query string holds the player's picks towards a move. A link in the board
    or hand fetches that same address with htmx aimed at "#board": it gets board and hand only.
    With `seat` (a person holding several seats): the match through that one of theirs."""
    is_pick = bool(request.htmx) and request.htmx.target == "board"
    match, seats = _visible_with_seats_or_404(request, match_id, with_notes=not is_pick)
    if seat is not None and not any(
        s.index == seat and request.user.is_authenticated and s.user_id == request.user.pk
        for s in seats
    ):
        raise Http404(_("You do not hold this seat."))
    if is_pick and match.has_snapshot:
        # A pick: board and hand only, and nothing written (the page it came from was seen).
        # The address holds the picks: the browser's history follows them (back undoes a pick).
        ctx = pick_context(request, match, seats)
        return push_url(
            TemplateResponse(request, MATCH_TEMPLATE + "#pick", ctx), request.get_full_path()
        )
    ctx = page_context(request, match, seats=seats)
    note_seen(request, match, ctx, opened=not request.htmx)
    return TemplateResponse(request, MATCH_TEMPLATE, ctx)


@require_GET
def match_live(request, match_id: int):
    """Every partial at once, out of band: what the page refetches when told it changed."""
    match, seats = _visible_with_seats_or_404(request, match_id)
    if request.GET.get("until_start") and match.has_snapshot:
        # The page was drawn before the board existed; its still layers come with the page.
        return HttpResponseClientRefresh()
    ctx = page_context(request, match, since=_shown_version(request), seats=seats)
    note_seen(request, match, ctx, opened=True)
    return TemplateResponse(request, MATCH_TEMPLATE + "#changes", ctx)
