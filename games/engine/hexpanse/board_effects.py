"""Effects on the board: patterns, swaps and moves, territory attacks, placements from the
healing ship, the Terran replacement and the minor factions' entry attacks (§7.1, §7.2, §7.3,
§7.4; spec R86-R88, R94-R101, R110, section 9, section 13.4).

Each effect is checked in full, then queued as steps (steps.py): attacks before placements
(R115), compulsory attacks even on one's own units (R100), optional placements (R95).
"""

from __future__ import annotations

from typing import Any

from games.engine.hexgrid import Hex, distance
from games.engine.hexpanse.data import hex_key, patterns
from games.engine.hexpanse.moves import Move, Place
from games.engine.hexpanse.patterns import anchored_cells, free_cells
from games.engine.hexpanse.units import Budget, recover_list
from games.engine.hexpanse.work import Work, refuse

Effect = dict[str, Any]


def apply(w: Work, seat: int, effect: Effect, m: Move, source: Hex | None, why: str) -> None:
    do = effect["do"]
    if do == "pattern":
        pattern(w, seat, effect, m, source, why)
    elif do == "swap_or_move":
        swap_or_move(w, seat, m, None, why)
    elif do == "self_swap_or_move":
        swap_or_move(w, seat, m, source, why)
    elif do == "destroy_place":
        _destroy_place(w, seat, m, why)
    elif do == "salvage_place":
        _placements(w, seat, m, why, from_healing=True, limit=int(effect.get("n", 1)))
    elif do == "recover_place":
        _recover_place(w, seat, effect, m, why)
    elif do == "attack_anywhere":
        target = _target(m)
        if target not in w.units or target == source:
            raise refuse("hex_empty", "Choose a unit on the board to attack.")
        w.steps.append(_hit(seat, target, why))
    elif do == "wound_adjacent":
        _wound_adjacent(w, seat, effect, m, source, why)
    elif do == "replace":
        _replace(w, seat, m, why)
    elif do == "resurrect":
        _resurrect(w, seat, m, source, why)
    elif do == "attack_adjacent":
        _attack_adjacent(w, seat, effect, m, source, why)
    elif do == "wolf":
        _wolf(w, seat, m, source, why)
    else:  # pragma: no cover - the data names only these
        raise ValueError(f"unknown effect {do!r}")


def _hit(seat: int, target: Hex, why: str, **extra: Any) -> dict[str, Any]:
    return {"op": "hit", "seat": seat, "target": hex_key(target), "by": why, **extra}


def _target(m: Move) -> Hex:
    if m.target is None:
        raise refuse("invalid_move", 'Name the territory with "target".')
    return m.target


def _place_step(seat: int, p: Place, why: str, **extra: Any) -> dict[str, Any]:
    step: dict[str, Any] = {"op": "place", "seat": seat, "hex": hex_key(p.hex), "unit": p.unit}
    if p.card is not None:
        step["card"] = p.card
    if p.minor is not None:
        step["minor"] = p.minor
    return {**step, "why": why, **extra}


def pattern_cells(
    w: Work, effect: Effect, m: Move, source: Hex | None
) -> tuple[tuple[str, Hex], ...]:
    """The pattern's cells as the move turns and aims it (section 13.4)."""
    key = effect["pattern"]
    if m.rotation is None or not 0 <= m.rotation <= 5:
        raise refuse("invalid_move", 'Turn the pattern with "rotation" 0-5.')
    if patterns()[key].anchored:
        assert source is not None
        return anchored_cells(key, source, m.rotation)
    if m.at is None:
        raise refuse("invalid_move", 'Aim the pattern with "at".')
    cells = free_cells(key, m.at, m.rotation, str(effect.get("role", "P")))
    if any(h not in w.playable() for _, h in cells):
        raise refuse("pattern_does_not_fit", "The pattern does not fit on the board there.")
    return cells


def pattern(w: Work, seat: int, effect: Effect, m: Move, source: Hex | None, why: str) -> None:
    """A card or ability pattern: every attack cell on the board is attacked (R100), then the
    chosen placements are made on place cells (R95, R115)."""
    cells = pattern_cells(w, effect, m, source)
    playable = w.playable()
    place_cells = {h for role, h in cells if role == "P" and h in playable}
    budget = Budget(w, seat)
    chosen = []
    for p in m.place or ():
        if p.hex not in place_cells:
            raise refuse("illegal_target", "Units go only on the pattern's place cells.")
        chosen.append(budget.take(p))
    for role, h in cells:
        if role == "A" and h in playable:
            w.steps.append(_hit(seat, h, why))
    w.steps.extend(_place_step(seat, p, why) for p in chosen)


