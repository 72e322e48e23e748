"""What players do on the match page: move, take back, resign, draws, chat, rematch, answering
a challenge. Each POST
runs one service through `_act`: htmx gets the page's partials (out of band, so one answer
refreshes the board, hand, status, log and chat together), a plain POST a redirect with a
message, so every action also works without JavaScript."""

from __future__ import annotations

import json

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpResponse
from django.shortcuts import redirect
from django.template.response import TemplateResponse
from django.urls import reverse
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from django.views.decorators.http import require_POST
from django_htmx.http import HttpResponseClientRedirect

from games.matches import selectors, services
from games.matches.hooks import seat_choice_page
from games.matches.models import Match
from games.matches.services import StaleVersion
from games.matches.views import MATCH_TEMPLATE, note_seen, page_context, visible_match_or_404
from games.refusals import Forbidden, Refused, attempt


def _act(
    request,
    match_id: int,
    action,
    success: str,
    *,
    since: int = 0,
    seated_only: bool = False,
    then: str = "",
):
    """Runs one service for a POST; htmx gets the fresh partials, a plain POST a redirect (to
    the match page, which shows the reader's seat that must act). A refusal answers 400 (409
    for a stale board) with the page and its reason: nothing changed. With `since` (the
    version the page showed) an accepted move's answer holds what it changed (board, hand,
    status, the new log lines; not the chat).

    `seated_only`: the service itself refuses whoever holds no seat of the match (so anybody it
    accepts may see the match): the match is read for visibility (404) only after a refusal.
    `then`: where an accepted plain POST goes instead of the match page."""
    match = None if seated_only else visible_match_or_404(request, match_id)
    done = attempt(request, action, message=False)
    if done.ok and not request.htmx:
        if success:
            messages.success(request, success)
        return redirect(then or reverse("matches:match", args=[match_id]))
    if isinstance(done.result, Match):
        match = done.result  # the service's own row, saved just now: no need to read it again
    elif match is None:
        match = visible_match_or_404(request, match_id)  # refused: may they even see it?
    else:
        match.refresh_from_db()
    status = 200 if done.ok else 409 if isinstance(done.refusal, StaleVersion) else 400
    if since and done.ok and request.htmx:
        # The seats as the move saved them, when it says (services.moves): no need to read them.
        seats = getattr(match, "seats_after_change", None)
        ctx = page_context(request, match, since=since, chat_wanted=False, seats=seats)
        note_seen(request, match, ctx)
        return TemplateResponse(request, MATCH_TEMPLATE + "#changes", ctx, status=status)
    ctx = page_context(request, match, error=done.error)
    note_seen(request, match, ctx)
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
    return play_move(request, match_id, lambda: _posted_move(request.POST))


def play_move(request, match_id: int, read_move) -> HttpResponse:
    """The move endpoint's answer for a move `read_move()` makes of the request: the one
    wire format above, or a site's own form whose selects make one move.
    The caller requires a signed-in POST."""

    def run():
        move_data = read_move()
        return services.match_submit_move(
            match_id=match_id,
            user=request.user,
            move_data=move_data,
            expected_version=request.POST.get("expected_version"),
            seat=request.POST.get("seat"),
        )

    try:
        shown = max(0, int(request.POST.get("expected_version", "")))
    except ValueError:
        shown = 0
    # match_submit_move accepts only a player of the match (services.common.seats_of).
    return _act(request, match_id, run, "", since=shown, seated_only=True)


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


# Lazy: the sentence is written in the reader's language when shown, not at import.
_DRAW_ACTIONS = {
    "offer": (services.match_offer_draw, gettext_lazy("Draw offered.")),
    "accept": (services.match_accept_draw, gettext_lazy("Draw accepted.")),
    "decline": (services.match_decline_draw, gettext_lazy("Draw declined.")),
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


@login_required
@require_POST
def call_off(request, match_id: int):
    """The creator calls off a match that has not started; back to My games."""
    return _act(
        request,
        match_id,
        lambda: services.match_call_off(match_id=match_id, user=request.user),
        _("Match called off."),
        then=reverse("matches:my_games"),
    )


@login_required
@require_POST
def leave(request, match_id: int):
    """A seated player who did not create the match gives their seat up before the start
    (services/leaving.py); to the lobby, where the seat is listed again (an htmx page is sent
    there too). Refused: the page again with the reason, 409 for a stale page (left already,
    started, called off), 400 otherwise; 403 without a seat; 404 for a match the reader may not
    see."""
    try:
        done = attempt(
            request,
            lambda: services.match_leave(
                match_id=match_id, user=request.user, seat_index=request.POST.get("seat")
            ),
            message=False,
        )
    except Forbidden:
        visible_match_or_404(request, match_id)  # someone else's private match: not found
        raise
    if done.ok:
        messages.success(request, _("You left the table."))
        lobby = reverse("matches:home")
        return HttpResponseClientRedirect(lobby) if request.htmx else redirect(lobby)
    status = 409 if isinstance(done.refusal, StaleVersion) else 400
    # A match the reader may not see is not found, whatever the refusal: a second click after
    # leaving a private table included (its page is theirs no longer).
    match = visible_match_or_404(request, match_id)
    ctx = page_context(request, match, error=done.error)
    note_seen(request, match, ctx)
    template = MATCH_TEMPLATE + "#live" if request.htmx else MATCH_TEMPLATE
    return TemplateResponse(request, template, ctx, status=status)


# --- challenges ---------------------------------------------------------------------------------


@login_required
@require_POST
def challenge(request, match_id: int, action: str):
    """Accept or decline a challenge (the person a seat is kept for), or withdraw it (its
    creator). Accepting goes to the match; declining and withdrawing back to My games. A stale
    page (answered already, withdrawn) is told so (409), somebody else refused (403)."""
    if action == "accept":
        match = visible_match_or_404(request, match_id)
        choice_page = seat_choice_page(match, "" if match.is_public else match.invite_token)
        if choice_page and selectors.match_waits_for(match_id=match_id, user=request.user):
            return redirect(choice_page)  # what the system asks for first (an army list)
        service, success, then = services.challenge_accept, _("Challenge accepted."), ""
    elif action == "decline":
        service, success = services.challenge_decline, _("Challenge declined.")
        then = reverse("matches:my_games")
    elif action == "withdraw":
        service, success = services.challenge_withdraw, _("Challenge withdrawn.")
        then = reverse("matches:my_games")
    else:
        raise Http404(_("No such action."))
    return _act(
        request,
        match_id,
        lambda: service(match_id=match_id, user=request.user),
        success,
        then=then,
    )
