"""Wounds, medics and the end of a phase.

Rules text: seeds/000_cfef6f07b7368e93.txt, MÉDECIN and SITUATIONS PARTICULIÈRES, FAQ : MÉDECIN;
BATAILLES (casualties leave at the end of the phase; HQ points recomputed then); RÉSISTANCE.
"""

from __future__ import annotations

from dataclasses import replace

from games.engine.hexgrid import Hex
from games.engine.neuroshima.battle.effects import Geo, Tables
from games.engine.neuroshima.battle.model import Packet, Source, hex_json, source_json
from games.engine.neuroshima.position import PlacedTile
from games.engine.protocol import Event

# A medic's possible heal: (medic, tile it heals, source whose damage it absorbs).
Heal = tuple[Hex, Hex, Source]


def heal_options(
    tables: Tables,
    geos: dict[Hex, Geo],
    packets: tuple[Packet, ...],
    touched: frozenset[Hex],
    healed: frozenset[Hex],
    spent: frozenset[Hex],
    unhealable: frozenset[Hex],
) -> dict[int, list[Heal]]:
    """Every heal still possible, by the seat that decides it (the medic's).

    FAQ : MÉDECIN: a medic is compulsory; it absorbs the damage of one enemy; one medic heals
    one tile and a tile is healed by one medic; a medic hit in the same phase as its unit dies
    before healing it, except that of two hit medics connected together one heals the other.
    """
    if not tables.medics or not packets:
        return {}
    by_target: dict[Hex, list[Source]] = {}
    for p in packets:
        by_target.setdefault(p.target, []).append(p.source)
    out: dict[int, list[Heal]] = {}
    for medic, (seat, targets) in tables.medics.items():
        if medic in spent or medic in tables.netted:
            continue
        medic_hit = medic in touched
        if medic_hit and medic in healed:
            continue  # the healed one of two hit medics does not heal back
        for target in targets:
            if target in healed or target in unhealable or target not in by_target:
                continue
            if target in spent and target in touched:
                continue  # a hit medic that healed is going anyway
            if medic_hit and not (geos[target].is_medic and target in touched):
                continue
            for source in by_target[target]:
                out.setdefault(seat, []).append((medic, target, source))
    for heals in out.values():
        heals.sort(key=lambda x: (x[1], x[0], str(x[2])))
    return out


def chain_options(
    tables: Tables,
    medic: Hex,
    chain: tuple[Hex, ...],
    touched: frozenset[Hex],
    spent: frozenset[Hex],
) -> list[Hex]:
    """Medics that may absorb the removal of `medic` (FAQ : MÉDECIN: a unit healed by a medic
    connected to another medic is healed by that other one; two medics never heal each other,
    so no medic already in the chain)."""
    return sorted(
        m
        for m, (_, targets) in tables.medics.items()
        if medic in targets
        and m not in chain
        and m not in spent
        and m not in touched
        and m not in tables.netted
    )


def heal_json(heal: Heal) -> dict[str, object]:
    medic, target, source = heal
    return {"medic": hex_json(medic), "hex": hex_json(target), "from": source_json(source)}


def end_phase(
    board: dict[Hex, PlacedTile],
    geos: dict[Hex, Geo],
    packets: tuple[Packet, ...],
    removed: frozenset[Hex],
    events: list[Event],
    endless_hqs: bool = False,
) -> tuple[list[Hex], list[int]]:
    """Apply the wounds left after medics, remove the dead (in place on `board`/`geos`).

    Returns the hexes removed and the seats whose HQ was destroyed. With `endless_hqs` (LE JEU
    À PLUS DE DEUX JOUEURS AVEC DES POINTS: "Les QG ont une Résistance infinie") no HQ is ever
    destroyed: its wounds add up and `HQDamaged` says `wounds_total` (each one a point for the
    attacker, counted by the game after the battle) with `points_left` unchanged ("les PR du QG
    ne sont pas décomptés").
    """
    totals: dict[Hex, int] = {}
    for p in packets:
        totals[p.target] = totals.get(p.target, 0) + p.wounds
    dead: list[Hex] = []
    hq_lost: list[int] = []
    for h in sorted(set(totals) | removed):
        placed = board[h]
        g = geos[h]
        wounds = placed.wounds + totals.get(h, 0)
        if g.is_hq and endless_hqs:
            if wounds != placed.wounds:
                board[h] = replace(placed, wounds=wounds)
                events.append(
                    Event(
                        "HQDamaged",
                        {"seat": placed.seat, "points_left": g.hp, "wounds_total": wounds},
                    )
                )
        elif h in removed or wounds >= g.hp:
            dead.append(h)
            if g.is_hq:
                events.append(Event("HQDamaged", {"seat": placed.seat, "points_left": 0}))
                hq_lost.append(placed.seat)
            events.append(
                Event(
                    "TileDestroyed", {"hex": hex_json(h), "tile": placed.tile, "seat": placed.seat}
                )
            )
            del board[h]
            del geos[h]
        elif wounds != placed.wounds:
            board[h] = replace(placed, wounds=wounds)
            if g.is_hq:
                events.append(
                    Event("HQDamaged", {"seat": placed.seat, "points_left": g.hp - wounds})
                )
            else:
                events.append(Event("TileWounded", {"hex": hex_json(h), "wounds_total": wounds}))
    return dead, hq_lost
