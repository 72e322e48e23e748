"""« Modifier la ligue »: an organiser changes the league's settings after creating it.

Which setting may change when follows from when the code reads it:
- presentation and house rules (name, rules, forfeit rule, late joiners, entry fee) are read as they are
  at each use: they may change at any time;
- public or by invitation may change at any time, and the league's matches follow it in the
  same transaction: a match copies it when it is created (`Match.is_public`, what every match
  page checks), so a league turned private would otherwise leave its earlier matches open to
  anyone;
- the clock policies (vacation, weekend pause) are copied into each match when it is created
  (rounds._create_match): they may change at any time and apply to matches created from then on;
- what decides divisions, pairings and results (format, Swiss rounds, division size, mirrored
  duels, withdrawal policy, army lists, points per result, tie-breakers) is read at sign-up, at the season's
  start or game by game: locked while a season is in sign-up or running, free between seasons
  (a finished season keeps the points it was played with: its divisions keep them,
  `Division.points_*`, since its table's tie-breakers are computed whenever it is read).
The game (and its options, pod size, promotion counts) is not in the editor.

Each save that changes something writes one public line in the season log (the running or
sign-up season, else the latest one: between seasons, the draft the last close prepared, to
which the change applies), with the reason, required while a season is playing.
A league without any season has no log and no players yet to tell: nothing is written."""

from __future__ import annotations

from decimal import Decimal

from django.db import transaction
from django.utils.translation import gettext as _

from games.league.models import League, Season
from games.league.services.common import _log, _need_reason, _require_organiser
from games.matches.models import Match
from games.refusals import Refused

EDITABLE_ANY_TIME = (
    "name",
    "rules_text",
    "forfeit_rule_text",
    "is_public",
    "late_joiners",
    "vacation_policy",
    "weekend_pause_allowed",
    "entry_fee",
)
LOCKED_WHILE_PLAYING = (
    "default_format",
    "default_swiss_rounds",
    "division_size",
    "mirrored_duels",
    "withdrawal_policy",
    "army_lists",
    "army_points_limit",
    "points_win",
    "points_draw",
    "points_loss",
    "tiebreakers",
)
LEAGUE_EDITABLE = EDITABLE_ANY_TIME + LOCKED_WHILE_PLAYING


def league_playing_season(league: League) -> Season | None:
    """The season in sign-up or running, which locks the settings that decide results."""
    return (
        league.seasons.filter(status__in=[Season.Status.SIGNUP, Season.Status.RUNNING])
        .order_by("-number")
        .first()
    )


def league_locked_settings(league: League) -> tuple[str, ...]:
    return LOCKED_WHILE_PLAYING if league_playing_season(league) is not None else ()


def _plain(value):
    """A value the log's JSON keeps as it is (points are decimals)."""
    return str(value) if isinstance(value, Decimal) else value


def _matches_follow_visibility(league: League) -> None:
    seasons = [f"league:{pk}" for pk in league.seasons.values_list("pk", flat=True)]
    Match.objects.filter(competition__in=seasons).update(is_public=league.is_public)


def league_update(*, league: League, actor, settings: dict, reason: str = "") -> list[str]:
    """Saves the settings that differ from the league's and logs them; returns their names
    (none: nothing saved, nothing logged). A locked setting changed while a season plays
    refuses the whole save."""
    _require_organiser(league, actor)
    unknown = set(settings) - set(LEAGUE_EDITABLE)
    if unknown:
        raise Refused(_("These settings cannot be changed here."))
    with transaction.atomic():
        league = League.objects.select_for_update().get(pk=league.pk)
        changes = [
            (name, getattr(league, name), value)
            for name, value in settings.items()
            if getattr(league, name) != value
        ]
        if not changes:
            return []
        playing = league_playing_season(league)
        if playing is not None:
            if any(name in LOCKED_WHILE_PLAYING for name, _old, _new in changes):
                raise Refused(
                    _(
                        "A season is in sign-up or under way: the settings that decide "
                        "pairings and results stay as they are until it ends. Nothing was saved."
                    )
                )
            reason = _need_reason(reason)
        for name, _old, new in changes:
            setattr(league, name, new)
        league.save(update_fields=[name for name, _old, _new in changes])
        if any(name == "is_public" for name, _old, _new in changes):
            _matches_follow_visibility(league)
        season = playing or league.seasons.order_by("-number").first()
        if season is not None:
            _log(
                season,
                actor,
                "league_settings",
                (reason or "").strip(),
                settings=[[name, _plain(old), _plain(new)] for name, old, new in changes],
            )
    return [name for name, _old, _new in changes]
