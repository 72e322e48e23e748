"""The resumable battle: Decision, Battle and their JSON.

A Battle is a frozen snapshot between two steps of the resolution: the position as it stands
(wounds so far, tiles killed in finished phases gone), the phase being resolved, what the phase
has already decided and the damage still waiting for medics. The engine rebuilds its working
tables from it, so it round-trips through JSON (games/engine/protocol.py, JSON).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from games.engine.hexgrid import Hex
from games.engine.neuroshima.position import Position

# Where damage came from: an attacking tile's hex, or the strike kind ("sniper", "grenade",
# "air_strike") or "medic" for a medic absorbing another medic's removal.
Source = Hex | str


def hex_json(h: Hex) -> list[int]:
    return [h[0], h[1]]


def source_json(source: Source) -> Any:
    return source if isinstance(source, str) else hex_json(source)


def source_from_json(data: Any) -> Source:
    return str(data) if isinstance(data, str) else (int(data[0]), int(data[1]))


def hex_from_json(data: Any) -> Hex:
    return (int(data[0]), int(data[1]))


@dataclass(frozen=True)
class Decision:
    """A choice the rules give a seat. `options[0]` is the documented default.

    Kinds (see NOTES.md):
    - "clown": options ("attack", "explode") — DESCRIPTION DES ARMÉES, MOLOCH, Clown.
    - "quartermaster": options ("none", {"unit", "side", "to"}...) — HEGEMONIA, Quartier-Maître.
    - "medic": options ({"medic", "hex", "from"}...) — FAQ : MÉDECIN (which medic heals which
      tile, and which attacker's damage).
    - "medic_chain": options ([q, r] of medics...) — FAQ : MÉDECIN, a medic connected to the
      medic that just healed absorbs its removal; which one when several may.
    """

    seat: int
    kind: str
    options: tuple[Any, ...]
    prompt: dict[str, Any]

    def to_json(self) -> dict[str, Any]:
        return {
            "seat": self.seat,
            "kind": self.kind,
            "options": list(self.options),
            "prompt": self.prompt,
        }

    @classmethod
    def from_json(cls, data: Any) -> Decision:
        return cls(
            seat=int(data["seat"]),
            kind=str(data["kind"]),
            options=tuple(data["options"]),
            prompt=dict(data["prompt"]),
        )


@dataclass(frozen=True)
class Packet:
    """Wounds one source deals to one tile in the current phase (the unit a medic absorbs)."""

    target: Hex
    source: Source
    wounds: int

    def to_json(self) -> list[Any]:
        return [hex_json(self.target), source_json(self.source), self.wounds]

    @classmethod
    def from_json(cls, data: Any) -> Packet:
        return cls(hex_from_json(data[0]), source_from_json(data[1]), int(data[2]))


@dataclass(frozen=True)
class Battle:
    """A battle (mode "battle") or an action tile's strike (mode "strike") being resolved.

    stage: "start" (nothing done yet), "phase" (phase `phase` begun, taking its decisions),
    "medics" (attacks done, damage waiting for medics), "done".
    """

    position: Position
    finished: bool = False
    mode: str = "battle"
    stage: str = "start"
    phase: int = -1
    used: tuple[tuple[Hex, int], ...] = ()  # tile hex -> bit mask of action indices spent
    qm_used: tuple[Hex, ...] = ()  # Quartermasters whose one swap of this battle is spent
    choices: tuple[tuple[str, Hex, Any], ...] = ()  # this phase's answered (kind, hex, choice)
    packets: tuple[Packet, ...] = ()
    touched: tuple[Hex, ...] = ()  # tiles that took damage this phase (FAQ : MÉDECIN)
    healed: tuple[Hex, ...] = ()
    medics_done: tuple[Hex, ...] = ()
    consumed: tuple[Hex, ...] = ()  # medics to remove at the end of the phase
    exploded: tuple[Hex, ...] = ()  # Clowns turned into a bomb this phase
    chain: tuple[Hex, ...] = ()  # medic chain waiting for a "medic_chain" decision
    strike: tuple[int, str, Hex] | None = None  # (seat, kind, target)
    hq_lost: tuple[int, ...] = ()  # seats whose HQ this battle destroyed
    decision: Decision | None = field(default=None)

    def to_json(self) -> dict[str, Any]:
        return {
            "position": self.position.to_json(),
            "finished": self.finished,
            "mode": self.mode,
            "stage": self.stage,
            "phase": self.phase,
            "used": [[hex_json(h), mask] for h, mask in self.used],
            "qm_used": [hex_json(h) for h in self.qm_used],
            "choices": [[kind, hex_json(h), choice] for kind, h, choice in self.choices],
            "packets": [p.to_json() for p in self.packets],
            "touched": [hex_json(h) for h in self.touched],
            "healed": [hex_json(h) for h in self.healed],
            "medics_done": [hex_json(h) for h in self.medics_done],
            "consumed": [hex_json(h) for h in self.consumed],
            "exploded": [hex_json(h) for h in self.exploded],
            "chain": [hex_json(h) for h in self.chain],
            "strike": None
            if self.strike is None
            else [self.strike[0], self.strike[1], hex_json(self.strike[2])],
            "hq_lost": list(self.hq_lost),
            "decision": None if self.decision is None else self.decision.to_json(),
        }

    @classmethod
    def from_json(cls, data: Any) -> Battle:
        def hexes(key: str) -> tuple[Hex, ...]:
            return tuple(hex_from_json(h) for h in data.get(key, ()))

        strike = data.get("strike")
        decision = data.get("decision")
        return cls(
            position=Position.from_json(data["position"]),
            finished=bool(data["finished"]),
            mode=str(data.get("mode", "battle")),
            stage=str(data.get("stage", "start")),
            phase=int(data.get("phase", -1)),
            used=tuple((hex_from_json(h), int(mask)) for h, mask in data.get("used", ())),
            qm_used=hexes("qm_used"),
            choices=tuple(
                (str(kind), hex_from_json(h), choice) for kind, h, choice in data.get("choices", ())
            ),
            packets=tuple(Packet.from_json(p) for p in data.get("packets", ())),
            touched=hexes("touched"),
            healed=hexes("healed"),
            medics_done=hexes("medics_done"),
            consumed=hexes("consumed"),
            exploded=hexes("exploded"),
            chain=hexes("chain"),
            strike=None
            if strike is None
            else (int(strike[0]), str(strike[1]), hex_from_json(strike[2])),
            hq_lost=tuple(int(s) for s in data.get("hq_lost", ())),
            decision=None if decision is None else Decision.from_json(decision),
        )
