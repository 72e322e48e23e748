"""Writes about army lists: save, import, duplicate, delete, and bringing a list into a match.
Every save prices the list with the engine (`price_army`, the function the system's command
line uses) and caches its total and validity; an invalid list is kept as a draft but no match
accepts it. Refusals carry a sentence for the player and change nothing."""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any

from django.db import IntegrityError, transaction
from django.urls import reverse
from django.utils.translation import gettext as _

from games.armies.models import NAME_MAX, ArmyList
from games.armies.selectors import army_list_of
from games.engine import registry
from games.refusals import Refused

MAX_BYTES = 64_000  # an imported or posted list
MAX_UNITS = 40


class ArmyRefused(Refused):
    """A refused action on an army list."""


def _engine(system: str) -> Any:
    try:
        engine = registry.get_system(system)
    except KeyError:
        raise ArmyRefused(_("This game has no army lists.")) from None
    if not getattr(engine, "has_army_lists", False):
        raise ArmyRefused(_("This game has no army lists."))
    return engine


def _clean_name(name: Any) -> str:
    name = " ".join(str(name or "").split())
    if not name:
        raise ArmyRefused(_("Give the list a name."))
    if len(name) > NAME_MAX:
        raise ArmyRefused(_("A list name has at most %(n)d characters.") % {"n": NAME_MAX})
    return name


def _normalised(system: str, name: str, data: Any) -> dict[str, Any]:
    """The list as stored: an object of the system's schema, small enough, that the engine can
    price (a forged list is refused, never stored)."""
    if not isinstance(data, Mapping):
        raise ArmyRefused(_("An army list is a JSON object."))
    if data.get("system", system) != system:
        raise ArmyRefused(_("This list belongs to another game."))
    units = data.get("units")
    if not isinstance(units, list) or len(units) > MAX_UNITS:
        raise ArmyRefused(_("An army list has between 1 and %(n)d units.") % {"n": MAX_UNITS})
    out = {**data, "schema": 1, "system": system, "name": name}
    if len(json.dumps(out)) > MAX_BYTES:
        raise ArmyRefused(_("This list is too large."))
    try:
        _engine(system).price_army(out)
    except (TypeError, ValueError, KeyError, AttributeError):
        raise ArmyRefused(_("This list cannot be read.")) from None
    return out


def _store(army: ArmyList, engine: Any) -> ArmyList:
    price = engine.price_army(army.data)
    army.total = price.total
    army.figures = dict(price.figures)
    army.valid = price.total is not None and not engine.validate_army(army.data)
    try:
        with transaction.atomic():
            army.save()
    except IntegrityError:
        raise ArmyRefused(
            _("You already have a list named “%(name)s”.") % {"name": army.name}
        ) from None
    return army


def army_list_save(*, owner, system: str, name: str, data: Any, list_id=None) -> ArmyList:
    """Creates a list, or replaces the owner's list `list_id`. Invalid lists are saved as
    drafts (`valid` False)."""
    engine = _engine(system)
    name = _clean_name(name)
    data = _normalised(system, name, data)
    if list_id in (None, ""):
        return _store(ArmyList(owner=owner, system=system, name=name, data=data), engine)
    with transaction.atomic():
        army = army_list_of(user=owner, list_id=list_id)
        if army is None or army.system != system:
            raise ArmyRefused(_("There is no such list of yours."))
        army = ArmyList.objects.select_for_update().get(pk=army.pk)
        army.name, army.data = name, data
        return _store(army, engine)


def _free_name(owner, system: str, wanted: str) -> str:
    taken = set(ArmyList.objects.filter(owner=owner, system=system).values_list("name", flat=True))
    if wanted not in taken:
        return wanted
    n = 2
    while True:
        suffix = f" ({n})"
        candidate = wanted[: NAME_MAX - len(suffix)] + suffix
        if candidate not in taken:
            return candidate
        n += 1


