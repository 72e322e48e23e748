"""League organiser pages: the league's settings editor, the season's management page and its
actions (start, publish, substitute, adjust a result…), bonus and penalty points on a division's
page. Thin like the player pages: parse, one service, redirect; a refused action shows the page
it came from again with the reason."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth import get_user_model
from django.core.exceptions import PermissionDenied
from django.http import Http404
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from games.form_input import database_id
from games.league import selectors, services
from games.league.forms import (
    AdjustForm,
    DeadlineForm,
    DisqualifyForm,
    LeagueEditForm,
    PlayoffForm,
    PointsAdjustmentForm,
    SubstituteForm,
    setting_value_in_words,
)
from games.league.models import (
    Division,
    League,
    PairingGame,
    PointsAdjustment,
    Registration,
    Round,
    Season,
)
from games.league.views import division_detail, require_visible
from games.refusals import Refused, attempt, refused_again


def _in_season(queryset, pk: int):
    """The season's object with this id, or a refusal (a junk or foreign id changes nothing)."""
    found = queryset.filter(pk=pk).first() if 0 < pk < 2**63 else None
    if found is None:
        raise Refused(_("No such item in this season: reload the page."))
    return found


def _organiser_season(request, season_id: int) -> Season:
    season = get_object_or_404(Season.objects.select_related("league"), pk=season_id)
    require_visible(season.league, request)  # a league by invitation says nothing to strangers
    if not selectors.is_organiser(league=season.league, user=request.user):
        raise PermissionDenied
    return season


def league_edit(request, league_id: int):
    """« Modifier la ligue »: the settings, prefilled; those a playing season locks read-only."""
    league = get_object_or_404(League, pk=league_id)
    require_visible(league, request)
    if not selectors.is_organiser(league=league, user=request.user):
        raise PermissionDenied
    locked = services.league_locked_settings(league)
    initial = {name: getattr(league, name) for name in services.LEAGUE_EDITABLE}
    form = LeagueEditForm(request.POST or None, initial=initial, locked=locked)
    if request.method == "POST" and form.is_valid():
        settings = dict(form.cleaned_data)
        reason = settings.pop("reason")
        done = attempt(
            request,
            lambda: services.league_update(
                league=league, actor=request.user, settings=settings, reason=reason
            ),
            message=False,
        )
        if done.ok:
            if done.result:
                messages.success(request, _("The league's settings are saved."))
            else:
                messages.info(request, _("Nothing changed."))
            return redirect("league:league", league_id=league.pk)
        form.add_error(None, done.error)
    return render(
        request,
        "league/league_edit.html",
        {
            "league": league,
            "form": form,
            "playing": bool(locked),  # only a playing season locks settings
            "locked_rows": [
                (form.fields[name].label, setting_value_in_words(name, getattr(league, name)))
                for name in locked
            ],
        },
        status=400 if form.errors else 200,
    )


def manage(request, season_id: int):
    season = _organiser_season(request, season_id)
    games = (
        PairingGame.objects.filter(
            pairing__round__division__season=season, pairing__round__closed_at__isnull=True
        )
        .select_related("pairing__round__division")
        .order_by(
            "pairing__round__division__tier", "pairing__round__number", "pairing__board", "index"
        )
    )
    return render(
        request,
        "league/manage.html",
        {
            "season": season,
            "league": season.league,
            "registrations": season.registrations.select_related("user", "division"),
            "rounds": Round.objects.filter(division__season=season).select_related("division"),
            "games": games,
            "regs_by_id": {r.pk: r for r in season.registrations.select_related("user")},
            "substitute_form": SubstituteForm(),
            "disqualify_form": DisqualifyForm(),
            "deadline_form": DeadlineForm(),
            "adjust_form": AdjustForm(),
            "playoff_form": PlayoffForm(),
            "playoffs_started": season.playoffs.exists(),
            # What closing now leaves behind, said beside the button (closing asked only for a
            # confirmation, with games still being played and rounds still to come).
            "unfinished_games": games.filter(result__isnull=True).count(),
            "rounds_to_come": Round.objects.filter(
                division__season=season, published_at__isnull=True
            ).count(),
            # The entry fees' list, while players sign up and play (League.entry_fee).
            "fees_open": bool(season.league.entry_fee)
            and season.status in (Season.Status.SIGNUP, Season.Status.RUNNING),
            "pending": season.registrations.filter(
                status=Registration.Status.PENDING
            ).select_related("user"),
        },
    )


