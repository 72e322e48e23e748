"""The medic steps of a phase or strike (MÉDECIN; SITUATIONS PARTICULIÈRES, FAQ : MÉDECIN).

A mixin of runner.Run: heals are asked one at a time, by the seat of the medic, until none is
possible; a lone possible heal is applied without asking (the medic is compulsory).
"""

from __future__ import annotations

from games.engine.hexgrid import Hex
from games.engine.neuroshima.battle import damage
from games.engine.neuroshima.battle.effects import Geo, Tables
from games.engine.neuroshima.battle.model import Decision, Packet, hex_json, source_json
from games.engine.protocol import Event


class MedicSteps:
    packets: tuple[Packet, ...]
    touched: frozenset[Hex]
    healed: set[Hex]
    medics_done: set[Hex]
    consumed: set[Hex]
    exploded: set[Hex]
    chain: tuple[Hex, ...]
    events: list[Event]
    geos: dict[Hex, Geo]

    def table(self) -> Tables:
        raise NotImplementedError

    def ask(self, decision: Decision) -> bool:
        raise NotImplementedError

    def end_phase(self) -> None:
        raise NotImplementedError

    def medic_step(self) -> bool:
        tables = self.table()
        if self.chain:
            spent = frozenset(self.medics_done | self.consumed)
            options = damage.chain_options(tables, self.chain[-1], self.chain, self.touched, spent)
            if not options:
                self.consumed.add(self.chain[-1])
                self.chain = ()
                return False
            if len(options) == 1:
                self.extend_chain(options[0])
                return False
            return self.ask(
                Decision(
                    seat=tables.medics[self.chain[-1]][0],
                    kind="medic_chain",
                    options=tuple(hex_json(m) for m in options),
                    prompt={
                        "medic": hex_json(self.chain[-1]),
                        "chain": [hex_json(m) for m in self.chain],
                    },
                )
            )
        by_seat = damage.heal_options(
            tables,
            self.geos,
            self.packets,
            self.touched,
            frozenset(self.healed),
            frozenset(self.medics_done | self.consumed),
            frozenset(self.exploded),
        )
        if not by_seat:
            self.end_phase()
            return False
        seat = min(by_seat)
        heals = by_seat[seat]
        if len(heals) == 1:
            self.heal(heals[0])
            return False
        return self.ask(
            Decision(
                seat=seat,
                kind="medic",
                options=tuple(damage.heal_json(h) for h in heals),
                prompt={
                    "damage": [
                        p.to_json() for p in self.packets if any(h[1] == p.target for h in heals)
                    ]
                },
            )
        )

    def heal(self, heal: damage.Heal) -> None:
        medic, target, source = heal
        self.packets = tuple(
            p for p in self.packets if not (p.target == target and p.source == source)
        )
        self.healed.add(target)
        self.medics_done.add(medic)
        self.events.append(
            Event(
                "MedicSaved",
                {"medic": hex_json(medic), "hex": hex_json(target), "from": source_json(source)},
            )
        )
        if medic in self.touched:
            self.consumed.add(medic)  # FAQ : MÉDECIN, two hit medics: the healer goes
        else:
            self.chain = (medic,)

    def extend_chain(self, medic: Hex) -> None:
        self.medics_done.add(medic)
        self.events.append(
            Event(
                "MedicSaved",
                {"medic": hex_json(medic), "hex": hex_json(self.chain[-1]), "from": "medic"},
            )
        )
        self.chain = (*self.chain, medic)
