"""The skirmish army builder's rows (games/armies supplies the page, saving, import, export).

Every figure shown comes from the engine: the cost of each value in the selects is the cost
table's (games/engine/skirmish/armies.py), and per-model costs, subtotals, the total, Heroes and
every problem come from `price_army`. This module only reads the form and words the results.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from django.utils.text import slugify
from django.utils.translation import gettext as _
from django.utils.translation import ngettext, pgettext

from games.armies.builders import ArmyBuilder
from games.engine.protocol import ArmyPrice, ArmyProblem
from games.engine.skirmish import armies as rules

MAX_COUNT = 99


def _points(n: int) -> str:
    return ngettext("%(n)d pt", "%(n)d pts", n) % {"n": n}


@dataclass(frozen=True)
class Option:
    value: str
    label: str
    selected: bool


@dataclass(frozen=True)
class Row:
    index: int
    id: str
    name: str
    count: Any
    move: list[Option]
    melee: list[Option]
    melee_attacks: list[Option]
    shoot: list[Option]
    shoot_attacks: list[Option]
    armour: list[Option]
    powerful: bool
    vehicle: bool
    hero: bool
    cost_text: str


def _options(values: Sequence[tuple[str, str]], current: str) -> list[Option]:
    return [Option(v, label, v == current) for v, label in values]


def move_choices() -> list[tuple[str, str]]:
    out = [
        (str(inches), _("%(inches)d'' (%(cost)s)") % {"inches": inches, "cost": _points(cost)})
        for inches, cost in rules.MOVE_COST.items()
    ]
    flyer = _("Flyer, 18'' (%(cost)s)") % {"cost": _points(rules.FLY_COST)}
    return [*out, ("fly", flyer)]


def value_choices(table: Mapping[int, int]) -> list[tuple[str, str]]:
    return [(str(v), f"{v} ({_points(c)})") for v, c in sorted(table.items())]


def attack_choices(low: int) -> list[tuple[str, str]]:
    return [(str(n), f"×{n}") for n in range(low, rules.MAX_ATTACKS + 1)]


def _int(raw: Any) -> Any:
    """A posted number as an int; anything else stays as posted (the engine then says it has
    no cost), so a forged form is priced and refused like a typed list."""
    try:
        return int(str(raw).strip())
    except (TypeError, ValueError):
        return raw


class SkirmishArmyBuilder(ArmyBuilder):
    system = "skirmish"
    template = "skirmish_site/army_units.html"

    def blank(self) -> dict[str, Any]:
        return {"schema": 1, "system": "skirmish", "name": "", "units": [self._unit(1)]}

    def _unit(self, n: int) -> dict[str, Any]:
        return {
            "id": f"unit-{n}",
            "name": _("Troopers"),
            "count": 5,
            "move": 9,
            "fly": False,
            "melee": 2,
            "melee_attacks": 1,
            "shoot": 3,
            "shoot_attacks": 1,
            "armour": 2,
            "powerful": False,
            "vehicle": False,
            "hero": False,
        }

    def with_new_unit(self, army: Mapping[str, Any]) -> dict[str, Any]:
        units = list(army.get("units") or [])
        if len(units) >= self.max_units:
            return dict(army)
        return {**army, "units": [*units, self._unit(len(units) + 1)]}

    def from_post(self, post: Mapping[str, Any], name: str) -> dict[str, Any]:
        try:
            total = max(0, min(int(post.get("u-total", 0)), self.max_units))
        except (TypeError, ValueError):
            total = 0
        units, ids = [], set()
        for i in range(total):
            field = lambda key, i=i: post.get(f"u-{i}-{key}")  # noqa: E731
            unit_name = " ".join(str(field("name") or "").split())[:60] or _("Unit %(n)d") % {
                "n": i + 1
            }
            uid = slugify(unit_name) or "unit"
            while uid in ids:
                uid = f"{uid}-{i + 1}"
            ids.add(uid)
            move = field("move")
            fly = move == "fly"
            shoot = _int(field("shoot"))
            units.append(
                {
                    "id": uid,
                    "name": unit_name,
                    "count": _int(field("count")),
                    "move": 18 if fly else _int(move),
                    "fly": fly,
                    "melee": _int(field("melee")),
                    "melee_attacks": _int(field("melee_attacks") or 1),
                    "shoot": shoot,
                    "shoot_attacks": _int(field("shoot_attacks") or (1 if shoot != 0 else 0)),
                    "armour": _int(field("armour")),
                    "powerful": bool(field("powerful")),
                    "vehicle": bool(field("vehicle")),
                    "hero": bool(field("hero")),
                }
            )
        army: dict[str, Any] = {"schema": 1, "system": "skirmish", "name": name, "units": units}
        limit = _int(post.get("points_limit"))
        if isinstance(limit, int) and limit > 0:
            army["points_limit"] = limit
        return army

    def rows(self, army: Mapping[str, Any], price: ArmyPrice) -> list[Row]:
        rows = []
        priced = {u.id: u for u in price.units}
        for i, unit in enumerate(army.get("units") or []):
            u = priced.get(unit.get("id"))
            if u is None:
                cost_text = _("cost unknown: a value has no cost")
            else:
                cost_text = ngettext(
                    "%(per)s per model · %(count)d model: %(sub)s",
                    "%(per)s per model · %(count)d models: %(sub)s",
                    u.count,
                ) % {"per": _points(u.per_model), "count": u.count, "sub": _points(u.subtotal)}
            move = "fly" if unit.get("fly") else str(unit.get("move"))
            shoot = unit.get("shoot")
            rows.append(
                Row(
                    index=i,
                    id=str(unit.get("id", "")),
                    name=str(unit.get("name", "")),
                    count=unit.get("count", 1),
                    move=_options(move_choices(), move),
                    melee=_options(value_choices(rules.MELEE_COST), str(unit.get("melee"))),
                    melee_attacks=_options(attack_choices(1), str(unit.get("melee_attacks", 1))),
                    shoot=_options(value_choices(rules.SHOOT_COST), str(shoot)),
                    shoot_attacks=_options(
                        attack_choices(0),
                        str(unit.get("shoot_attacks", 1 if shoot != 0 else 0)),
                    ),
                    armour=_options(value_choices(rules.ARMOUR_COST), str(unit.get("armour"))),
                    powerful=bool(unit.get("powerful")),
                    vehicle=bool(unit.get("vehicle")),
                    hero=bool(unit.get("hero")),
                    cost_text=cost_text,
                )
            )
        return rows

    def summary(self, army: Mapping[str, Any], price: ArmyPrice) -> list[str]:
        if price.total is None:
            return []
        heroes, allowed = price.figures.get("heroes", 0), price.figures.get("heroes_allowed", 0)
        models = sum(u.count for u in price.units)
        return [
            ngettext("%(n)d model", "%(n)d models", models) % {"n": models},
            _("Heroes: %(used)d of %(allowed)d allowed (one per full 250 points)")
            % {"used": heroes, "allowed": allowed},
        ]

    def explain(self, problem: ArmyProblem, army: Mapping[str, Any], price: ArmyPrice) -> str:
        unit = next(
            (u for u in army.get("units") or [] if u.get("id") == problem.unit and problem.unit),
            None,
        )
        who = str(unit.get("name")) if unit else _("A unit")
        field = problem.field or ""
        fields = {
            "move": pgettext("a unit's profile", "Move"),
            "melee": _("Melee"),
            "shoot": pgettext("a unit's profile", "Shoot"),
            "armour": _("Armour"),
            "unit": _("a unit"),
        }
        texts = {
            "not_in_cost_table": _(
                "%(who)s: this %(field)s has no cost in the table (Melee goes from 1 to 5, Shoot "
                "and Armour from 0 to 5, Move from 6'' to 18''), so nothing can be totalled."
            )
            % {"who": who, "field": fields.get(field, field)},
            "bad_attack_count": _(
                "%(who)s: a model has 1 to 4 melee attacks, and 1 to 4 ranged attacks if it can "
                "shoot (none with Shoot 0)."
            )
            % {"who": who},
            "fly_needs_18": _("%(who)s: a flyer moves 18''.") % {"who": who},
            "hero_cannot_be_vehicle": _("%(who)s: a Hero cannot be a Vehicle.") % {"who": who},
            "too_many_heroes": _too_many_heroes(price),
            "over_points_limit": _over_points_limit(price, army),
            "bad_unit": _(
                "Every unit needs a name and at least one model, and the list at least one unit."
            ),
        }
        return texts.get(problem.code, problem.code)

    def describe(self, army: Mapping[str, Any]) -> str:
        units = army.get("units") or []
        return ", ".join(f"{u.get('count', 1)} {u.get('name', '')}" for u in units)


def _too_many_heroes(price: ArmyPrice) -> str:
    """The Heroes' rule (rulebook 004, « Héros » : one per full 250 points) and what to change:
    the sentence named the problem only, and « n'en permettent que 0 » under 250 points."""
    used = int(price.figures.get("heroes", 0))
    allowed = int(price.figures.get("heroes_allowed", 0))
    figures = {"used": used, "total": price.total or 0, "allowed": allowed, "needed": 250 * used}
    if not allowed:
        return (
            _(
                "%(used)d Heroes, but an army under 250 points may have none: untick Hero, or "
                "bring the army to %(needed)d points."
            )
            % figures
        )
    return (
        _(
            "%(used)d Heroes, but the army's %(total)d points allow %(allowed)d (one per full 250 "
            "points): untick Hero or take models out of a Hero unit (each model is a Hero), or "
            "bring the army to %(needed)d points."
        )
        % figures
    )


def _over_points_limit(price: ArmyPrice, army: Mapping[str, Any]) -> str:
    """Over the list's own limit: by how much, and what to change."""
    total, limit = price.total or 0, int(army.get("points_limit") or 0)
    return _(
        "The army costs %(total)d points, %(over)d over its limit of %(limit)d: take out models "
        "or options worth %(over)d points, or raise the limit."
    ) % {"total": total, "over": total - limit, "limit": limit}


BUILDER = SkirmishArmyBuilder()