@require_POST
def manage_action(request, season_id: int, action: str):
    season = _organiser_season(request, season_id)
    user = request.user

    def act() -> None:
        if action == "start":
            services.season_start(season=season, actor=user)
        elif action == "close":
            services.season_close(season=season, actor=user)
        elif action == "publish":
            rnd = Round.objects.filter(
                pk=database_id(request.POST.get("round")), division__season=season
            ).first()
            if rnd is None:
                raise Refused(_("No such round in this season."))
            services.round_publish(round=rnd, actor=user)
        elif action in ("late_accept", "late_refuse"):
            reg = _in_season(
                Registration.objects.filter(season=season),
                database_id(request.POST.get("registration")) or 0,
            )
            services.registration_answer_late(
                registration=reg,
                actor=user,
                accept=action == "late_accept",
                reason=request.POST.get("reason", ""),
            )
        elif action in ("fee_paid", "fee_unpaid"):
            reg = _in_season(
                Registration.objects.filter(season=season),
                database_id(request.POST.get("registration")) or 0,
            )
            services.registration_fee_paid(registration=reg, actor=user, paid=action == "fee_paid")
        elif action == "playoffs":
            form = PlayoffForm(request.POST)
            if not form.is_valid():
                raise Refused(_("Please check the form."))
            services.playoff_start(season=season, actor=user, **form.cleaned_data)
        elif action in ("substitute", "disqualify", "deadline", "adjust"):
            form_class = {
                "substitute": SubstituteForm,
                "disqualify": DisqualifyForm,
                "deadline": DeadlineForm,
                "adjust": AdjustForm,
            }[action]
            form = form_class(request.POST)
            if not form.is_valid():
                raise Refused(_("Please check the form: every action needs a reason."))
            data = form.cleaned_data
            if action == "substitute":
                reg = _in_season(Registration.objects.filter(season=season), data["registration"])
                new_user = get_user_model().objects.filter(username=data["new_username"]).first()
                if new_user is None:
                    raise Refused(_("No such user."))
                services.registration_substitute(
                    registration=reg, new_user=new_user, actor=user, reason=data["reason"]
                )
            elif action == "disqualify":
                reg = _in_season(Registration.objects.filter(season=season), data["registration"])
                services.registration_disqualify(
                    registration=reg, actor=user, reason=data["reason"]
                )
            elif action == "deadline":
                rnd = _in_season(Round.objects.filter(division__season=season), data["round"])
                services.round_set_deadline(
                    round=rnd, actor=user, deadline=data["deadline"], reason=data["reason"]
                )
            else:
                game = _in_season(
                    PairingGame.objects.filter(pairing__round__division__season=season),
                    data["game"],
                )
                winner = data.get("winner")
                if winner is not None and winner not in game.seat_order:
                    raise Refused(_("The winner must be one of this game's players."))
                if winner is None:
                    ranks, forfeited = [0] * len(game.seat_order), []
                else:
                    ranks = [0 if reg == winner else 1 for reg in game.seat_order]
                    forfeited = (
                        [r for r in game.seat_order if r != winner] if data.get("forfeit") else []
                    )
                services.game_set_result(
                    game=game, actor=user, ranks=ranks, forfeited=forfeited, reason=data["reason"]
                )
        else:
            raise Http404

    if not attempt(request, act, success=_("Done.")).ok:
        return refused_again(manage(request, season.pk))
    return redirect("league:manage", season_id=season.pk)


def _organiser_division(request, division_id: int) -> Division:
    division = get_object_or_404(Division.objects.select_related("season__league"), pk=division_id)
    _organiser_season(request, division.season_id)  # 404 to strangers, 403 to players
    return division


@require_POST
def division_points(request, division_id: int):
    """Bonus or penalty points for a player of the division (services/adjustments.py)."""
    division = _organiser_division(request, division_id)

    def act() -> None:
        form = PointsAdjustmentForm(request.POST)
        if not form.is_valid():
            raise Refused(
                _("Please check the form: whole points from −100 to +100 (not 0) and a reason.")
            )
        data = form.cleaned_data
        registration = _in_season(
            Registration.objects.filter(season=division.season).select_related("user"),
            data["registration"],
        )
        services.points_adjust(
            division=division,
            registration=registration,
            actor=request.user,
            points=data["points"],
            reason=data["reason"],
            token=data["token"],
        )

    if not attempt(request, act, success=_("Done.")).ok:
        return refused_again(division_detail(request, division.pk))
    return redirect("league:division", division_id=division.pk)


@require_POST
def division_points_withdraw(request, division_id: int, adjustment_id: int):
    """An adjustment of the division taken back, with a reason."""
    division = _organiser_division(request, division_id)

    def act() -> None:
        adjustment = _in_season(
            PointsAdjustment.objects.filter(registration__division=division).select_related(
                "registration__user", "registration__division"
            ),
            adjustment_id,
        )
        services.points_adjustment_withdraw(
            adjustment=adjustment, actor=request.user, reason=request.POST.get("reason", "")
        )

    if not attempt(request, act, success=_("Done.")).ok:
        return refused_again(division_detail(request, division.pk))
    return redirect("league:division", division_id=division.pk)
