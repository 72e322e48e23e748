"""Action tiles that wound without a battle: Tireur d'Élite, Grenade, Bombe (air strike).

Rules text: seeds/000_cfef6f07b7368e93.txt, TUILES « ACTION »: GRENADE, TIREUR D'ÉLITE, BOMBE;
BLINDAGE (armour is no help against them); MÉDECIN (a medic cancels their wounds too).
They share the medic machinery of a battle phase (resolve.py, stage "medics").
"""

from __future__ import annotations

from games.engine.hexgrid import Hex
from games.engine.neuroshima.battle.attacks import blast_area
from games.engine.neuroshima.battle.effects import NEIGHBOURS, Relations, geo
from games.engine.neuroshima.battle.model import Battle, Packet
from games.engine.neuroshima.position import Position
from games.engine.neuroshima.tiles import CELLS
from games.engine.protocol import IllegalMove

STRIKES = ("sniper", "grenade", "air_strike")


def legal_strike_targets(position: Position, seat: int, kind: str) -> tuple[Hex, ...]:
    """Target hexes in a stable (sorted) order."""
    if kind not in STRIKES:
        raise IllegalMove(f"Unknown strike {kind!r}.", code="malformed")
    friends = Relations.of(position).friends[seat]
    if kind == "air_strike":
        # BOMBE: its 7 hexes must all lie on the board; the centre may be empty.
        return tuple(sorted(h for h in CELLS if all(n is not None for n in NEIGHBOURS[h])))
    enemies = [
        p for p in position.tiles if not friends[p.seat] and not geo(p.tile, p.rotation).is_hq
    ]
    if kind == "sniper":
        # TIREUR D'ÉLITE: any enemy tile on the board, never the HQ.
        return tuple(sorted(p.hex for p in enemies))
    # GRENADE: an enemy tile next to the thrower's own HQ, never the HQ.
    hq = position.hq(seat)
    if hq is None:
        return ()
    around = {n for n in NEIGHBOURS[hq.hex] if n is not None}
    return tuple(sorted(p.hex for p in enemies if p.hex in around))


def start_strike(position: Position, seat: int, kind: str, target: Hex) -> Battle:
    """A one-off damage resolution; advance() it like a battle (medics may ask decisions)."""
    if not 0 <= seat < len(position.seats):
        raise IllegalMove(f"Seat {seat} does not exist.", code="malformed")
    target = (int(target[0]), int(target[1]))
    if target not in legal_strike_targets(position, seat, kind):
        reasons = {
            "sniper": "The Sniper must aim at an enemy tile that is not a HQ.",
            "grenade": "The Grenade must hit an enemy tile, not a HQ, next to your own HQ.",
            "air_strike": "The Air Strike must be centred so that all 7 hexes lie on the board.",
        }
        raise IllegalMove(reasons[kind], code="illegal_target")
    packets: list[Packet] = []
    if kind == "air_strike":
        # BOMBE: 1 wound to the target and to every tile around, friend or foe; no HQ.
        for h in blast_area(target):
            placed = position.at(h)
            if placed is not None and not geo(placed.tile, placed.rotation).is_hq:
                packets.append(Packet(h, kind, 1))
    else:
        placed = position.at(target)
        assert placed is not None
        # GRENADE destroys the tile outright; TIREUR D'ÉLITE gives one wound.
        wounds = placed.spec.hit_points - placed.wounds if kind == "grenade" else 1
        packets.append(Packet(target, kind, wounds))
    return Battle(
        position=position,
        mode="strike",
        packets=tuple(packets),
        touched=tuple(p.target for p in packets),
        strike=(seat, kind, target),
    )
