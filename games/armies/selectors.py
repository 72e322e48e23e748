"""Reads about army lists. A list is only ever read for its owner: ids from the browser are
never trusted (a list of someone else's is simply not found)."""

from __future__ import annotations

from django.db.models import QuerySet

from games.armies.models import ArmyList
from games.engine import registry


def army_lists_for_user(*, user, system: str | None = None) -> QuerySet[ArmyList]:
    if user is None or not user.is_authenticated:
        return ArmyList.objects.none()
    lists = ArmyList.objects.filter(owner=user)
    return lists.filter(system=system) if system else lists


def army_lists_of_system(*, user, system: str) -> list[ArmyList]:
    """The user's lists of `system` for a form to offer. Every system's lists are read in one
    query, kept on the user object of the request: the lobby builds one form per system."""
    if user is None or not user.is_authenticated:
        return []
    by_system = getattr(user, "_army_lists_by_system", None)
    if by_system is None:
        by_system = {}
        for army in ArmyList.objects.filter(owner=user):
            by_system.setdefault(army.system, []).append(army)
        user._army_lists_by_system = by_system
    return list(by_system.get(system, []))


def army_list_of(*, user, list_id) -> ArmyList | None:
    """The user's own list with this id, or None (someone else's, unknown, or not a number)."""
    try:
        pk = int(list_id)
    except (TypeError, ValueError):
        return None
    return army_lists_for_user(user=user).filter(pk=pk).first()


def usable_lists(*, user, system: str, points_limit: int | None) -> list[ArmyList]:
    """The user's lists of `system` that a match within `points_limit` accepts."""
    return lists_by_use(user=user, system=system, points_limit=points_limit)[0]


def lists_by_use(
    *, user, system: str, points_limit: int | None
) -> tuple[list[ArmyList], list[ArmyList]]:
    """The user's lists of `system`, split: those a match within `points_limit` accepts, and
    the others (drafts, or over that limit), which a form leaves out and may name."""
    engine = registry.get_system(system)
    usable: list[ArmyList] = []
    left_out: list[ArmyList] = []
    for army in army_lists_for_user(user=user, system=system):
        accepted = army.total is not None and not engine.validate_army(army.data, points_limit)
        (usable if accepted else left_out).append(army)
    return usable, left_out
