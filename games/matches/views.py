"""Match pages. Thin function views: parse, call one service or selector, render.

An htmx request gets the page's partials (swapped out of band, so one answer refreshes the
board, hand, status, log and chat together); a plain POST redirects with a message, so every
page also works without JavaScript.
"""

from __future__ import annotations

import json

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404
from django.shortcuts import redirect, render
from django.template.response import TemplateResponse
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_POST
from django_htmx.http import HttpResponseClientRefresh, push_url

from games.hexboard.turn import picks_query, turn_context
from games.matches import selectors, services
from games.matches.forms import NewMatchForm
from games.matches.hooks import seat_choice_page
from games.matches.models import Match
from games.matches.presenters import log_lines, public_match, seat_rows
from games.matches.services import MoveRejected, StaleVersion
from games.matches.systems import get_site, options_form, playable_keys

MATCH_TEMPLATE = "matches/match.html"


# --- lobby and lists ----------------------------------------------------------------------------


def _config_forms(data=None, seats: int = 2, user=None) -> list[tuple[str, object]]:
    """Each playable system's options form, prefixed by its key (the lobby shows the chosen
    system's; without JavaScript every fieldset is posted, and prefixes keep them apart). The
    user is the creator: a form may offer what is theirs (their army lists)."""
    return [(key, options_form(key, data, seats=seats, user=user)) for key in playable_keys()]


def _named(config_forms) -> list[tuple[str, str, object]]:
    return [(key, get_site(key).name, form) for key, form in config_forms]


def _lobby(request, form=None, config_forms=None, status=200):
    config_forms = config_forms or _config_forms(user=request.user)
    return render(
        request,
        "matches/home.html",
        {
            "form": form or NewMatchForm(),
            "config_forms": _named(config_forms),
            "open_matches": [
                (public_match(m), _free_seats(m)) for m in selectors.open_matches(user=request.user)
            ],
            "public_matches": [
                (public_match(m), list(m.seats.all())) for m in selectors.public_matches()
            ],
        },
        status=status,
    )


def _free_seats(match) -> int:
    return sum(
        1
        for s in match.seats.all()
        if s.user_id is None and s.kind == "human" and not s.invite_only
    )


@require_GET
def home(request):
    return _lobby(request)


@login_required
@require_POST
def create(request):
    form = NewMatchForm(request.POST)
    if not form.is_valid():
        return _lobby(request, form, _config_forms(request.POST, user=request.user), status=400)
    seats = form.cleaned_data["players"]
    config_forms = _config_forms(request.POST, seats, user=request.user)
    key = form.cleaned_data["system"]
    config_form = dict(config_forms)[key]
    if not config_form.is_valid():
        return _lobby(request, form, config_forms, status=400)
    plan = form.seat_plan()
    try:
        match = services.match_create(
            system=key,
            config=dict(config_form.cleaned_data),
            seat_users=[request.user if kind == "me" else None for kind in plan],
            bot_levels=form.bot_levels(),
            invite_seats=frozenset(i for i, kind in enumerate(plan) if kind == "invite"),
            created_by=request.user,
            days_per_move=form.cleaned_data["days_per_move"],
            bank_increment_hours=form.cleaned_data["bank_increment_hours"],
            bank_max_days=form.cleaned_data["bank_max_days"],
            vacation_allowed=form.cleaned_data["vacation_allowed"],
            is_public=form.cleaned_data["is_public"],
        )
    except MoveRejected as error:
        form.add_error(None, error.message)
        return _lobby(request, form, config_forms, status=400)
    messages.success(request, _("Match created. Share the invite link with your opponents."))
    return redirect("matches:match", match_id=match.pk)


@login_required
@require_GET
def my_games(request):
    entries = [
        (entry, public_match(entry.match), list(entry.match.seats.all()))
        for entry in selectors.my_games(user=request.user)
    ]
    template = "matches/my_games.html#list" if request.htmx else "matches/my_games.html"
    return render(request, template, {"entries": entries})


# --- the match page -------------------------------------------------------------------------------


def _visible_or_404(request, match_id):
    match = selectors.match_visible_to(match_id=match_id, user=request.user)
    if match is None:
        raise Http404(_("No such match."))
    return match


def _match_urls(match_id: int) -> dict[str, str]:
    return {
        "page": reverse("matches:match", args=[match_id]),
        "post": reverse("matches:move", args=[match_id]),
        "since": reverse("matches:since", args=[match_id]),
        "steps": reverse("matches:steps_latest", args=[match_id]),
        "replay": reverse("matches:replay", args=[match_id]),
    }


