"""League pages: thin function views (parse, one service or selector, render)."""

from __future__ import annotations

import csv

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.http import Http404, HttpResponse, JsonResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from games.announcements.presenters import announcements_section
from games.form_input import database_id
from games.hexboard.registry import registered_site
from games.league import exports, ics, selectors, services
from games.league.forms import (
    LeagueForm,
    SeasonOpenForm,
    new_form_token,
)
from games.league.models import (
    Division,
    League,
    LeagueInvitation,
    Registration,
    Round,
    Season,
)
from games.league.models_adjustments import POINTS_LIMIT
from games.league.presets import league_rules_text
from games.league.tables import TABLE_COUNTERS
from games.notifications.services import notifications_page_seen
from games.refusals import Refused, attempt, refused_again
from games.reports.selectors import competition_reports, report_cards


def require_visible(league: League, request) -> None:
    if not selectors.league_visible(league=league, user=request.user):
        raise Http404


def home(request):
    return render(
        request,
        "league/home.html",
        {
            "leagues": selectors.league_list(user=request.user),
            "invitations": selectors.pending_invitations(user=request.user),
        },
    )


@login_required
def league_new(request):
    form = LeagueForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        data = dict(form.cleaned_data)
        league = services.league_create(created_by=request.user, **data)
        return redirect("league:league", league_id=league.pk)
    status = 400 if form.errors else 200
    return render(request, "league/league_new.html", {"form": form}, status=status)


def league_detail(request, league_id: int):
    league = get_object_or_404(League, pk=league_id)
    require_visible(league, request)
    organiser = selectors.is_organiser(league=league, user=request.user)
    context = {
        "league": league,
        "rules_text": league_rules_text(system=league.system, stored=league.rules_text),
        "seasons": league.seasons.all(),
        "organiser": organiser,
        "open_form": SeasonOpenForm(),
    }
    if organiser and not league.is_public:
        context["invite_url"] = request.build_absolute_uri(
            reverse("league:join", args=[league.invite_token])
        )
        context["invitations"] = league.invitations.select_related("user").order_by(
            "status", "user__username"
        )
    return render(request, "league/league.html", context)


# --- invitations (leagues by invitation) ------------------------------------------------------


@login_required
def invitation(request, league_id: int):
    """The invited player's page: what they are invited to, accept or decline."""
    league = get_object_or_404(League, pk=league_id)
    pending = league.invitations.filter(
        user=request.user, status=LeagueInvitation.Status.PENDING
    ).first()
    if pending is None:
        if request.method == "GET" and selectors.league_visible(league=league, user=request.user):
            return redirect("league:league", league_id=league.pk)
        raise Http404
    if request.method == "POST":
        answer = request.POST.get("answer")
        if answer not in ("accept", "decline"):
            messages.error(request, _("Unknown action."))
            return _invitation_page(request, league, status=400)
        done = attempt(
            request,
            lambda: services.league_invitation_answer(
                league=league, user=request.user, accept=answer == "accept"
            ),
        )
        if not done.ok:
            return refused_again(_invitation_page(request, league))
        if answer == "accept":
            messages.success(request, _("Welcome to %(league)s.") % {"league": league.name})
            return redirect("league:league", league_id=league.pk)
        messages.success(request, _("Invitation declined."))
        return redirect("league:home")
    return _invitation_page(request, league, invitation=pending)


def _invitation_page(request, league: League, *, invitation=None, token: str = "", status=200):
    return render(
        request,
        "league/invitation.html",
        {
            "league": league,
            "rules_text": league_rules_text(system=league.system, stored=league.rules_text),
            "invitation": invitation,
            "token": token,
            "organisers": league.organisers.order_by("username"),
        },
        status=status,
    )


def join_by_link(request, token: str):
    """The league's invitation link: GET says what it is, POST joins (signed in)."""
    league = League.objects.filter(invite_token=token).first()
    if league is None:
        raise Http404
    if request.method == "POST":
        if not request.user.is_authenticated:
            return redirect(f"{reverse('account_login')}?next={request.path}")
        services.league_join_by_link(token=token, user=request.user)
        messages.success(request, _("Welcome to %(league)s.") % {"league": league.name})
        return redirect("league:league", league_id=league.pk)
    if selectors.league_visible(league=league, user=request.user) and not league.is_public:
        return redirect("league:league", league_id=league.pk)
    return _invitation_page(request, league, token=token)


