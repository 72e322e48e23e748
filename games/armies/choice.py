"""A form's choice of the user's army lists, with the lists it leaves out each named with why:
a player whose only list was a draft saw the default army alone (a campaign's declaration) or
« No list of yours fits » (a league's sign-up) and could not tell why. Shared by every form
that offers lists within a competition's points limit."""

from __future__ import annotations

from dataclasses import dataclass

from django.utils.translation import gettext as _

from games.armies.models import ArmyList
from games.armies.selectors import lists_by_use


@dataclass(frozen=True)
class ArmyChoice:
    usable: list[ArmyList]  # the lists the form offers
    left_out: list[str]  # the others, each named with why: the form says so beside the choice


def army_choice(*, user, system: str, points_limit: int | None, over_limit: str) -> ArmyChoice:
    """The user's lists of `system` for a form within `points_limit` (None: no limit).
    `over_limit` names a valid list over the limit in the competition's words, from `name`,
    `total` and `limit` (« %(name)s (%(total)d points, over this campaign's %(limit)d) »)."""
    usable, left_out = lists_by_use(user=user, system=system, points_limit=points_limit)
    return ArmyChoice(usable, [_left_out(army, points_limit, over_limit) for army in left_out])


def _left_out(army: ArmyList, limit: int | None, over_limit: str) -> str:
    if army.valid and army.total is not None and limit:
        return over_limit % {"name": army.name, "total": army.total, "limit": limit}
    return _("%(name)s (a draft: open it to see what to change)") % {"name": army.name}
