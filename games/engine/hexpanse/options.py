"""The parameter sets an effect can take in a position, for `legal_moves` (legal.py).

Where the rules allow a combinatorial choice (which unit on which place cell, which two units
to swap), the list is a reduced, stable one (README, "Legal moves"): placements fill the empty
place cells with normal units first (then elite, then minor units), and once more led by each
mercenary on a card (the chains of §5.7); swaps and moves stay near the player's own units.
`apply` accepts every legal move, listed or not.
"""

from __future__ import annotations

from typing import Any

from games.engine.hexgrid import Hex, distance
from games.engine.hexpanse.data import hex_key, patterns
from games.engine.hexpanse.data import minor as minor_data
from games.engine.hexpanse.patterns import anchored_cells, free_placements
from games.engine.hexpanse.work import Work

Params = dict[str, Any]


def sources(w: Work, seat: int, from_healing: bool = False) -> list[Params]:
    """One unit of each kind the seat could place now (reserve, or healing ship)."""
    s = w.seats[seat]
    pool = s.healing if from_healing else s.reserve
    out: list[Params] = []
    for k in ("normal", "elite"):
        if pool.get(k, 0) > 0:
            out.append({"unit": k})
    if w.warlord_hex(seat) is not None:
        out += [{"unit": "minor", "minor": m} for m in s.minors if pool.get(m, 0) > 0]
    return out


def fill(w: Work, seat: int, hexes: list[Hex], lead: str | None = None) -> list[Params]:
    """Placements on `hexes` in order: the `lead` mercenary first, then normal, elite and
    minor units while they last."""
    s = w.seats[seat]
    pool = dict(s.reserve)
    queue: list[Params] = []
    if lead is not None:
        queue.append({"unit": "merc", "card": lead})
    for k in ("normal", "elite"):
        queue += [{"unit": k}] * pool.get(k, 0)
    if w.warlord_hex(seat) is not None:
        for m in s.minors:
            queue += [{"unit": "minor", "minor": m}] * pool.get(m, 0)
    return [{"hex": hex_key(h), **unit} for h, unit in zip(hexes, queue, strict=False)]


def _leads(w: Work, seat: int) -> list[str | None]:
    return [None, *(c for c, n in sorted(w.seats[seat].mercs.items()) if n > 0)]


def _place_variants(w: Work, seat: int, cells: list[Hex], base: Params) -> list[Params]:
    empty = [h for h in cells if h not in w.units]
    out: list[Params] = []
    seen: set[str] = set()
    for lead in _leads(w, seat):
        place = fill(w, seat, empty, lead)
        sig = repr(place)
        if place and sig not in seen:
            seen.add(sig)
            out.append({**base, "place": place})
    return out


def effect_params(w: Work, seat: int, effect: dict[str, Any], source: Hex | None) -> list[Params]:
    do = effect["do"]
    enemies = [p for p in range(w.players) if w.enemy(seat, p) and w.seats[p].alive]
    if do in ("gain", "heal", "extra_cards", "recover"):
        return [{}]
    if do == "raise_income":
        s = w.seats[seat]
        return [{}] if s.income < 4 and s.hexilum >= s.income + 1 else []
    if do in ("reserve_attack", "wound", "destroy_hexilum", "steal_hexilum"):
        return [{"player": p} for p in enemies]
    if do in ("steal_action", "remove_action"):
        return [
            {"player": p, "card_target": c} for p in enemies for c in sorted(set(w.seats[p].hand))
        ]
    if do == "steal_merc":
        return [{"player": p, "card_target": c} for p in enemies for c in sorted(w.seats[p].mercs)]
    if do == "swap_or_move":
        return _swaps(w, seat, None)
    if do == "self_swap_or_move":
        assert source is not None
        return _swaps(w, seat, source)
    if do == "pattern":
        return _patterns(w, seat, effect, source)
    return _targets(w, seat, effect, source)


def _near_own(w: Work, seat: int) -> set[Hex]:
    out: set[Hex] = set()
    for h, u in w.units.items():
        if u.owner == seat:
            out.update(w.adjacent(h))
    return out


