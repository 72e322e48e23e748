"""Who may shoot, flee or strike, and at whom (skirmish.md §7; rulebook 004 "Séquence du tour"
2, 4 and 5). Shared by order checks, the legal-move menus and the deadline defaults."""

from __future__ import annotations

from collections.abc import Sequence

from games.engine.hexgrid import distance
from games.engine.protocol import IllegalMove
from games.engine.skirmish import geometry
from games.engine.skirmish.state import Model, State, id_key

# §7 check order of the shooter's codes and of the target's codes.
FIRE_CODES = ("model_engaged", "no_ranged_attack", "snap_fired_this_turn", "moved_too_far_to_shoot")
TARGET_CODES = (
    "not_a_target",
    "target_in_melee",
    "out_of_range",
    "no_line_of_sight",
    "hero_not_nearest",
)


def check_models(
    state: State, seat: int, model_ids: Sequence[str], *, each_once: bool = True
) -> None:
    """The common codes of every model a move names (§7): `not_your_model` for any of them,
    then `model_dead`, then (orders) `duplicate_order`: each model once."""
    for mid in model_ids:
        m = state.by_id.get(mid)
        if m is None or m.seat != seat:
            raise IllegalMove("That is not one of your models.", "not_your_model")
    for mid in model_ids:
        if not state.model(mid).on_table:
            raise IllegalMove("That model is not on the table.", "model_dead")
    if each_once and len(set(model_ids)) != len(model_ids):
        raise IllegalMove("Each model receives one order at most.", "duplicate_order")


def shoot_value(m: Model, snap: bool) -> int:
    """ "Tir instinctif ... résolue comme la phase n°4 mais avec -1 en Tir" (D6)."""
    return m.shoot - (1 if snap else 0)


def fire_refusal(state: State, m: Model, snap: bool) -> tuple[str, str] | None:
    """Why m may not fire in this step, or None."""
    if state.engaged(m):
        return ("model_engaged", "It is impossible to shoot from a melee.")
    if m.shoot_attacks < 1 or shoot_value(m, snap) < 1:
        return ("no_ranged_attack", "That model has no ranged attack here.")
    if not snap and m.snap_fired:
        return ("snap_fired_this_turn", "A model that snap-fired cannot take aimed fire.")
    if not snap and m.mp_spent * 2 > m.full_mp:
        return (
            "moved_too_far_to_shoot",
            "A model that moved more than half its Move cannot shoot.",
        )
    return None


def _basic_target_refusal(state: State, m: Model, t: Model) -> tuple[str, str] | None:
    if not t.on_table or t.seat == m.seat:
        return ("not_a_target", "The target must be an enemy on the table.")
    if state.engaged(t):
        return ("target_in_melee", "It is impossible to shoot into a melee.")
    assert m.hex is not None and t.hex is not None
    if distance(m.hex, t.hex) > geometry.fire_range(m):
        return ("out_of_range", "The target is out of range.")
    if geometry.line_covers(state, m.hex, t.hex) is None:
        return ("no_line_of_sight", "There is no line of fire to the target.")
    return None


def target_refusal(state: State, m: Model, target_id: str) -> tuple[str, str] | None:
    """Why m may not shoot at target_id, or None. A Hero (the freed prisoner too) may be
    targeted only if no other valid target is nearer ("la cible la plus proche")."""
    t = state.by_id.get(target_id)
    if t is None:
        return ("not_a_target", "The target must be an enemy on the table.")
    refusal = _basic_target_refusal(state, m, t)
    if refusal is not None or not t.hero:
        return refusal
    assert m.hex is not None and t.hex is not None
    reach = distance(m.hex, t.hex)
    for other in state.on_table(t.seat):
        assert other.hex is not None
        if distance(m.hex, other.hex) < reach and _basic_target_refusal(state, m, other) is None:
            return ("hero_not_nearest", "A Hero may be shot only when it is the nearest target.")
    return None


def fire_targets(state: State, m: Model, snap: bool) -> list[Model]:
    """Valid targets of m, nearest first (ties: lowest id as listed)."""
    if not m.on_table or fire_refusal(state, m, snap) is not None:
        return []
    assert m.hex is not None
    here = m.hex
    found = [
        t
        for seat in range(state.seats)
        if seat != m.seat
        for t in state.on_table(seat)
        if target_refusal(state, m, t.id) is None
    ]
    # §11: the nearest first; ties: the lowest id.
    return sorted(found, key=lambda t: (distance(here, t.hex) if t.hex else 0, id_key(t.id)))


def melee_targets(state: State, m: Model, *, any_melee: bool = False) -> list[Model]:
    """Enemies in contact, and enemies that fled from contact with m this phase (D14, D15).
    Empty for a model that cannot strike (fled, no Melee) unless `any_melee`: whom it is in
    contact with whatever its Melee (for the refusal codes' order)."""
    if not m.on_table or m.id in state.fled:
        return []
    if not any_melee and (m.melee < 1 or m.melee_attacks < 1):
        return []
    out = state.enemies_adjacent(m)
    for fled_id, contacts in state.flee_contacts:
        t = state.by_id[fled_id]
        if m.id in contacts and t.on_table and t not in out:
            out.append(t)
    return out


def flee_destinations(
    state: State, m: Model
) -> dict[tuple[int, int], tuple[int, list[tuple[int, int]]]]:
    """Free hexes out of contact that m reaches within half its MP ("à demi-vitesse", D15)."""
    if not m.on_table:
        return {}
    spots = geometry.reachable(state, m, m.full_mp // 2, flee=True)
    return {h: v for h, v in spots.items() if not state.enemies_adjacent(m, h)}


def can_flee(state: State, m: Model) -> bool:
    return state.engaged(m) and bool(flee_destinations(state, m))


def concerned(state: State, phase: str, seat: int) -> bool:
    """Whether `seat` has anything to decide in a simultaneous step (§6.1)."""
    mine = state.on_table(seat)
    if phase in ("snap_fire", "aimed_fire"):
        return any(fire_targets(state, m, phase == "snap_fire") for m in mine)
    if phase == "melee_flee":
        return any(can_flee(state, m) for m in mine)
    if phase == "melee_attack":
        return any(melee_targets(state, m) for m in mine)
    return False
