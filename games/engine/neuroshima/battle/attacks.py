"""One phase's attacks: who acts, the choices they give their seat, and the damage they deal.

Rules text: seeds/000_cfef6f07b7368e93.txt, BATAILLES and DESCRIPTION DÉTAILLÉE DES SYMBOLES.
All attacks of a phase are computed against the position as it stood when the phase began, so
units of one initiative act simultaneously and a unit killed in the phase still attacks.
"""

from __future__ import annotations

from typing import Any

from games.engine.hexgrid import Hex
from games.engine.neuroshima.battle.effects import NEIGHBOURS, RAYS, Geo, Relations, Tables
from games.engine.neuroshima.battle.model import Decision, Packet, hex_json
from games.engine.neuroshima.position import PlacedTile
from games.engine.protocol import Event


def actions_now(phase: int, tables: Tables, used: dict[Hex, int]) -> dict[Hex, tuple[int, ...]]:
    """Tiles that may act in `phase`, with the indices of the actions they spend.

    INITIATIVE DANS DES SITUATIONS PARTICULIÈRES: a unit attacks only in the phase of its
    current initiative, and an action already spent is not repeated when its initiative later
    drops (CAS DE FIGURE NR 1) nor recovered when it rises (CAS DE FIGURE NR 2). The i-th
    highest initiative of a unit is its i-th action; a spent index is never spent again.
    """
    out: dict[Hex, tuple[int, ...]] = {}
    for h, values in tables.phases.items():
        if phase not in values:
            continue
        mask = used.get(h, 0)
        idx = tuple(i for i, v in enumerate(values) if v == phase and not mask >> i & 1)
        if idx:
            out[h] = idx
    return out


def blast_area(centre: Hex) -> tuple[Hex, ...]:
    """The 7 hexes of a Bombe (BOMBE: "En tout la Bombe « arrose » 7 hexagones"), those on
    the board."""
    return (centre, *(n for n in NEIGHBOURS[centre] if n is not None))


def phase_decisions(
    phase: int,
    board: dict[Hex, PlacedTile],
    geos: dict[Hex, Geo],
    tables: Tables,
    acting: dict[Hex, tuple[int, ...]],
    qm_used: tuple[Hex, ...],
    exploding: set[Hex],
) -> list[tuple[Hex, Decision]]:
    """The choices of this phase, in a stable order: Clowns first, then Quartermasters."""
    out: list[tuple[Hex, Decision]] = []
    for h in sorted(acting):
        g = geos[h]
        if g.clown and h not in tables.netted:
            out.append(
                (
                    h,
                    Decision(
                        seat=board[h].seat,
                        kind="clown",
                        options=("attack", "explode"),
                        prompt={
                            "hex": hex_json(h),
                            "initiative": phase,
                            "area": [hex_json(a) for a in blast_area(h)],
                        },
                    ),
                )
            )
    for qm in sorted(tables.quartermasters):
        seat, unit = tables.quartermasters[qm]
        if qm in qm_used or unit not in acting or unit in tables.netted or unit in exploding:
            continue
        g = geos[unit]
        options: list[Any] = ["none"]
        options += [{"unit": hex_json(unit), "side": d, "to": "ranged"} for d, _ in g.melee]
        options += [{"unit": hex_json(unit), "side": d, "to": "melee"} for d, _ in g.ranged]
        out.append(
            (
                qm,
                Decision(
                    seat=seat,
                    kind="quartermaster",
                    options=tuple(options),
                    prompt={
                        "quartermaster": hex_json(qm),
                        "unit": hex_json(unit),
                        "initiative": phase,
                    },
                ),
            )
        )
    return out


