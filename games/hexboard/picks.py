"""How clicks build a move (pure): the seat's legal moves filtered by what was picked so far.

The UI never computes legality. A pick is a link to the match page with the selection in its
query string (`?tile=1&hex=0,-1&rot=2`); the next choice is the distinct next values among the
legal moves that match the selection. A forged or stale selection (the position changed since
it was picked) matches nothing: it is dropped, the player starts again, and the choice says so
(`Choice.reset`). Back in the browser undoes a pick.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from games.hexboard.keys import hex_key, parse_hex


@dataclass(frozen=True)
class PickSpec:
    """A system's picking rules.

    `order`: for each move type built on the board, its fields in the order they are picked
    (a cycled field, if any, last but for fields only some of its values need: after the cycle,
    those are picked among the moves of the value cycled to, whose Confirm stays offered beside
    them, e.g. a CrazyKoala's hex after an Infinity carrier's deployment in the open). Move types
    not listed are plain buttons. A move (or its
    pick form, `BaseSite.pick_forms`) may lack some of the fields: a field no candidate has is
    not asked, and a candidate without the field asked next is complete already (its Confirm
    is offered beside the field's choices: a one-hex move beside the second hex of a path).
    `hex_fields`: fields holding a hex. `text_fields`: fields holding a short text (a figure's
    name); every other field holds a whole number. `cycled`: fields chosen last by cycling
    through their legal values (rotation, facing). `auto`: fields filled in without asking when
    only one value is possible. `from_hand`: the field picked in the side panel (a hand
    index); while nothing is picked from the hand, only moves without it are offered on the
    board. `params`: query-string name -> field (fields not named keep their own name).
    """

    order: Mapping[str, tuple[str, ...]]
    hex_fields: frozenset[str] = frozenset()
    cycled: frozenset[str] = frozenset()
    from_hand: str | None = None
    params: Mapping[str, str] = field(default_factory=dict)
    text_fields: frozenset[str] = frozenset()
    auto: frozenset[str] = frozenset()

    def query_names(self) -> dict[str, str]:
        """query name -> field, for every field of every board move."""
        names = dict(self.params)
        named = set(names.values())
        for fields in self.order.values():
            for f in fields:
                if f not in named:
                    names[f] = f
                    named.add(f)
        return names


@dataclass
class Choice:
    """What the player picks next: hexes to click, a field to cycle, or a move to confirm."""

    selection: dict[str, Any]
    step: str | None = None  # the field picked next ("hex", "to", ...); None when complete
    kind: str | None = None  # the move type being built
    targets: list[Any] = field(default_factory=list)  # the distinct values of `step`
    cycle_field: str | None = None
    cycle_values: list[Any] = field(default_factory=list)
    cycle_value: Any = None
    move: dict[str, Any] | None = None  # complete: what Confirm posts
    # The moves (or pick forms) still matching the selection, of the kind being built: what a
    # preview may draw (every target of a picked shooter...).
    candidates: list[dict[str, Any]] = field(default_factory=list)
    # The selection matched no legal move (the position changed since it was picked, or it was
    # forged): it was dropped, and the choice starts again from nothing picked.
    reset: bool = False
    # Fields picked after the cycled one: turning the cycle drops them (another option).
    after_cycle: tuple[str, ...] = ()


def parse(spec: PickSpec, query: Any) -> dict[str, Any]:
    """Query parameters -> move fields; anything unreadable is dropped."""
    sel: dict[str, Any] = {}
    for param, key in spec.query_names().items():
        raw = query.get(param)
        if raw in (None, ""):
            continue
        value: Any
        if key in spec.hex_fields:
            value = parse_hex(raw)
        elif key in spec.text_fields:
            value = raw if isinstance(raw, str) and 0 < len(raw) <= 64 else None
        else:
            try:
                value = int(raw)
            except (TypeError, ValueError):
                value = None
        if value is not None:
            sel[key] = value
    return sel


def to_query(spec: PickSpec, sel: Mapping[str, Any]) -> str:
    """A selection as the relative link that picks it ("?" alone: nothing picked)."""
    parts = []
    for param, key in spec.query_names().items():
        if key in sel:
            v = sel[key]
            parts.append(f"{param}={hex_key(v)}" if isinstance(v, list | tuple) else f"{param}={v}")
    return "?" + "&".join(parts) if parts else "?"


def _matches(spec: PickSpec, move: Mapping[str, Any], sel: Mapping[str, Any]) -> bool:
    fields = spec.order.get(move["type"], ())
    for key, value in sel.items():
        if key in spec.cycled:
            continue
        if key not in fields or move.get(key) != value:
            return False
    return True


def choose(spec: PickSpec, legal: list[dict[str, Any]], sel: dict[str, Any]) -> Choice:
    """The next choice given the selection so far (see the module docstring)."""
    board = [m for m in legal if m.get("type") in spec.order]
    if spec.from_hand is not None and spec.from_hand not in sel:
        board = [m for m in board if spec.from_hand not in spec.order[m["type"]]]
    candidates = [m for m in board if _matches(spec, m, sel)]
    choice = Choice(selection=dict(sel))
    if not candidates:
        if not sel:
            return choice
        fresh = choose(spec, legal, {})
        fresh.reset = True
        return fresh
    choice.kind = candidates[0]["type"]
    candidates = [m for m in candidates if m["type"] == choice.kind]
    choice.candidates = candidates
    order = spec.order[choice.kind]
    for i, key in enumerate(order):
        having = [m for m in candidates if key in m]
        if not having:
            continue  # a field none of these moves has is not asked
        if key in spec.cycled:
            values: list[Any] = []
            for m in having:
                if m[key] not in values:
                    values.append(m[key])
            values.sort()
            current = sel.get(key)
            current = current if current in values else values[0]
            choice.cycle_field, choice.cycle_values, choice.cycle_value = key, values, current
            cycled_to = [m for m in having if m[key] == current]
            choice.move = cycled_to[0]
            later = order[i + 1 :]
            if not any(f in m for m in cycled_to for f in later):
                return choice
            # Fields this option still needs: picked among its moves, the option in the links.
            choice.after_cycle = later
            choice.selection[key] = current
            candidates = choice.candidates = cycled_to
            choice.move = None
            continue
        if key in sel:
            continue
        targets: list[Any] = []
        for m in having:
            if m[key] not in targets:
                targets.append(m[key])
        complete = [m for m in candidates if key not in m]
        if key in spec.auto and len(targets) == 1 and not complete:
            choice.selection[key] = targets[0]  # nothing to choose: filled in
            continue
        choice.step, choice.targets = key, targets
        if complete:
            choice.move = complete[0]  # e.g. stop after one hex, or go on to a second
        return choice
    choice.move = candidates[0]
    return choice


def turned(choice: Choice, step: int) -> dict[str, Any]:
    """The selection with the cycled field moved `step` places among its legal values."""
    values = choice.cycle_values
    i = values.index(choice.cycle_value) if choice.cycle_value in values else 0
    assert choice.cycle_field is not None
    kept = {k: v for k, v in choice.selection.items() if k not in choice.after_cycle}
    return {**kept, choice.cycle_field: values[(i + step) % len(values)]}
