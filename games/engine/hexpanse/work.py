"""One move's working copy of the state: mutable, thrown away if the move is refused.

`Work.of(state, rng)` copies a frozen `State` into plain lists and dicts; the rules change it;
`work.freeze()` makes the new `State`. The input of `apply` is never touched.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field, replace
from typing import Any

from games.engine.context import refuse as refuse  # with a code of spec section 14.4
from games.engine.hexgrid import Hex, neighbours
from games.engine.hexpanse.data import boards, hex_key
from games.engine.hexpanse.state import (
    Decision,
    Result,
    Seat,
    Setup,
    State,
    Turn,
    Unit,
    are_enemies,
    team_of,
)
from games.engine.protocol import ALL_SEATS, Event
from games.engine.rng import Rng


@dataclass
class SeatW:
    faction: str | None
    alive: bool
    life: int
    income: int
    hexilum: int
    reserve: dict[str, int]
    healing: dict[str, int]
    hand: list[str]
    mercs: dict[str, int]
    minors: list[str]
    secret_mission: str | None
    protector_policy: str

    @classmethod
    def of(cls, s: Seat) -> SeatW:
        return cls(
            s.faction,
            s.alive,
            s.life,
            s.income,
            s.hexilum,
            dict(s.reserve),
            dict(s.healing),
            list(s.hand),
            dict(s.mercs),
            list(s.minors),
            s.secret_mission,
            s.protector_policy,
        )

    def freeze(self) -> Seat:
        return Seat(
            faction=self.faction,
            alive=self.alive,
            life=self.life,
            income=self.income,
            hexilum=self.hexilum,
            reserve=_counts(self.reserve),
            healing=_counts(self.healing),
            hand=tuple(self.hand),
            mercs=tuple(sorted(self.mercs.items())),
            minors=tuple(self.minors),
            secret_mission=self.secret_mission,
            protector_policy=self.protector_policy,
        )


def _counts(d: dict[str, int]) -> tuple[tuple[str, int], ...]:
    order = {"normal": 0, "elite": 1}
    return tuple(
        sorted(((k, n) for k, n in d.items() if n), key=lambda kv: (order.get(kv[0], 2), kv[0]))
    )


@dataclass
class TurnW:
    number: int
    seat: int
    phase: str
    actions_left: int
    warlord_actions_used: list[str]
    activated: list[str]
    extra_market: int
    extra_cards: list[str]


@dataclass
class Work:
    base: State
    rng: Rng
    seats: list[SeatW]
    units: dict[Hex, Unit]
    market: list[str | None]
    deck: list[str]
    discard: list[str]
    out_of_game: list[str]
    common: str | None
    revealed: list[str]
    offer: list[str]
    turn: TurnW
    pending: list[dict[str, Any]]
    result: Result | None
    setup: Setup | None
    steps: list[dict[str, Any]] = field(default_factory=list)
    events: list[Event] = field(default_factory=list)
    shuffled: bool = False  # a draw or shuffle happened (the platform then forbids undo)
    dirty: bool = True  # units moved or changed owner since the last mission check

    @classmethod
    def of(cls, state: State, rng: Rng) -> Work:
        t = state.turn
        return cls(
            base=state,
            rng=rng,
            seats=[SeatW.of(s) for s in state.seats],
            units=dict(state.units),
            market=list(state.market),
            deck=list(state.deck),
            discard=list(state.discard),
            out_of_game=list(state.out_of_game),
            common=state.common,
            revealed=list(state.revealed),
            offer=list(state.offer),
            turn=TurnW(
                t.number,
                t.seat,
                t.phase,
                t.actions_left,
                list(t.warlord_actions_used),
                list(t.activated),
                t.extra_market,
                list(t.extra_cards),
            ),
            pending=[{"seat": d.seat, "kind": d.kind, **json.loads(d.data)} for d in state.pending],
            result=state.result,
            setup=state.setup,
        )

    def freeze(self) -> State:
        t = self.turn
        return replace(
            self.base,
            seats=tuple(s.freeze() for s in self.seats),
            units=tuple(sorted(self.units.items())),
            market=tuple(self.market),
            deck=tuple(self.deck),
            discard=tuple(self.discard),
            out_of_game=tuple(self.out_of_game),
            common=self.common,
            revealed=tuple(self.revealed),
            offer=tuple(self.offer),
            turn=Turn(
                t.number,
                t.seat,
                t.phase,
                t.actions_left,
                tuple(t.warlord_actions_used),
                tuple(t.activated),
                t.extra_market,
                tuple(t.extra_cards),
            ),
            pending=tuple(decision(p) for p in self.pending),
            result=self.result,
            setup=self.setup,
        )

    # --- events ------------------------------------------------------------------------------
    def emit(
        self,
        kind: str,
        /,
        only: tuple[int, ...] | None = None,
        redacted: dict[str, Any] | None = None,
        **data: Any,
    ) -> None:
        """An event; `only` names the seats that see all of it (others see `redacted`)."""
        visible: str | tuple[int, ...] = ALL_SEATS if only is None else only
        self.events.append(Event(kind, data, visible, redacted))

    # --- the board ---------------------------------------------------------------------------
    @property
    def players(self) -> int:
        return len(self.seats)

    @property
    def teams(self) -> tuple[tuple[int, ...], ...] | None:
        return self.base.teams

    def playable(self) -> frozenset[Hex]:
        return boards()[self.base.board].playable(self.players)

    def value(self, h: Hex) -> int:
        return boards()[self.base.board].value(h)

    def adjacent(self, h: Hex) -> list[Hex]:
        cells = self.playable()
        return [n for n in neighbours(h) if n in cells]

    def warlord_hex(self, seat: int) -> Hex | None:
        for h, u in self.units.items():
            if u.kind == "warlord" and u.owner == seat:
                return h
        return None

    def enemy(self, a: int, b: int | None) -> bool:
        return b is not None and are_enemies(self.teams, a, b)

    def team(self, seat: int) -> tuple[int, ...]:
        return team_of(self.teams, seat)

    def living(self) -> list[int]:
        return [i for i, s in enumerate(self.seats) if s.alive]

    def gain(self, seat: int, n: int, why: str) -> None:
        if n > 0 and self.seats[seat].alive:
            self.seats[seat].hexilum += n
            self.emit("HexilumGained", seat=seat, amount=n, why=why)


def decision(entry: dict[str, Any]) -> Decision:
    rest = {k: v for k, v in entry.items() if k not in ("seat", "kind")}
    return Decision(int(entry["seat"]), str(entry["kind"]), json.dumps(rest, sort_keys=True))


def key(h: Hex) -> str:
    return hex_key(h)