def _page_context(request, match, *, error: str = "") -> dict:
    mv = selectors.match_view_for(match=match, user=request.user)
    adapter = get_site(match.system)
    seat_index = mv.seat.index if mv.seat is not None else None
    seats = seat_rows(mv, adapter)
    turn = None
    if mv.view is not None:
        urls = _match_urls(match.pk)
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
    is_participant = mv.seat is not None
    ctx = {
        "turn": turn,
        "match": public_match(match),
        "seat_index": seat_index,
        "version": match.version,
        "is_participant": is_participant,
        "is_my_turn": seat_index is not None and seat_index in mv.to_act,
        "replay_url": reverse("matches:replay", args=[match.pk])
        if match.status == Match.Status.FINISHED
        else "",
        "seats": seats,
        "log_lines": log_lines(mv.log, adapter, [row.name for row in seats]),
        "chat": mv.chat,
        "has_view": mv.view is not None,
        "error": error,
        "draw_offered_to_me": is_participant
        and not mv.seat.offers_draw
        and any(s.offers_draw for s in mv.seats),
        "i_offer_draw": is_participant and mv.seat.offers_draw,
        "invite_url": request.build_absolute_uri(
            reverse("matches:invite", args=[match.pk, match.invite_token])
        )
        if is_participant and match.status == "open"
        else "",
        "open_seats": match.status == "open"
        and any(s.user_id is None and s.kind == "human" and not s.invite_only for s in mv.seats),
    }
    if is_participant:
        services.match_mark_seen(match_id=match.pk, user=request.user, version=match.version)
    return ctx


@require_GET
def match_page(request, match_id: int):
    """The page; its query string holds the player's picks towards a move. A link in the board
    or hand fetches that same address with htmx aimed at "#board": it gets board and hand only."""
    match = _visible_or_404(request, match_id)
    ctx = _page_context(request, match)
    if request.htmx and request.htmx.target == "board" and ctx["has_view"]:
        # The address holds the picks: the browser's history follows them (back undoes a pick).
        return push_url(
            TemplateResponse(request, MATCH_TEMPLATE + "#pick", ctx), request.get_full_path()
        )
    return TemplateResponse(request, MATCH_TEMPLATE, ctx)


@require_GET
def match_live(request, match_id: int):
    """Every partial at once, out of band: what the page refetches when told it changed."""
    match = _visible_or_404(request, match_id)
    ctx = _page_context(request, match)
    if request.GET.get("until_start") and ctx["has_view"]:
        # The page was drawn before the board existed; its still layers come with the page.
        return HttpResponseClientRefresh()
    return TemplateResponse(request, MATCH_TEMPLATE + "#live", ctx)


def _act(request, match_id: int, action, success: str, match=None):
    """Runs one service for a POST; htmx gets the fresh partials, a plain POST a redirect."""
    match = match or _visible_or_404(request, match_id)
    error, status, changed = "", 200, None
    try:
        changed = action()
    except StaleVersion as exc:
        error, status = exc.message, 409
    except MoveRejected as exc:
        error = exc.message
    if request.htmx:
        if isinstance(changed, Match):
            match = changed  # the service's own row, saved just now: no need to read it again
        else:
            match.refresh_from_db()
        ctx = _page_context(request, match, error=error)
        return TemplateResponse(request, MATCH_TEMPLATE + "#live", ctx, status=status)
    if error:
        messages.error(request, error)
    elif success:
        messages.success(request, success)
    return redirect("matches:match", match_id=match_id)


def _posted_move(post) -> object:
    """The one wire format of a move: its JSON in the `move` field (the engine decodes it)."""
    try:
        return json.loads(post.get("move", ""))
    except ValueError:
        raise MoveRejected(_("This move could not be read.")) from None


@login_required
@require_POST
def move(request, match_id: int):
    match = _visible_or_404(request, match_id)

    def run():
        move_data = _posted_move(request.POST)
        return services.match_submit_move(
            match_id=match_id,
            user=request.user,
            move_data=move_data,
            expected_version=request.POST.get("expected_version"),
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


# --- joining ----------------------------------------------------------------------------------------


@login_required
@require_POST
def join(request, match_id: int):
    """Takes a seat listed in the lobby (after choosing what the system asks for, if any)."""
    match = _visible_or_404(request, match_id)
    choice_page = seat_choice_page(match)
    if choice_page:
        return redirect(choice_page)
    try:
        services.match_join(match_id=match_id, user=request.user)
    except MoveRejected as error:
        messages.error(request, error.message)
        return redirect("matches:home")
    messages.success(request, _("You joined the match."))
    return redirect("matches:match", match_id=match_id)


def invite(request, match_id: int, token: str):
    """The invite link: GET shows what you are joining, POST takes the seat."""
    match = Match.objects.filter(pk=match_id, invite_token=token).first()
    if match is None:
        raise Http404(_("This invitation is not valid."))
    if request.method == "POST":
        if not request.user.is_authenticated:
            return redirect(f"{reverse('account_login')}?next={request.path}")
        choice_page = seat_choice_page(match, token)
        if choice_page:
            return redirect(choice_page)
        try:
            services.match_join(match_id=match_id, user=request.user, invite_token=token)
        except MoveRejected as error:
            messages.error(request, error.message)
            if match.seats.filter(user=request.user).exists() or match.is_public:
                return redirect("matches:match", match_id=match_id)
            return redirect("matches:home")
        messages.success(request, _("You joined the match."))
        return redirect("matches:match", match_id=match_id)
    seats = list(match.seats.select_related("user"))
    return render(
        request,
        "matches/invite.html",
        {
            "match": public_match(match),
            "seats": seats,
            "token": token,
            "already_in": request.user.is_authenticated
            and any(s.user_id == request.user.pk for s in seats),
        },
    )