def swap_or_move(w: Work, seat: int, m: Move, itself: Hex | None, why: str) -> None:
    """R88, R94: swap two non-warlord units, or move one of your non-warlord units to an empty
    hex. With `itself` (C01, M04) the acting unit is one of the two."""
    if (m.swap is None) == (m.move is None):
        raise refuse("invalid_move", 'Give either "swap": [h1, h2] or "move": [from, to].')
    if m.swap is not None:
        a, b = m.swap
        if itself is not None and itself not in (a, b):
            raise refuse("illegal_target", "This unit swaps itself with another unit.")
        if a == b:
            raise refuse("invalid_move", "Swap two different hexes.")
        for h in (a, b):
            if h not in w.units:
                raise refuse("hex_empty", "Both hexes of a swap must hold a unit.")
            if w.units[h].kind == "warlord":
                raise refuse("illegal_target", "Warlords are never swapped (R65).")
        w.steps.append({"op": "swap", "seat": seat, "a": hex_key(a), "b": hex_key(b), "why": why})
        return
    assert m.move is not None
    a, b = m.move
    if itself is not None and a != itself:
        raise refuse("illegal_target", "This unit moves itself.")
    if b not in w.playable():
        raise refuse("hex_not_playable", "That hex is not in play.")
    if b in w.units:
        raise refuse("hex_occupied", "That hex is not empty.")
    unit = w.units.get(a)
    if unit is None:
        raise refuse("hex_empty", "There is no unit to move there.")
    if unit.owner != seat or unit.kind == "warlord":
        raise refuse("illegal_target", "Move one of your own units (not the warlord).")
    w.steps.append({"op": "shift", "seat": seat, "a": hex_key(a), "b": hex_key(b), "why": why})


def _placements(w: Work, seat: int, m: Move, why: str, *, from_healing: bool, limit: int) -> None:
    """A13/A15 option 2: units from the healing ship straight onto empty hexes."""
    places = m.place or ()
    if len(places) > limit:
        raise refuse("invalid_move", "At most {limit} placement(s).", limit=limit)
    budget = Budget(w, seat, from_healing=from_healing)
    for p in places:
        w.steps.append(_place_step(seat, budget.take(p), why, healing=from_healing))


def _recover_place(w: Work, seat: int, effect: Effect, m: Move, why: str) -> None:
    """A09 option 1: recover up to 2 units, and place any of those straight on the board."""
    units = recover_list(w, seat, m.units, int(effect.get("n", 2)))
    budget = Budget(w, seat, from_healing=True)
    recovered = [(u, mi) for u, mi in units]
    places = []
    for p in m.place or ():
        taken = budget.take(p)
        match = (taken.unit, taken.minor)
        if match not in recovered:
            raise refuse("illegal_target", "Place only units you recover with this card.")
        recovered.remove(match)
        places.append(taken)
    w.steps.append({"op": "recover", "seat": seat, "units": units, "why": why})
    w.steps.extend(_place_step(seat, p, why) for p in places)


def _destroy_place(w: Work, seat: int, m: Move, why: str) -> None:
    """A16/A17 (R99): attack any territory, then you may place a unit there if it is empty."""
    target = _target(m)
    if target not in w.playable():
        raise refuse("hex_not_playable", "That hex is not in play.")
    places = m.place or ()
    if len(places) > 1:
        raise refuse("invalid_move", "One unit at most.")
    follow = []
    if places:
        if places[0].hex != target:
            raise refuse("illegal_target", "The unit goes into the destroyed territory.")
        p = Budget(w, seat).take(places[0], conditional=True)
        follow.append(_place_step(seat, p, why))
    w.steps.append(_hit(seat, target, why, if_empty=follow))


def _wound_adjacent(
    w: Work, seat: int, effect: Effect, m: Move, source: Hex | None, why: str
) -> None:
    """C24: wounds to an opponent's warlord on a hex next to the mercenary."""
    assert source is not None
    target = _target(m)
    unit = w.units.get(target)
    if unit is None or unit.kind != "warlord" or not w.enemy(seat, unit.owner):
        raise refuse("illegal_target", "Choose an opponent's warlord.")
    if distance(source, target) != 1:
        raise refuse("not_adjacent", "That warlord is not next to the mercenary.")
    n = int(effect.get("n", 3))
    w.steps.append({"op": "wound", "seat": unit.owner, "n": n, "why": why, "by": seat})