def _swaps(w: Work, seat: int, itself: Hex | None) -> list[Params]:
    near = _near_own(w, seat)
    mine = [h for h, u in sorted(w.units.items()) if u.owner == seat and u.kind != "warlord"]
    movers = [itself] if itself is not None else mine
    out: list[Params] = []
    for a in movers:
        for b in sorted(near):
            if b not in w.units and b != a:
                out.append({"move": [hex_key(a), hex_key(b)]})
            elif (u := w.units.get(b)) is not None and u.kind != "warlord" and u.owner != seat:
                out.append({"swap": [hex_key(a), hex_key(b)]})
    return out


def _patterns(w: Work, seat: int, effect: dict[str, Any], source: Hex | None) -> list[Params]:
    key = effect["pattern"]
    playable = w.playable()
    out: list[Params] = []
    if patterns()[key].anchored:
        assert source is not None
        seen: set[tuple[frozenset[Hex], frozenset[Hex]]] = set()
        for rotation in range(6):
            cells = anchored_cells(key, source, rotation)
            hits = frozenset(h for r, h in cells if r == "A" and h in playable)
            places = [h for r, h in cells if r == "P" and h in playable]
            sig = (hits, frozenset(places))
            if sig in seen:
                continue
            seen.add(sig)
            base: Params = {"rotation": rotation}
            variants = _place_variants(w, seat, places, base) if places else []
            out += variants or [base]
        return out
    role = str(effect.get("role", "P"))
    for at, rotation, covered in free_placements(key, playable):
        base = {"at": hex_key(at), "rotation": rotation}
        if role == "A":
            out.append(base)
        else:
            out += _place_variants(w, seat, sorted(covered), base)
    return out


def _targets(w: Work, seat: int, effect: dict[str, Any], source: Hex | None) -> list[Params]:
    do = effect["do"]
    occupied = sorted(w.units)
    empty = sorted(h for h in w.playable() if h not in w.units)
    if do == "destroy_place":
        out: list[Params] = []
        for h in occupied:
            place = fill(w, seat, [h])
            out.append({"target": hex_key(h), **({"place": place} if place else {})})
        return out
    if do == "salvage_place":
        return [
            {"place": [{"hex": hex_key(h), **src}]}
            for src in sources(w, seat, from_healing=True)[:1]
            for h in empty
        ]
    if do == "recover_place":
        recovered = sources(w, seat, from_healing=True)[:1]
        return [{}] + [
            {"units": [src], "place": [{"hex": hex_key(h), **src}]}
            for src in recovered
            for h in empty
        ]
    if do == "attack_anywhere":
        return [{"target": hex_key(h)} for h in occupied if h != source]
    assert source is not None
    if do == "wound_adjacent":
        return [
            {"target": hex_key(h)}
            for h in w.adjacent(source)
            if (u := w.units.get(h)) and u.kind == "warlord" and w.enemy(seat, u.owner)
        ]
    if do == "replace":
        return [
            {"hex": hex_key(h), **src}
            for h in w.adjacent(source)
            if (u := w.units.get(h))
            and u.kind != "warlord"
            and (u.owner is None or w.enemy(seat, u.owner))
            for src in sources(w, seat)
        ]
    if do == "resurrect":
        return [
            {"place": [{"hex": hex_key(h), **src}]}
            for src in sources(w, seat, from_healing=True)
            if src.get("minor") != "M05"
            for h in w.adjacent(source)
            if h not in w.units
        ]
    if do == "attack_adjacent":
        return [{"target": hex_key(h)} for h in w.adjacent(source) if h in w.units]
    if do == "wolf":
        return [{"target": hex_key(h)} for h in w.adjacent(source) if distance(h, source) == 1]
    raise ValueError(f"unknown effect {do!r}")  # pragma: no cover


def reusable_minor(unit_minor: str | None) -> dict[str, Any] | None:
    if unit_minor is None:
        return None
    reusable: dict[str, Any] | None = minor_data(unit_minor).get("reusable")
    return reusable
