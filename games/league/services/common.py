"""What every league service shares. Keyword-only, one transaction each; organiser tools
check the actor and write a line with the reason in the season log, which players can read."""

from __future__ import annotations

from django.utils.translation import gettext as _

from games.accounts.names import by_reference
from games.league.models import Division, League, Season, SeasonLog
from games.notifications.pages import notify_page_changed
from games.refusals import Forbidden, Refused


def _require_organiser(league: League, user) -> None:
    if (
        user is None
        or not user.is_authenticated
        or not league.organisers.filter(pk=user.pk).exists()
    ):
        raise Forbidden(_("Only the league's organisers may do this."))


def _locked_season(season: Season, status: str, refusal: str) -> Season:
    """The season, locked until the transaction ends, when it is in `status`; else `refusal`."""
    season = Season.objects.select_for_update().get(pk=season.pk)
    if season.status != status:
        raise Refused(refusal)
    return season


def _log(season: Season, actor, action: str, reason: str = "", **data) -> None:
    """A line of the season's public log. Players are passed as users: the line keeps them by
    reference and the page shows their current names (games/accounts/names.py), a deleted
    player's « joueur supprimé <n> » included."""
    SeasonLog.objects.create(
        season=season, actor=actor, action=action, reason=reason, data=by_reference(data)
    )
    season_changed(season.pk)


def season_changed(season_id: int) -> None:
    """Open pages of the season (its tables, pairings, bracket, log) refetch after the commit."""
    notify_page_changed(kind="league-season", ident=season_id)


def _need_reason(reason: str) -> str:
    reason = (reason or "").strip()
    if not reason:
        raise Refused(_("Please give a reason: players will read it in the season log."))
    return reason


def _ranked(division: Division) -> list:
    """The division's ordered table from the stored counters (see selectors)."""
    from games.league.selectors import division_table

    return division_table(division=division)