@require_POST
def invitations_manage(request, league_id: int):
    """Organisers: invite a player by name, revoke an invitation, replace the link."""
    league = get_object_or_404(League, pk=league_id)
    require_visible(league, request)
    if not selectors.is_organiser(league=league, user=request.user):
        raise PermissionDenied
    action = request.POST.get("action")

    def act() -> None:
        if action == "invite":
            username = request.POST.get("username", "")
            services.league_invite(league=league, actor=request.user, username=username)
            messages.success(request, _("%(name)s is invited.") % {"name": username.strip()})
        elif action == "revoke":
            services.league_revoke_invitation(
                league=league,
                actor=request.user,
                invitation_id=database_id(request.POST.get("invitation")),
            )
            messages.success(request, _("Invitation withdrawn."))
        elif action == "new_link":
            services.league_new_invite_link(league=league, actor=request.user)
            messages.success(request, _("New invitation link: the old one no longer works."))
        else:
            raise Refused(_("Unknown action."))

    if not attempt(request, act).ok:
        return refused_again(league_detail(request, league.pk))
    return redirect("league:league", league_id=league.pk)


@require_POST
def season_open(request, league_id: int):
    league = get_object_or_404(League, pk=league_id)
    require_visible(league, request)
    form = SeasonOpenForm(request.POST)

    def act() -> Season:
        if not form.is_valid():
            raise Refused(_("Please check the form."))
        return services.season_open(league=league, actor=request.user, **form.cleaned_data)

    done = attempt(request, act)
    if done.result is None:
        return refused_again(league_detail(request, league.pk))
    return redirect("league:season", season_id=done.result.pk)


def season_detail(request, season_id: int):
    season = get_object_or_404(Season.objects.select_related("league"), pk=season_id)
    require_visible(season.league, request)
    notifications_page_seen(user=request.user, path=request.path)
    mine = None
    if request.user.is_authenticated:
        mine = Registration.objects.filter(season=season, user=request.user).first()
    divisions = [
        {"division": d, "table": selectors.division_table_view(division=d)}
        for d in season.divisions.order_by("tier")
    ]
    organiser = selectors.is_organiser(league=season.league, user=request.user)
    return render(
        request,
        "league/season.html",
        {
            "season": season,
            "league": season.league,
            "divisions": divisions,
            "mine": mine,
            "my_pairings": selectors.my_pairings(user=request.user, season=season) if mine else [],
            "registrations": season.registrations.select_related("user"),
            "log": selectors.season_log(season=season),
            "organiser": organiser,
            "announcements": announcements_section(
                request,
                competition=services.season_competition(season),
                may_write=organiser and season.status != Season.Status.DRAFT,
                post_url=reverse("league:season_announce", args=[season.pk]),
                remove_url=lambda pk: reverse(
                    "league:season_announcement_remove", args=[season.pk, pk]
                ),
            ),
            "playoffs": selectors.season_playoffs(season=season),
            "reports": report_cards(
                reports=competition_reports(competition=f"league:{season.pk}", limit=10)
            ),
            "late_join_open": season.status == Season.Status.RUNNING
            and services.late_join_division(season) is not None,
            **_army_context(request, season, mine),
            "army_stats_url": _army_stats_url(season),
        },
    )


def _army_stats_url(season: Season) -> str:
    """The army statistics of this season's games, for a system whose seats lead armies."""
    site = registered_site(season.league.system)
    if site is None or not site.side_option:
        return ""
    return f"{reverse('stats:armies', args=[season.league.system])}?season={season.pk}"


def _army_context(request, season: Season, mine) -> dict:
    """The sign-up's list chooser and the player's own list, for seasons with army lists."""
    league = season.league
    if not services.league_uses_lists(league) or not request.user.is_authenticated:
        return {}
    from games.armies.choice import army_choice
    from games.league.services.armies import army_label

    locked = league.army_lists == League.ArmyLists.REGISTRATION and mine and mine.army
    return {
        "uses_lists": True,
        # The lists it leaves out are named with why, as a campaign's declaration names them:
        # a player whose lists were drafts read « No list of yours fits » and no more.
        "army_choice": army_choice(
            user=request.user,
            system=league.system,
            points_limit=league.army_points_limit,
            over_limit=_("%(name)s (%(total)d points, over this league's %(limit)d)"),
        ),
        "my_army": army_label(league, mine.army) if mine else "",
        "army_may_change": bool(mine) and not locked and season.status != Season.Status.CLOSED,
    }


@require_POST
@login_required
def season_signup(request, season_id: int):
    season = get_object_or_404(Season.objects.select_related("league"), pk=season_id)
    require_visible(season.league, request)
    action = request.POST.get("action", "join")

    def act() -> None:
        if action == "join":
            services.registration_create(
                season=season,
                user=request.user,
                army_list=request.POST.get("army_list"),
                club=request.POST.get("club", ""),
            )
        elif action == "army":
            reg = Registration.objects.filter(season=season, user=request.user).first()
            if reg is None:
                raise Refused(_("You are not registered for this season."))
            services.registration_set_army(
                registration=reg, user=request.user, army_list=request.POST.get("army_list")
            )
        elif action in ("leave", "rejoin"):
            reg = Registration.objects.filter(season=season, user=request.user).first()
            if reg is None:
                raise Refused(_("You are not registered for this season."))
            if action == "leave":
                services.registration_withdraw(registration=reg, user=request.user)
            else:
                services.registration_rejoin(registration=reg, user=request.user)
        else:
            raise Refused(_("Unknown action."))

    if not attempt(request, act).ok:
        return refused_again(season_detail(request, season.pk))
    return redirect("league:season", season_id=season.pk)