def army_list_import(*, owner, text: str) -> ArmyList:
    """A list from its exported JSON (the system's list format), saved as a new list of the owner."""
    if len(text.encode()) > MAX_BYTES:
        raise ArmyRefused(_("This list is too large."))
    try:
        data = json.loads(text)
    except ValueError:
        raise ArmyRefused(_("This is not valid JSON.")) from None
    if not isinstance(data, dict) or not isinstance(data.get("system"), str):
        raise ArmyRefused(_('An exported list names its game ("system").'))
    system = data["system"]
    _engine(system)
    name = _clean_name(data.get("name") or _("Imported list"))
    return army_list_save(
        owner=owner, system=system, name=_free_name(owner, system, name), data=data
    )


def army_list_duplicate(*, owner, list_id) -> ArmyList:
    army = army_list_of(user=owner, list_id=list_id)
    if army is None:
        raise ArmyRefused(_("There is no such list of yours."))
    name = _free_name(owner, army.system, _("%(name)s (copy)") % {"name": army.name})
    return army_list_save(owner=owner, system=army.system, name=name, data=army.data)


def army_list_delete(*, owner, list_id) -> None:
    army = army_list_of(user=owner, list_id=list_id)
    if army is None:
        raise ArmyRefused(_("There is no such list of yours."))
    army.delete()


def army_list_export(*, owner, list_id) -> dict[str, Any]:
    army = army_list_of(user=owner, list_id=list_id)
    if army is None:
        raise ArmyRefused(_("There is no such list of yours."))
    return dict(army.data)


# --- lists in matches -------------------------------------------------------------------------


def army_for_match(*, owner, system: str, list_id, points_limit: int | None) -> dict | None:
    """A copy of the owner's list for a match within `points_limit` (the copy belongs to the
    match from then on). "" or None: the system's default army (None)."""
    if list_id in (None, ""):
        return None
    engine = _engine(system)
    army = army_list_of(user=owner, list_id=list_id)
    if army is None or army.system != system:
        raise ArmyRefused(_("There is no such list of yours."))
    problems = engine.validate_army(army.data, points_limit)
    if army.total is None or problems:
        if any(p.code == "over_points_limit" for p in problems):
            raise ArmyRefused(
                _("“%(name)s” costs %(total)s points, over this match's limit of %(limit)s.")
                % {"name": army.name, "total": army.total, "limit": points_limit}
            )
        raise ArmyRefused(
            _("“%(name)s” is not a valid list yet: open it in the army builder.")
            % {"name": army.name}
        )
    return json.loads(json.dumps(army.data))


def seat_choice_page(match, invite_token: str = "") -> str | None:
    """The page where a player taking a seat in `match` picks a list (matches' hook), for
    systems with army lists."""
    try:
        engine = registry.get_system(match.system)
    except KeyError:
        return None
    if not getattr(engine, "has_army_lists", False):
        return None
    url = reverse("armies:join", args=[match.pk])
    return f"{url}?token={invite_token}" if invite_token else url


def army_match_join(*, match_id, user, list_id, invite_token: str | None = None):
    """Takes a free seat of the match with the user's list (copied into the match's config)."""
    from games.matches.models import Match
    from games.matches.services import match_join

    match = Match.objects.filter(pk=match_id).first()
    if match is None:
        raise ArmyRefused(_("This match does not exist."))
    engine = _engine(match.system)
    army = army_for_match(
        owner=user,
        system=match.system,
        list_id=list_id,
        points_limit=engine.points_limit(match.config),
    )

    def bring_army(locked, seat) -> None:
        seats = locked.seats.count()
        lists = list(locked.config.get("armies") or [None] * seats)
        lists[seat.index] = army
        try:
            locked.config = engine.validate_config(
                engine.config_with_armies(locked.config, lists), seats
            )
        except ValueError as error:
            raise Refused(_(str(error))) from None

    try:
        return match_join(
            match_id=match_id, user=user, invite_token=invite_token, before_start=bring_army
        )
    except Refused as error:
        raise ArmyRefused(error.message) from None