def attack(
    board: dict[Hex, PlacedTile],
    geos: dict[Hex, Geo],
    tables: Tables,
    rel: Relations,
    acting: dict[Hex, tuple[int, ...]],
    swaps: dict[Hex, tuple[int, str]],
    exploding: set[Hex],
    events: list[Event],
) -> dict[tuple[Hex, Hex], int]:
    """Every attack of the phase; returns wounds by (target, attacker)."""
    wounds: dict[tuple[Hex, Hex], int] = {}

    def hit(src: Hex, target: Hex, kind: str, strength: int, d: int) -> None:
        armour = kind != "melee" and geos[target].armour[(d + 3) % 6]
        dealt = max(0, strength - 1) if armour else strength
        events.append(
            Event(
                "UnitAttacked",
                {
                    "from": hex_json(src),
                    "to": hex_json(target),
                    "attack": kind,
                    "strength": strength,
                },
            )
        )
        events.append(
            Event(
                "UnitHit",
                {
                    "hex": hex_json(target),
                    "wounds": dealt,
                    "blocked_by_armour": armour,
                    "from": hex_json(src),
                },
            )
        )
        if dealt:
            wounds[(target, src)] = wounds.get((target, src), 0) + dealt

    for h in sorted(acting):
        if h in tables.netted:
            events.append(
                Event(
                    "NetHeld",
                    {"hex": hex_json(h), "by": [hex_json(n) for n in tables.netted[h]]},
                )
            )
            continue
        g = geos[h]
        seat = board[h].seat
        hurts = rel.hurts[seat]
        if h in exploding:
            # MOLOCH, Clown: instead of attacking it turns into a Bombe on its own hex: 1 wound
            # to every tile around, friend or foe, no HQ, armour useless (BLINDAGE).
            events.append(Event("ClownExploded", {"hex": hex_json(h)}))
            for n in blast_area(h)[1:]:
                if n in board and not geos[n].is_hq:
                    events.append(
                        Event(
                            "UnitHit",
                            {
                                "hex": hex_json(n),
                                "wounds": 1,
                                "blocked_by_armour": False,
                                "from": hex_json(h),
                            },
                        )
                    )
                    wounds[(n, h)] = wounds.get((n, h), 0) + 1
            continue
        melee_bonus = tables.melee_bonus.get(h, 0)
        ranged_bonus = tables.ranged_bonus.get(h, 0)
        melee = list(g.melee)
        ranged = list(g.ranged)
        swap = swaps.get(h)
        if swap is not None:
            # HEGEMONIA, Quartier-Maître: one attack changes kind at the same strength, and
            # every melee and ranged bonus applies to it.
            side, to = swap
            both = melee_bonus + ranged_bonus
            if to == "ranged":
                s = next(s for d, s in melee if d == side)
                melee.remove((side, s))
                ranged.append((side, s + both - ranged_bonus))
            else:
                s = next(s for d, s in ranged if d == side)
                ranged.remove((side, s))
                melee.append((side, s + both - melee_bonus))
        for _ in acting[h]:
            # COUP: the adjacent tile on that side, if it is an enemy; a HQ never hits a HQ.
            for d, s in melee:
                adj = NEIGHBOURS[h][d]
                if adj is None or adj not in board or not hurts[board[adj].seat]:
                    continue
                if g.is_hq and geos[adj].is_hq:
                    continue
                hit(h, adj, "melee", s + melee_bonus, d)
            # TIR: the first enemy on the line, over own (and allied) tiles.
            for d, s in ranged:
                for n in RAYS[(h, d)]:
                    if n in board and hurts[board[n].seat]:
                        hit(h, n, "ranged", s + ranged_bonus, d)
                        break
            # MOLOCH, Canon de Gauss: 1 wound to every enemy on the line, no bonus ever.
            for d in g.gauss:
                for n in RAYS[(h, d)]:
                    if n in board and hurts[board[n].seat]:
                        hit(h, n, "gauss", 1, d)
    return wounds


def to_packets(wounds: dict[tuple[Hex, Hex], int]) -> tuple[Packet, ...]:
    return tuple(Packet(t, s, w) for (t, s), w in sorted(wounds.items()))
