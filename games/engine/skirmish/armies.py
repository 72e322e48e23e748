"""The army builder: the cost table, list validation and `army_cost` (skirmish.md §5).

Rulebook: ../shared/rules/seeds/004_d01e2a150d2e18fa.txt, "Calculs du coût des figurines" and
"Héros". Pure functions, used by the builder page, the command line and match creation.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from games.engine.protocol import ArmyPrice, ArmyProblem, PricedUnit

JSON = Any

# "Calculs du coût des figurines": the cost of each value of each characteristic. Move is keyed
# by inches; a flyer ("Vol") moves 18'' and costs 5. Melee 0 is "NA" (D1): absent.
MOVE_COST: dict[int, int] = {6: 0, 9: 1, 12: 2, 15: 3, 18: 4}
FLY_COST = 5
MELEE_COST: dict[int, int] = {1: 2, 2: 4, 3: 6, 4: 8, 5: 10}
SHOOT_COST: dict[int, int] = {0: 0, 1: 3, 2: 6, 3: 9, 4: 12, 5: 15}
ARMOUR_COST: dict[int, int] = {0: 1, 1: 2, 2: 4, 3: 6, 4: 8, 5: 10}
POWERFUL_COST = 5  # "Une figurine très grande peut être Puissante pour 5 points."
MAX_ATTACKS = 4  # D2: a house cap for the builder
HERO_POINTS = 250  # "Héros": one Hero per full 250 points of army


class CostError(ValueError):
    """A value with no cost in the table (`not_in_cost_table`): the cost cannot be computed."""

    def __init__(self, unit: str | None, field: str) -> None:
        super().__init__(f"unit {unit!r}: {field} has no cost in the table")
        self.code = "not_in_cost_table"
        self.unit = unit
        self.field = field


def _int(unit: Mapping[str, JSON], field: str, default: int | None = None) -> int:
    value = unit.get(field, default)
    if isinstance(value, bool) or not isinstance(value, int):
        raise CostError(_unit_id(unit), field)
    return value


def _flag(unit: Mapping[str, JSON], field: str) -> bool:
    return bool(unit.get(field, False))


def _unit_id(unit: Mapping[str, JSON]) -> str | None:
    value = unit.get("id")
    return value if isinstance(value, str) else None


def attack_counts(unit: Mapping[str, JSON]) -> tuple[int, int]:
    """(melee_attacks, shoot_attacks) with the §5.2 defaults: 1, and 0 ranged if Shoot is 0."""
    shoot = _int(unit, "shoot")
    melee_attacks = _int(unit, "melee_attacks", 1)
    shoot_attacks = _int(unit, "shoot_attacks", 1 if shoot > 0 else 0)
    return melee_attacks, shoot_attacks


def _cost(
    table: dict[int, int], value: int, unit: Mapping[str, JSON], field: str, low: bool
) -> int:
    if value in table:
        return table[value]
    if low and 0 <= value < min(table):
        return 0  # lowered below the table by vehicle damage: worth nothing more
    raise CostError(_unit_id(unit), field)


def model_cost(unit: Mapping[str, JSON], *, damaged: bool = False) -> int:
    """Points per model: the four costs (Melee and Shoot once per attack), +5 if Powerful, all
    doubled for a Vehicle ("Calculs du coût des figurines"; D4). Raises CostError. `damaged`:
    a position's current profile, which vehicle damage may have lowered below the table (Move
    under 6'', Melee 0): such a value costs nothing."""
    move, melee, shoot, armour = (_int(unit, f) for f in ("move", "melee", "shoot", "armour"))
    melee_attacks, shoot_attacks = attack_counts(unit)
    cost = (
        (FLY_COST if _flag(unit, "fly") else _cost(MOVE_COST, move, unit, "move", damaged))
        + _cost(MELEE_COST, melee, unit, "melee", damaged) * max(melee_attacks, 0)
        + _cost(SHOOT_COST, shoot, unit, "shoot", damaged) * max(shoot_attacks, 0)
        + _cost(ARMOUR_COST, armour, unit, "armour", damaged)
        + (POWERFUL_COST if _flag(unit, "powerful") else 0)
    )
    return cost * (2 if _flag(unit, "vehicle") else 1)


def _unit_errors(unit: Mapping[str, JSON]) -> list[str]:
    errors = []
    shoot = _int(unit, "shoot")
    melee_attacks, shoot_attacks = attack_counts(unit)
    ranged_ok = (1 <= shoot_attacks <= MAX_ATTACKS) if shoot > 0 else shoot_attacks == 0
    if not 1 <= melee_attacks <= MAX_ATTACKS or not ranged_ok:
        errors.append("bad_attack_count")
    if _flag(unit, "fly") and _int(unit, "move") != 18:
        errors.append("fly_needs_18")
    if _flag(unit, "hero") and _flag(unit, "vehicle"):
        errors.append("hero_cannot_be_vehicle")
    return errors


def price(army: Mapping[str, JSON]) -> ArmyPrice:
    """The one pricing of a list (§5.1, §5.2): per-unit costs, the total, Heroes used and
    allowed, and every problem of the §5.2 table. A value with no cost leaves nothing to total:
    `total` None and the one `not_in_cost_table` problem. Used by `army-cost`, the builder page,
    match creation and the engine's `validate_army`."""
    units = army.get("units")
    units = units if isinstance(units, list) else []
    rows: list[PricedUnit] = []
    problems: list[ArmyProblem] = []
    seen: set[str] = set()
    total = heroes = 0
    if not units:
        problems.append(ArmyProblem("bad_unit"))
    try:
        for unit in units:
            if not isinstance(unit, Mapping):
                raise CostError(None, "unit")
            per_model = model_cost(unit)
            count = unit.get("count", 1)
            count = count if isinstance(count, int) and not isinstance(count, bool) else 0
            uid = _unit_id(unit)
            subtotal = per_model * max(count, 0)
            rows.append(PricedUnit(uid, per_model, count, subtotal))
            total += subtotal
            if _flag(unit, "hero"):
                heroes += max(count, 0)
            codes = _unit_errors(unit)
            if uid is None or uid in seen or count < 1:
                codes.append("bad_unit")
            if uid is not None:
                seen.add(uid)
            problems.extend(ArmyProblem(code, uid) for code in codes)
    except CostError as exc:
        return ArmyPrice(None, problems=(ArmyProblem(exc.code, exc.unit, exc.field),))
    allowed = total // HERO_POINTS
    if heroes > allowed:
        problems.append(ArmyProblem("too_many_heroes"))
    limit = army.get("points_limit")
    if isinstance(limit, int) and not isinstance(limit, bool) and total > limit:
        problems.append(ArmyProblem("over_points_limit"))
    figures = {"heroes": heroes, "heroes_allowed": allowed}
    return ArmyPrice(total, tuple(rows), figures, tuple(problems))


def army_cost(army: Mapping[str, JSON]) -> dict[str, JSON]:
    """The `army-cost` report (§14.1): total, per-unit costs, Heroes used and allowed, validity
    and every error. Raises CostError when a value has no cost (nothing can be totalled)."""
    priced = price(army)
    if priced.total is None:
        problem = priced.problems[0]
        raise CostError(problem.unit, problem.field or "")
    return {
        "total": priced.total,
        "units": [
            {"id": u.id, "per_model": u.per_model, "count": u.count, "subtotal": u.subtotal}
            for u in priced.units
        ],
        "heroes": priced.figures["heroes"],
        "heroes_allowed": priced.figures["heroes_allowed"],
        "valid": priced.valid,
        "errors": [{"code": p.code, "unit": p.unit} for p in priced.problems],
    }


def validate_army(army: Mapping[str, JSON]) -> list[dict[str, JSON]]:
    """Every error of a list (§5.2 table); a cost-table error is reported like the others."""
    return [
        {"code": p.code, "unit": p.unit, **({"field": p.field} if p.field else {})}
        for p in price(army).problems
    ]
