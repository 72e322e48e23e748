"""The battle runner: phases from the highest initiative down to 0, decisions, the end.

Rules text: seeds/000_cfef6f07b7368e93.txt, BATAILLES; VICTOIRE (a battle goes on after a HQ is
destroyed); DESTRUCTION D'UN QG (3-4 players: the loser's tiles leave after the battle).
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from games.engine.hexgrid import Hex
from games.engine.neuroshima.battle import attacks, damage
from games.engine.neuroshima.battle.effects import Geo, Relations, Tables, compute, geo
from games.engine.neuroshima.battle.medics import MedicSteps
from games.engine.neuroshima.battle.model import (
    Battle,
    Decision,
    hex_from_json,
    hex_json,
    source_from_json,
    source_json,
)
from games.engine.neuroshima.position import PlacedTile, Position
from games.engine.protocol import Event


class Run(MedicSteps):
    """A mutable working copy of a Battle, frozen again when it stops."""

    def __init__(self, battle: Battle, auto: bool = False) -> None:
        self.battle = battle
        self.auto = auto
        pos = battle.position
        self.board: dict[Hex, PlacedTile] = {p.hex: p for p in pos.tiles}
        self.geos: dict[Hex, Geo] = {h: geo(p.tile, p.rotation) for h, p in self.board.items()}
        self.rel = Relations.of(pos)
        self.changed = False
        self.tables: Tables | None = None
        self.events: list[Event] = []
        self.finished = battle.finished
        self.stage = battle.stage
        self.phase = battle.phase
        self.used: dict[Hex, int] = dict(battle.used)
        self.qm_used = battle.qm_used
        self.choices = list(battle.choices)
        self.packets = battle.packets
        self.touched = frozenset(battle.touched)
        self.healed = set(battle.healed)
        self.medics_done = set(battle.medics_done)
        self.consumed = set(battle.consumed)
        self.exploded = set(battle.exploded)
        self.chain = battle.chain
        self.hq_lost = list(battle.hq_lost)
        self.decision = battle.decision

    # -- snapshots -----------------------------------------------------------------------------

    def position(self) -> Position:
        if not self.changed:
            return self.battle.position
        return replace(
            self.battle.position, tiles=tuple(sorted(self.board.values(), key=lambda p: p.hex))
        )

    def freeze(self) -> Battle:
        return replace(
            self.battle,
            position=self.position(),
            finished=self.finished,
            stage=self.stage,
            phase=self.phase,
            used=tuple(sorted(self.used.items())),
            qm_used=self.qm_used,
            choices=tuple(self.choices),
            packets=self.packets,
            touched=tuple(sorted(self.touched)),
            healed=tuple(sorted(self.healed)),
            medics_done=tuple(sorted(self.medics_done)),
            consumed=tuple(sorted(self.consumed)),
            exploded=tuple(sorted(self.exploded)),
            chain=self.chain,
            hq_lost=tuple(self.hq_lost),
            decision=self.decision,
        )

    def table(self) -> Tables:
        if self.tables is None:
            self.tables = compute(self.board, self.geos, self.rel, self.battle.position.board)
        return self.tables

    # -- the loop ------------------------------------------------------------------------------

    def ask(self, decision: Decision) -> bool:
        """Pose a decision; in auto mode answer it with options[0]. True if the run stops."""
        if self.auto:
            self.apply_choice(decision, decision.options[0])
            return False
        self.decision = decision
        return True

    def run(self) -> None:
        while not self.finished and self.decision is None:
            if self.stage == "start":
                self.start()
            elif self.stage == "phase":
                if self.phase_step():
                    return
            elif self.stage == "medics":
                if self.medic_step():
                    return

    def start(self) -> None:
        if self.battle.mode == "strike":
            for p in self.packets:
                self.events.append(
                    Event(
                        "UnitHit",
                        {
                            "hex": hex_json(p.target),
                            "wounds": p.wounds,
                            "blocked_by_armour": False,
                            "from": source_json(p.source),
                        },
                    )
                )
            self.stage = "medics"
            return
        phases = self.table().phases
        top = max((v[0] for v in phases.values() if v), default=0)
        self.events.append(Event("BattleStarted", {"initiative": top}))
        self.begin_phase(top)

    def begin_phase(self, phase: int) -> None:
        self.phase = phase
        self.stage = "phase"
        self.events.append(Event("PhaseStarted", {"initiative": phase}))

    def phase_step(self) -> bool:
        tables = self.table()
        acting = attacks.actions_now(self.phase, tables, self.used)
        answered = {(kind, h): choice for kind, h, choice in self.choices}
        exploding = {h for (kind, h), c in answered.items() if kind == "clown" and c == "explode"}
        for h, decision in attacks.phase_decisions(
            self.phase, self.board, self.geos, tables, acting, self.qm_used, exploding
        ):
            if (decision.kind, h) not in answered:
                # False: answered in auto mode, recompute with the answer.
                return self.ask(decision)
        swaps: dict[Hex, tuple[int, str]] = {}
        for (kind, h), choice in answered.items():
            if kind == "quartermaster" and choice != "none":
                swaps[hex_from_json(choice["unit"])] = (int(choice["side"]), str(choice["to"]))
                self.qm_used = (*self.qm_used, h)
        for h, idx in acting.items():
            if h not in tables.netted:
                mask = self.used.get(h, 0)
                for i in idx:
                    mask |= 1 << i
                self.used[h] = mask
        wounds = attacks.attack(
            self.board, self.geos, tables, self.rel, acting, swaps, exploding, self.events
        )
        self.exploded = exploding
        self.packets = attacks.to_packets(wounds)
        self.touched = frozenset(p.target for p in self.packets)
        self.stage = "medics"
        return False

    def end_phase(self) -> None:
        dead, lost = damage.end_phase(
            self.board,
            self.geos,
            self.packets,
            frozenset(self.consumed | self.exploded),
            self.events,
            endless_hqs=self.battle.position.points_variant,
        )
        if self.packets or dead:
            self.changed = True
        if dead:  # wounds alone change no effect; a removed tile may change them all
            self.tables = None
        self.hq_lost.extend(lost)
        self.packets = ()
        self.touched = frozenset()
        self.healed.clear()
        self.medics_done.clear()
        self.consumed.clear()
        self.exploded = set()
        self.choices = []
        if self.battle.mode == "strike":
            self.finish_strike()
            return
        self.events.append(Event("PhaseEnded", {"initiative": self.phase}))
        if self.phase > 0:
            self.begin_phase(self.phase - 1)
        else:
            self.finish_battle()

    def hq_points(self) -> list[int]:
        endless = self.battle.position.points_variant  # the PR are not counted down
        points = [0] * len(self.battle.position.seats)
        for p in self.board.values():
            g = self.geos[p.hex]
            if g.is_hq:
                points[p.seat] = g.hp if endless else g.hp - p.wounds
        return points

    def finish_battle(self) -> None:
        pos = self.battle.position
        if len(pos.seats) > 2 and not pos.teams:
            # DESTRUCTION D'UN QG (chacun pour soi): after the battle every tile of a player whose
            # HQ was destroyed leaves the board; that player is out.
            for seat in sorted(set(self.hq_lost)):
                gone = sorted(h for h, p in self.board.items() if p.seat == seat)
                for h in gone:
                    del self.board[h]
                    del self.geos[h]
                self.changed = True
                self.events.append(
                    Event(
                        "PlayerEliminated", {"seat": seat, "removed": [hex_json(h) for h in gone]}
                    )
                )
        self.finished = True
        self.stage = "done"
        self.phase = -1
        self.events.append(
            Event(
                "BattleEnded",
                {"hq_points": self.hq_points(), "hq_destroyed": sorted(set(self.hq_lost))},
            )
        )

    def finish_strike(self) -> None:
        assert self.battle.strike is not None
        seat, kind, target = self.battle.strike
        self.finished = True
        self.stage = "done"
        self.events.append(
            Event("StrikeResolved", {"strike": kind, "seat": seat, "target": hex_json(target)})
        )

    # -- answers -------------------------------------------------------------------------------

    def apply_choice(self, decision: Decision, choice: Any) -> None:
        kind = decision.kind
        if kind == "clown":
            self.choices.append(("clown", hex_from_json(decision.prompt["hex"]), choice))
        elif kind == "quartermaster":
            self.choices.append(
                ("quartermaster", hex_from_json(decision.prompt["quartermaster"]), choice)
            )
        elif kind == "medic":
            self.heal(
                (
                    hex_from_json(choice["medic"]),
                    hex_from_json(choice["hex"]),
                    source_from_json(choice["from"]),
                )
            )
        elif kind == "medic_chain":
            self.extend_chain(hex_from_json(choice))
        else:  # pragma: no cover - decisions are only made here
            raise ValueError(f"unknown decision {kind}")
