"""Army lists in seasons, for systems with lists (games/armies): a season may require one per
player within a points limit, locked at sign-up or changeable between rounds. The list is
copied into the registration when chosen and into each match when its round is published;
opponents see it in the match once it starts (when the system's lists are public)."""

from __future__ import annotations

from django.db import transaction
from django.utils.translation import gettext as _

from games.engine import registry
from games.league.models import League, Registration, Season
from games.league.services.common import _log
from games.refusals import Forbidden, Refused


def league_uses_lists(league: League) -> bool:
    engine = registry.get_system(league.system)
    return getattr(engine, "has_army_lists", False) and league.army_lists != League.ArmyLists.NONE


def army_copy(league: League, user, list_id) -> dict:
    """A copy of the user's list for the season, within its points limit."""
    from games.armies.services import ArmyRefused, army_for_match

    if list_id in (None, ""):
        raise Refused(_("This season requires an army list: choose one of yours."))
    try:
        army = army_for_match(
            owner=user, system=league.system, list_id=list_id, points_limit=league.army_points_limit
        )
    except ArmyRefused as refusal:
        raise Refused(refusal.message) from None
    assert army is not None
    return army


def registration_set_army(*, registration: Registration, user, army_list) -> Registration:
    """A player's list for the season: once at sign-up when the season locks it, or between
    rounds (each round's matches take the list chosen when the round is published)."""
    if registration.user_id != user.pk:
        raise Forbidden(_("This is not your registration."))
    season = registration.season
    league = season.league
    if not league_uses_lists(league):
        raise Refused(_("This season has no army lists."))
    if season.status == Season.Status.CLOSED:
        raise Refused(_("The season is over."))
    if league.army_lists == League.ArmyLists.REGISTRATION and registration.army is not None:
        raise Refused(_("Your list was locked when you signed up."))
    army = army_copy(league, user, army_list)
    with transaction.atomic():
        registration.army = army
        registration.save(update_fields=["army"])
        if season.status == Season.Status.RUNNING:
            _log(season, user, "army_list", "", player=user, list=army.get("name", ""))
    return registration


def with_armies(league: League, config: dict, regs: list) -> dict:
    """A match config with each seat's list (the registrations in seat order)."""
    if not league_uses_lists(league):
        return config
    engine = registry.get_system(league.system)
    config = engine.config_with_armies(config, [r.army for r in regs])
    if league.army_points_limit:
        config["points_limit"] = int(league.army_points_limit)
    return config


def army_label(league: League, army: dict | None) -> str:
    if not army:
        return ""
    engine = registry.get_system(league.system)
    total = engine.price_army(army).total
    name = str(army.get("name") or _("army list"))
    return _("%(name)s (%(points)s points)") % {"name": name, "points": total}