def _replace(w: Work, seat: int, m: Move, why: str) -> None:
    """Terran ability (R86, R96): place a unit on an enemy unit's hex next to the warlord; the
    unit there goes to its healing ship (no attack: no Protector)."""
    warlord = w.warlord_hex(seat)
    assert warlord is not None
    if m.hex is None or m.unit is None:
        raise refuse("invalid_move", 'Give the "hex" and the "unit" to place.')
    if m.hex not in w.playable():
        raise refuse("hex_not_playable", "That hex is not in play.")
    occupant = w.units.get(m.hex)
    if occupant is None:
        raise refuse("hex_empty", "The Terran ability replaces a unit: that hex is empty.")
    if distance(m.hex, warlord) != 1:
        raise refuse("not_adjacent", "That hex is not next to your warlord.")
    if occupant.kind == "warlord" or not (occupant.owner is None or w.enemy(seat, occupant.owner)):
        raise refuse("illegal_target", "Only an enemy unit other than a warlord is replaced.")
    p = Budget(w, seat).take(Place(m.hex, m.unit, m.card, m.minor), occupied_ok=True)
    w.steps.append(_place_step(seat, p, why, replace=True))


def _resurrect(w: Work, seat: int, m: Move, source: Hex | None, why: str) -> None:
    """M05: one of your units from the healing ship onto an empty hex next to it, not an M05."""
    assert source is not None
    places = m.place or ()
    if len(places) > 1:
        raise refuse("invalid_move", "One unit at most.")
    for p in places:
        if distance(p.hex, source) != 1:
            raise refuse("not_adjacent", "The unit goes next to the Resurrectors.")
        taken = Budget(w, seat, from_healing=True).take(p)
        if taken.minor == "M05":
            raise refuse("illegal_target", "The Resurrectors cannot bring back another of theirs.")
        w.steps.append(_place_step(seat, taken, why, healing=True))


def adjacent_targets(w: Work, source: Hex) -> list[Hex]:
    """The occupied hexes next to a unit (the minor factions' compulsory entry attacks)."""
    return [h for h in w.adjacent(source) if h in w.units]


def _attack_adjacent(
    w: Work, seat: int, effect: Effect, m: Move, source: Hex | None, why: str
) -> None:
    """M06-M08: attack an adjacent territory (compulsory when one holds a unit); if a unit was
    there, the bonus: heal 1, gain 1, or recover one unit."""
    assert source is not None
    target = _target(m)
    if target not in adjacent_targets(w, source):
        raise refuse("illegal_target", "Attack a unit next to this one.")
    bonus = dict(effect["bonus"])
    step: dict[str, Any] = {"op": bonus["do"], "seat": seat, "why": why}
    if bonus["do"] == "recover":
        step["units"] = recover_list(w, seat, m.units, int(bonus.get("n", 1)))
    else:
        step["n"] = int(bonus.get("n", 1))
    w.steps.append(_hit(seat, target, why, if_unit=[step]))


def _wolf(w: Work, seat: int, m: Move, source: Hex | None, why: str) -> None:
    """M03 (range: adjacent, a house decision): destroy a territory next to the Wolf and move
    into it if it is empty afterwards."""
    assert source is not None
    target = _target(m)
    if target not in w.adjacent(source):
        raise refuse("not_adjacent", "Odin's Wolf attacks a territory next to it.")
    move_in = {"op": "wolf_in", "from": hex_key(source), "to": hex_key(target)}
    w.steps.append(_hit(seat, target, why, if_empty=[move_in]))


def has_choice(w: Work, seat: int, effect: Effect, source: Hex) -> bool:
    """Whether a compulsory entry ability has anything to act on (else it may be skipped)."""
    do = effect["do"]
    if do == "attack_adjacent":
        return bool(adjacent_targets(w, source))
    if do == "attack_anywhere":
        return any(h != source for h in w.units)
    if do == "wound_adjacent":
        return any(
            (u := w.units.get(h)) is not None and u.kind == "warlord" and w.enemy(seat, u.owner)
            for h in w.adjacent(source)
        )
    if do == "wound":
        return any(w.enemy(seat, s) and w.seats[s].alive for s in range(w.players))
    return True
