"""The primitive steps an effect is made of, run one at a time (R112, R116, R126).

A step is a small JSON object (it may wait inside a Protector question, so it must be
storable): `hit` (a territory attack or a unit's attack), `wound`, `place`, `heal`, `gain`,
`recover`, `swap`, `shift`, `wolf_in`. Victory is checked after each (flow.py).
"""

from __future__ import annotations

from typing import Any

from games.engine.hexgrid import Hex
from games.engine.hexpanse.data import minor, parse_hex
from games.engine.hexpanse.moves import Place
from games.engine.hexpanse.state import Unit
from games.engine.hexpanse.units import heal, put, remove, source_key, wound
from games.engine.hexpanse.work import Work, key

Step = dict[str, Any]


def execute(w: Work, step: Step) -> None:
    op = step["op"]
    if op == "hit":
        _hit(w, step)
    elif op == "wound":
        wound(w, step["seat"], step["n"], step.get("why", ""), step.get("by"))
    elif op == "place":
        _place(w, step)
    elif op == "heal":
        heal(w, step["seat"], step["n"], step.get("why", ""))
    elif op == "gain":
        w.gain(step["seat"], step["n"], step.get("why", ""))
    elif op == "recover":
        recover(w, step["seat"], [tuple(u) for u in step["units"]], step.get("why", ""))
    elif op in ("swap", "shift"):
        _swap(w, step)
    elif op == "wolf_in":
        _wolf_in(w, step)
    else:  # pragma: no cover - steps are built by this package only
        raise ValueError(f"unknown step {op!r}")


def protectors(w: Work, target: Hex, attacker: Hex | None) -> list[Hex]:
    """M01: the defender's Protectors adjacent to the attacked hex (not the attacker itself)."""
    unit = w.units.get(target)
    if unit is None or unit.owner is None or not w.seats[unit.owner].alive:
        return []
    return sorted(
        h
        for h in w.adjacent(target)
        if h != attacker
        and (u := w.units.get(h)) is not None
        and u.owner == unit.owner
        and u.minor is not None
        and w.seats[unit.owner].alive
        and _is_protector(u)
    )


def _is_protector(u: Unit) -> bool:
    return u.kind == "minor" and u.minor is not None and bool(minor(u.minor).get("protector"))


def _hit(w: Work, step: Step) -> None:
    """R71 (with `attacker`), R98-R100 (without): the unit on the target is removed (a warlord
    takes 1 wound instead), unless its owner sacrifices an adjacent Protector (R117). An
    attacking normal, minor or mercenary unit leaves in the same step (R45, R53); an elite
    stays (R20); an attacking warlord pays its wound in the next step (R126)."""
    target = parse_hex(step["target"])
    attacker = parse_hex(step["attacker"]) if step.get("attacker") else None
    unit = w.units.get(target)
    if unit is not None and "answer" not in step:
        guards = protectors(w, target, attacker)
        if guards:
            assert unit.owner is not None
            policy = w.seats[unit.owner].protector_policy
            if policy == "ask":
                w.pending.insert(
                    0,
                    {
                        "seat": unit.owner,
                        "kind": "protect",
                        "target": step["target"],
                        "protectors": [key(h) for h in guards],
                        "by": step.get("seat"),
                        "then": [step, *w.steps],
                    },
                )
                w.steps = []
                return
            step = {**step, "answer": key(guards[0]) if policy == "always" else None}
    w.emit(
        "TerritoryAttacked",
        seat=step.get("seat"),
        hex=step["target"],
        attacker=step.get("attacker"),
        by=step.get("by"),
        unit=None if unit is None else unit.kind,
        owner=None if unit is None else unit.owner,
    )
    answer = step.get("answer")
    if unit is not None:
        if answer is not None and parse_hex(answer) in w.units:
            w.emit("ProtectorSacrificed", seat=unit.owner, hex=answer, target=step["target"])
            remove(w, parse_hex(answer), "protector")
        elif unit.kind == "warlord":
            assert unit.owner is not None
            wound(w, unit.owner, 1, "attack", step.get("seat"))
        else:
            remove(w, target, "attacked")
    follow: list[Step] = []
    if attacker is not None and (a := w.units.get(attacker)) is not None:
        if a.kind == "warlord":
            follow.append({"op": "wound", "seat": a.owner, "n": 1, "why": "attack_cost"})
        elif a.kind != "elite":
            remove(w, attacker, "attacker")
    if unit is not None:
        follow += step.get("if_unit", [])
    if target not in w.units:
        follow += step.get("if_empty", [])
    w.steps = [*follow, *w.steps]


def _place(w: Work, step: Step) -> None:
    h = parse_hex(step["hex"])
    seat = step["seat"]
    s = w.seats[seat]
    if not s.alive:
        return
    if h in w.units:
        occupant = w.units[h]
        if not step.get("replace") or occupant.kind == "warlord":
            return  # a conditional placement whose hex stayed occupied (R99)
        remove(w, h, "replaced")
    p = Place(h, step["unit"], step.get("card"), step.get("minor"))
    healing = bool(step.get("healing"))
    if p.unit == "merc":
        if s.mercs.get(p.card or "", 0) <= 0:
            return
    elif (s.healing if healing else s.reserve).get(source_key(p.unit, p.minor), 0) <= 0:
        return
    put(w, seat, p, from_healing=healing, why=step.get("why", ""))


def recover(w: Work, seat: int, units: list[tuple[Any, ...]], why: str) -> None:
    """Units from the healing ship back to the reserve (R46, R72, R103); missing ones are
    skipped."""
    s = w.seats[seat]
    moved: list[str] = []
    for ref in units:
        k = source_key(str(ref[0]), ref[1] if len(ref) > 1 else None)
        if s.healing.get(k, 0) > 0:
            s.healing[k] -= 1
            s.reserve[k] = s.reserve.get(k, 0) + 1
            moved.append(k)
    if moved:
        w.emit("UnitsRecovered", seat=seat, units=moved, why=why)


def _swap(w: Work, step: Step) -> None:
    """R94: swap two units or move one to an empty hex; the acting player gains the hexilum of
    a hexilum hex one of its own units moves onto from a plain hex. Not a placement."""
    seat = step["seat"]
    a, b = parse_hex(step["a"]), parse_hex(step["b"])
    ua, ub = w.units.get(a), w.units.get(b)
    if ua is None or (step["op"] == "swap" and ub is None) or (step["op"] == "shift" and ub):
        return
    del w.units[a]
    if ub is not None:
        w.units[a] = ub
    w.units[b] = ua
    w.dirty = True
    w.emit("UnitsSwapped" if ub else "UnitMoved", seat=seat, a=step["a"], b=step["b"])
    for unit, src, dst in ((ua, a, b), (ub, b, a)):
        if unit is not None and unit.owner == seat and not w.value(src) and w.value(dst):
            w.gain(seat, w.value(dst), "hexilum_hex")


def _wolf_in(w: Work, step: Step) -> None:
    """M03: the Wolf moves into the territory it emptied; entering it pays its hexilum."""
    a, b = parse_hex(step["from"]), parse_hex(step["to"])
    unit = w.units.get(a)
    if unit is None or b in w.units:
        return
    del w.units[a]
    w.units[b] = unit
    w.dirty = True
    w.emit("UnitMoved", seat=unit.owner, a=step["from"], b=step["to"], why="wolf")
    if unit.owner is not None and w.value(b):
        w.gain(unit.owner, w.value(b), "hexilum_hex")
