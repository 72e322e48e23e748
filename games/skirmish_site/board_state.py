"""A seat's view read back into engine terms for drawing (pure): the state a view describes,
model labels, what each model may do now. Only the view is read: another seat's unrevealed
orders are not in it, so nothing drawn from here can show them."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from games.engine.skirmish import combat, targets
from games.engine.skirmish.names import labels
from games.engine.skirmish.position import model_to_json, state_from_json
from games.engine.skirmish.state import SEAT_NAMES, State
from games.hexboard.memo import by_identity
from games.skirmish_site.describe import model_label


@by_identity
def state_of_position(position: Mapping[str, Any]) -> State:
    """The state a position describes, decoded once however many parts of a page ask."""
    return state_from_json(position)


def state_of(view: Mapping[str, Any]) -> State:
    return state_of_position(view["position"])


def model_names(state: State) -> dict[str, str]:
    return {mid: model_label(info, mid) for mid, info in labels(state).items()}


@by_identity
def names_in(view: Mapping[str, Any]) -> dict[str, str]:
    """The models' names as a page words them, once per view: the board's titles, each target
    of the hand and the panel ask for them. Kept by the view, which one request reads in one
    language, never by the state, which the site shares between requests."""
    return model_names(state_of(view))


def fire_lines(state: State, model_id: str) -> list[tuple[int, int]]:
    """Where the model may shoot in the current fire step (none outside one)."""
    return list(_fire_lines(state).get(model_id, ()))


@by_identity
def _fire_lines(state: State) -> dict[str, tuple[tuple[int, int], ...]]:
    """Every model's lines of fire, once per state: the mover's answer, the other seat's push
    and the picks that follow draw them from the one state the site keeps for that version.
    Words of no language, so a state may keep them for every reader."""
    if state.phase not in ("snap_fire", "aimed_fire"):
        return {}
    snap = state.phase == "snap_fire"
    return {
        m.id: tuple(t.hex for t in targets.fire_targets(state, m, snap=snap) if t.hex is not None)
        for m in state.models
        if m.on_table and m.hex is not None
    }


def cover_count(state: State, shooter: str, target: str) -> int:
    return combat.cover_dice(state, state.model(shooter), state.model(target))


def seat_of(name: str) -> int:
    return SEAT_NAMES.index(name)


def model_json(state: State, model_id: str) -> dict[str, Any]:
    """One model as the position format writes it, with its id (what profiles read)."""
    m = state.model(model_id)
    return {**model_to_json(m, SEAT_NAMES[: state.seats]), "id": m.id}
