"""Bonus and penalty points (models_adjustments): given and withdrawn by an organiser while the
season runs, each with a reason that the season log shows and the player is told."""

from __future__ import annotations

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from games.league.models import Division, PointsAdjustment, Registration, Season
from games.league.models_adjustments import POINTS_LIMIT
from games.league.notices import tell_season_players
from games.league.services.common import _log, _need_reason, _require_organiser
from games.league.standings import signed
from games.refusals import Refused


def _running_season(season: Season) -> Season:
    """The season locked until the transaction ends (one adjustment at a time, so a double
    submit finds the first), when it runs; otherwise why points cannot change now."""
    season = Season.objects.select_for_update().get(pk=season.pk)
    if season.status == Season.Status.CLOSED:
        raise Refused(
            _(
                "The season is finished: its final table, promotions and relegations are done, "
                "so its points no longer change."
            )
        )
    if season.status != Season.Status.RUNNING:
        raise Refused(_("The season has not started: points change only while it is running."))
    return season


def _announce(action: str, season: Season, actor, reason: str, adjustment, tier) -> None:
    """A public line in the season log, and the player told (`action`: given or withdrawn)."""
    player = adjustment.registration.user
    _log(
        season,
        actor,
        action,
        reason,
        player=player,
        points=adjustment.points,
        division=tier,
        adjustment=adjustment.pk,
    )
    tell_season_players(
        season,
        [player],
        action,
        by=actor.get_username(),
        points=signed(adjustment.points),
        reason=reason,
        apart=str(adjustment.pk),  # each adjustment's reason in an inbox entry of its own
    )


def points_adjust(
    *, division: Division, registration: Registration, actor, points, reason: str, token: str
) -> PointsAdjustment:
    """Gives `points` (a whole number, negative for a penalty) to a player of `division`.
    `token` is the form's one-time key: the same form sent twice gives the points once."""
    season = division.season
    _require_organiser(season.league, actor)
    reason = _need_reason(reason)
    if (
        isinstance(points, bool)
        or not isinstance(points, int)
        or points == 0
        or abs(points) > POINTS_LIMIT
    ):
        raise Refused(
            _("Points must be a whole number from %(low)d to %(high)d, other than 0.")
            % {"low": -POINTS_LIMIT, "high": POINTS_LIMIT}
        )
    token = (token or "").strip()
    if not token or len(token) > 64:
        raise Refused(_("This form has expired: reload the page."))
    with transaction.atomic():
        season = _running_season(season)
        done = PointsAdjustment.objects.filter(token=token).first()
        if done is not None:
            if done.registration_id != registration.pk or done.points != points:
                raise Refused(_("This form was already sent: reload the page."))
            return done  # the same form again: the points were given once
        if registration.season_id != season.pk or registration.division_id != division.pk:
            raise Refused(
                _("%(player)s does not play in %(division)s.")
                % {"player": registration.user.username, "division": division}
            )
        adjustment = PointsAdjustment.objects.create(
            registration=registration, points=points, reason=reason, by=actor, token=token
        )
        _announce("points_adjust", season, actor, reason, adjustment, division.tier)
    return adjustment


def points_adjustment_withdraw(
    *, adjustment: PointsAdjustment, actor, reason: str
) -> PointsAdjustment:
    """Takes an adjustment back (its points leave the table); the log keeps both lines."""
    registration = adjustment.registration
    season = registration.season
    _require_organiser(season.league, actor)
    reason = _need_reason(reason)
    with transaction.atomic():
        season = _running_season(season)
        adjustment = PointsAdjustment.objects.select_for_update().get(pk=adjustment.pk)
        if adjustment.withdrawn_at is not None:
            raise Refused(_("This adjustment was already withdrawn."))
        adjustment.withdrawn_at = timezone.now()
        adjustment.withdrawn_by = actor
        adjustment.withdraw_reason = reason
        adjustment.save(update_fields=["withdrawn_at", "withdrawn_by", "withdraw_reason"])
        tier = registration.division.tier if registration.division else None
        _announce("points_withdraw", season, actor, reason, adjustment, tier)
    return adjustment