def division_detail(request, division_id: int):
    division = get_object_or_404(Division.objects.select_related("season__league"), pk=division_id)
    require_visible(division.season.league, request)
    # An organiser gives and withdraws bonus or penalty points here while the season runs.
    points_tools = division.season.status == Season.Status.RUNNING and selectors.is_organiser(
        league=division.season.league, user=request.user
    )
    context = {
        "division": division,
        "season": division.season,
        "league": division.season.league,
        "table": selectors.division_table_view(division=division),
        "rounds": division.round_set.all(),
        "points_tools": points_tools,
        # The live part (htmx) has no form: no token to make for it.
        "points_token": new_form_token() if points_tools and not request.htmx else "",
        "points_limit": POINTS_LIMIT,
    }
    # htmx asks for the live part (the table and the rounds): the page refetching it after a
    # nudge of its season.
    template = "league/division.html#live" if request.htmx else "league/division.html"
    return render(request, template, context)


def division_csv(request, division_id: int):
    division = get_object_or_404(Division.objects.select_related("season__league"), pk=division_id)
    require_visible(division.season.league, request)
    response = HttpResponse(content_type="text/csv; charset=utf-8")
    response["Content-Disposition"] = f'attachment; filename="division-{division.pk}.csv"'
    writer = csv.writer(response)
    tiebreakers = selectors.division_tiebreakers(division)
    # "points" are the games' points; "adjustment" the organisers' bonus and penalty points
    # (their reasons are in the season log and the JSON export); "total" orders the table.
    writer.writerow(
        ["position", "player", "status", *TABLE_COUNTERS, "adjustment", "total", *tiebreakers]
    )
    for line in selectors.division_table_view(division=division):
        row, entry = line["row"], line["entry"]
        writer.writerow(
            [
                entry.position,
                line["reg"].user.username,
                line["reg"].status,
                *[getattr(row, f) for f in TABLE_COUNTERS],
                row.adjustment,
                row.total,
                *[entry.tiebreaks[t] for t in tiebreakers],
            ]
        )
    return response


def round_detail(request, round_id: int):
    rnd = get_object_or_404(Round.objects.select_related("division__season__league"), pk=round_id)
    league = rnd.division.season.league
    require_visible(league, request)
    notifications_page_seen(user=request.user, path=request.path)
    return render(
        request,
        "league/round.html",
        {
            "round": rnd,
            "division": rnd.division,
            "season": rnd.division.season,
            "league": league,
            "pairings": selectors.round_pairings(rnd=rnd) if rnd.published_at else [],
        },
    )


def season_ics(request, season_id: int):
    season = get_object_or_404(Season.objects.select_related("league"), pk=season_id)
    require_visible(season.league, request)
    body = ics.deadlines_calendar(
        season=season,
        rounds=selectors.season_deadlines(season=season),
        base_url=request.build_absolute_uri("/").rstrip("/"),
        now=timezone.now(),
    )
    response = HttpResponse(body, content_type="text/calendar; charset=utf-8")
    response["Content-Disposition"] = f'attachment; filename="season-{season.pk}.ics"'
    return response


def season_json(request, season_id: int):
    """Every game and table of the season, as JSON (exports.py)."""
    season = get_object_or_404(Season.objects.select_related("league"), pk=season_id)
    require_visible(season.league, request)
    response = JsonResponse(exports.season_export(season=season), json_dumps_params={"indent": 1})
    response["Content-Disposition"] = f'attachment; filename="season-{season.pk}.json"'
    return response


def division_trf(request, division_id: int):
    """A Swiss division as FIDE's TRF16 (404 for other formats)."""
    division = get_object_or_404(Division.objects.select_related("season__league"), pk=division_id)
    require_visible(division.season.league, request)
    text = exports.division_trf(division=division)
    if text is None:
        raise Http404
    response = HttpResponse(text, content_type="text/plain; charset=utf-8")
    response["Content-Disposition"] = f'attachment; filename="division-{division.pk}.trf"'
    return response


def player(request, username: str):
    """The league's old page of a player: their one page is the profile, whose league section
    shows the same ratings, badges and seasons (league.presenters.league_profile_section)."""
    return redirect("accounts:profile", username=username, permanent=True)
