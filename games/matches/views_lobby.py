"""The lobby (new match, open and public matches), my games, and joining a match. Thin function
views: parse, call one service or selector, render."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404
from django.shortcuts import redirect, render
from django.template.response import TemplateResponse
from django.urls import reverse
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from games.form_input import database_id
from games.matches import match_view, selectors, services
from games.matches.forms import PEOPLE_LIST_ID, NewMatchForm
from games.matches.hooks import seat_choice_page, seat_notes
from games.matches.presenters import options_summary, public_match
from games.matches.systems import get_site, options_form, playable_keys
from games.matches.views import MATCH_TEMPLATE, page_context, visible_match_or_404
from games.refusals import attempt

# --- lobby and lists ----------------------------------------------------------------------------


def _config_forms(data=None, seats: int = 2, user=None) -> list[tuple[str, object]]:
    """Each playable system's options form, prefixed by its key (the lobby shows the chosen
    system's; without JavaScript every fieldset is posted, and prefixes keep them apart). The
    user is the creator: a form may offer what is theirs (their army lists)."""
    return [(key, options_form(key, data, seats=seats, user=user)) for key in playable_keys()]


def _named(config_forms) -> list[tuple[str, str, object]]:
    return [(key, get_site(key).name, form) for key, form in config_forms]


# The lobby's paces, in a player's words: (address value, label, fewest and most days per move).
PACES = (
    ("fast", gettext_lazy("Fast (1–2 days per move)"), 1, 2),
    ("steady", gettext_lazy("Steady (3–5 days per move)"), 3, 5),
    ("slow", gettext_lazy("Relaxed (6 days or more per move)"), 6, None),
)


def _lobby_filter(request) -> tuple[selectors.LobbyFilter, dict]:
    """`?game=<key>&pace=<fast|steady|slow>` from the lobby's filter form; anything else in
    the address means no filter (a link from elsewhere, a forged value: the whole list)."""
    game = request.GET.get("game")
    game = game if game in playable_keys() else ""
    pace = next((p for p in PACES if p[0] == request.GET.get("pace")), None)
    only = selectors.LobbyFilter(
        system=game or None,
        fewest_days=pace[2] if pace else None,
        most_days=pace[3] if pace else None,
    )
    shown = {
        "games": [(key, get_site(key).name) for key in playable_keys()],
        "paces": [(value, label) for value, label, _f, _m in PACES],
        "game": game,
        "pace": pace[0] if pace else "",
    }
    return only, shown


def _lobby(request, form=None, config_forms=None, status=200):
    config_forms = config_forms or _config_forms(user=request.user)
    only, lobby_filter = _lobby_filter(request)
    return render(
        request,
        "matches/home.html",
        {
            "form": form or NewMatchForm(user=request.user),
            "people_list_id": PEOPLE_LIST_ID,
            # The names the form's "named player" fields offer (those the creator played with).
            "people": selectors.people_played_with(user=request.user),
            "config_forms": _named(config_forms),
            "lobby_filter": lobby_filter,
            "open_matches": [
                (
                    public_match(m),
                    selectors.match_listed_seats_count(match=m),
                    _people(m),
                    _free_armies(m),
                    options_summary(m),
                )
                for m in selectors.match_list_open(user=request.user, only=only)
            ],
            "public_matches": [
                (public_match(m), list(m.seats.all()))
                for m in selectors.match_list_public(only=only)
            ],
        },
        status=status,
    )


def _people(match) -> list[tuple[str, str, list, object, str]]:
    """Who already sits at an open match: (name, their page, notes such as their rating, the
    person with their profile, whose picture the template draws, the army the options give
    them or "")."""
    seats = list(match.seats.all())
    notes = seat_notes(seats)
    site = get_site(match.system)
    return [
        (
            s.user.get_username(),
            reverse("accounts:profile", args=[s.user.get_username()]),
            notes.get(s.index, []),
            s.user,
            site.side_name(match.config or {}, s.index),
        )
        for s in seats
        if s.user is not None
    ]


def _free_armies(match) -> list[str]:
    """The armies the options give the seats still free ("Borgo"), where they fix one: what
    a player taking a seat will lead."""
    site = get_site(match.system)
    names = (site.side_name(match.config or {}, s.index) for s in match.seats.all() if s.is_free)
    return [name for name in names if name]


@require_GET
def home(request):
    """The lobby, its new-match form filled from the address (`_form_from_address`)."""
    return _lobby(request, _form_from_address(request))


def _form_from_address(request) -> NewMatchForm:
    """The new-match form as the address asks: `?system=<key>` (the "New game" button of a
    finished match) chooses the game, `?opponent=<name>` (a profile's "Challenge" link) keeps
    the second seat for that player."""
    initial: dict = {}
    if request.GET.get("system") in playable_keys():
        initial["system"] = request.GET["system"]
    if request.GET.get("opponent"):
        initial.update(seat_1="named", opponent_1=request.GET["opponent"][:150])
    return NewMatchForm(initial=initial, user=request.user)


@login_required
@require_http_methods(["GET", "POST"])
def create(request):
    """POST creates the match. GET is the lobby with the form filled from the address
    (`_form_from_address`)."""
    if request.method == "GET":
        return _lobby(request, _form_from_address(request))
    form = NewMatchForm(request.POST, user=request.user)
    if not form.is_valid():
        return _lobby(request, form, _config_forms(request.POST, user=request.user), status=400)
    seats = form.cleaned_data["players"]
    config_forms = _config_forms(request.POST, seats, user=request.user)
    key = form.cleaned_data["system"]
    config_form = dict(config_forms)[key]
    if not config_form.is_valid():
        return _lobby(request, form, config_forms, status=400)
    plan = form.seat_plan()
    options = {
        "system": key,
        "config": dict(config_form.cleaned_data),
        "seat_users": [request.user if kind == "me" else None for kind in plan],
        "bot_levels": form.bot_levels(),
        "invite_seats": frozenset(i for i, kind in enumerate(plan) if kind == "invite"),
        "created_by": request.user,
        "days_per_move": form.cleaned_data["days_per_move"],
        "bank_increment_hours": form.cleaned_data["bank_increment_hours"],
        "bank_max_days": form.cleaned_data["bank_max_days"],
        "vacation_allowed": form.cleaned_data["vacation_allowed"],
        "weekend_pause_allowed": form.cleaned_data["weekend_pause_allowed"],
        "is_public": form.cleaned_data["is_public"],
    }
    challenged = form.challenged
    created = attempt(
        request,
        lambda: (
            services.challenge_create(challenged=challenged, **options)
            if challenged
            else services.match_create(**options)
        ),
        message=False,
    )
    if not created.ok:
        form.add_error(None, created.error)
        return _lobby(request, form, config_forms, status=400)
    if challenged:
        names = list(dict.fromkeys(p.get_username() for p in challenged.values()))
        told = ngettext(
            "Challenge sent: %(names)s is told and may accept or decline.",
            "Challenge sent: %(names)s are told and may accept or decline.",
            len(names),
        )
        messages.success(request, told % {"names": ", ".join(names)})
    elif "invite" in plan or "open" in plan:
        messages.success(request, _("Match created. Share the invite link with your opponents."))
    else:
        messages.success(request, _("Match created: it starts now."))
    return redirect("matches:match", match_id=created.result.pk)


@login_required
@require_GET
def my_games(request):
    entries = [
        (entry, public_match(entry.match), list(entry.match.seats.all()))
        for entry in selectors.match_list_for_player(user=request.user)
    ]
    challenges = [
        (public_match(m), _challenger(m), list(m.seats.all()), options_summary(m))
        for m in selectors.match_challenges_received(user=request.user)
    ]
    template = "matches/my_games.html#list" if request.htmx else "matches/my_games.html"
    shown = sum(1 for entry, _match, _seats in entries if entry.section == "finished")
    # Counted only when the list is full: below it, every finished match is there.
    total = (
        selectors.finished_matches_count(user=request.user)
        if shown >= selectors.FINISHED_SHOWN
        else 0
    )
    return render(
        request,
        template,
        {
            "entries": entries,
            "challenges": challenges,
            "finished_shown": shown,
            "finished_total": total,
        },
    )


@login_required
@require_GET
def my_finished(request):
    """Every finished match of the player, the most recently finished first, a page at a time
    (My games shows the latest few)."""
    found, page, pages = selectors.finished_matches_page(
        user=request.user, page=_page_number(request.GET.get("page"))
    )
    entries = [(entry, public_match(entry.match), list(entry.match.seats.all())) for entry in found]
    return render(
        request,
        "matches/my_finished.html",
        {
            "entries": entries,
            "page": page,
            "pages": pages,
            "previous": page - 1 if page > 1 else None,
            "next": page + 1 if page < pages else None,
        },
    )


def _page_number(raw) -> int:
    try:
        return max(1, int(raw))
    except (TypeError, ValueError):
        return 1


def _challenger(match) -> str:
    """Who sent the challenge: the creator, seated at their match (its seats are loaded)."""
    return next(
        (s.user.get_username() for s in match.seats.all() if s.user_id == match.created_by_id), ""
    )


# --- joining ----------------------------------------------------------------------------------------


@login_required
@require_POST
def join(request, match_id: int):
    """Takes a seat listed in the lobby (after choosing what the system asks for, if any), or
    (`seat`, from the match page) a free seat of the player's own team where the system lets one
    person hold two."""
    match = visible_match_or_404(request, match_id)
    choice_page = seat_choice_page(match)
    if choice_page:
        return redirect(choice_page)
    joined = attempt(
        request,
        lambda: services.match_join(
            match_id=match_id, user=request.user, seat_index=request.POST.get("seat")
        ),
        success=_("You joined the match."),
    )
    if not joined.ok and (
        request.POST.get("back") == "match"
        or selectors.match_held_by(match_id=match_id, user=request.user)
    ):
        # The match page's Join, or its "take my team's seat": that page again, with the reason.
        match = visible_match_or_404(request, match_id)
        return TemplateResponse(request, MATCH_TEMPLATE, page_context(request, match), status=400)
    if not joined.ok:  # the lobby again, with the reason and status 400
        return _lobby(request, status=400)
    return redirect("matches:match", match_id=match_id)


def invite(request, match_id: int, token: str):
    """The invite link: GET shows what you are joining, POST takes the seat."""
    match = selectors.match_by_invite(match_id=match_id, token=token)
    if match is None:
        raise Http404(_("This invitation is not valid."))
    if request.method == "POST":
        if not request.user.is_authenticated:
            return redirect(f"{reverse('account_login')}?next={request.path}")
        choice_page = seat_choice_page(match, token)
        if choice_page:
            return redirect(choice_page)
        joined = attempt(
            request,
            lambda: services.match_join(match_id=match_id, user=request.user, invite_token=token),
            success=_("You joined the match."),
        )
        if joined.ok:
            return redirect("matches:match", match_id=match_id)
        return _invite_page(request, match, token, status=400)  # with the reason
    return _invite_page(request, match, token)


def _invite_page(request, match, token: str, status: int = 200):
    seats = list(match.seats.select_related("user", "kept_for").order_by("index"))
    team_seat = match_view.match_team_seat_free(match=match, user=request.user, seats=seats)
    site = get_site(match.system)
    return render(
        request,
        "matches/invite.html",
        {
            "match": public_match(match),
            "seats": [(s, site.side_name(match.config or {}, s.index)) for s in seats],
            "options": options_summary(match),
            "token": token,
            "already_in": request.user.is_authenticated
            and any(s.user_id == request.user.pk for s in seats),
            "team_seat_free": team_seat.index if team_seat is not None else None,
        },
        status=status,
    )


@require_GET
def rules_index(request):
    """Every game's rules page (each system's site offers one: BaseSite.rules_url)."""
    games = [(get_site(key).name, get_site(key).rules_url()) for key in playable_keys()]
    return render(request, "matches/rules.html", {"games": games})


@login_required
@require_GET
def next_game(request):
    """Lichess's "next game": the next match where it is the player's turn (other than
    `?after=`), else their games with a word that none is waiting."""
    following = selectors.match_next_for_player(
        user=request.user, after_match_id=database_id(request.GET.get("after"))
    )
    if following is None:
        messages.info(request, _("No other game is waiting for your move."))
        return redirect("matches:my_games")
    return redirect("matches:match", match_id=following.pk)
