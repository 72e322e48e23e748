"""The state of a Neuroshima Hex game: frozen dataclasses and their exact JSON round trip.

Everything is in here, including hidden facts (deck order, hands): the state never leaves the
engine except through `view` (ARCHITECTURE.md, "Hidden information leaves the engine only through
view").
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, TypeVar

from games.engine.hexgrid import Hex
from games.engine.memo import MEMO, Memo
from games.engine.neuroshima.position import Position
from games.engine.protocol import ALL_SEATS, JSON, Event, Outcome

T = TypeVar("T")

SCHEMA = 1
RECENT_EVENTS = 24  # events kept in the state for the views' "recent events"

# Turn phases. "hq": the current seat places its HQ (DÉBUT DU JEU); "discard": it must first
# throw away one of its three tiles (DÉROULEMENT DU JEU); "play": it plays, keeps or discards;
# "push": the owner of a pushed unit picks where it goes (REPOUSSER); "battle": a battle or an
# instant strike waits for a decision; "over": the game has ended.
PHASES = ("hq", "discard", "play", "push", "battle", "over")


@dataclass(frozen=True)
class Config:
    armies: tuple[str, ...]
    mode: str = "ffa"  # "ffa" | "alliance" (teams [[0, 2], [1, 3]])
    board: str = "standard"  # "standard" | "king_of_the_hill"
    points_variant: bool = False

    @property
    def seats(self) -> int:
        return len(self.armies)

    @property
    def teams(self) -> tuple[tuple[int, ...], ...] | None:
        return ((0, 2), (1, 3)) if self.mode == "alliance" else None

    def to_json(self) -> dict[str, JSON]:
        return {
            "armies": list(self.armies),
            "mode": self.mode,
            "board": self.board,
            "points_variant": self.points_variant,
        }

    @classmethod
    def from_json(cls, data: JSON) -> Config:
        return cls(
            armies=tuple(data["armies"]),
            mode=data["mode"],
            board=data["board"],
            points_variant=bool(data["points_variant"]),
        )


@dataclass(frozen=True)
class SeatState:
    deck: tuple[str, ...]  # top of the pile first; its order is never shown
    hand: tuple[str, ...] = ()
    # shown[i]: hand[i] was kept from an earlier turn, so every seat knows it (DÉROULEMENT DU
    # JEU: "Les tuiles conservées doivent être bien visibles pour les deux joueurs").
    shown: tuple[bool, ...] = ()
    discard: tuple[str, ...] = ()
    eliminated: int | None = None  # number of the battle that eliminated the seat (-1: forfeit)
    points: int = 0  # points variant: damage dealt to enemy HQs

    def to_json(self) -> dict[str, JSON]:
        return {
            "deck": list(self.deck),
            "hand": list(self.hand),
            "shown": list(self.shown),
            "discard": list(self.discard),
            "eliminated": self.eliminated,
            "points": self.points,
        }

    @classmethod
    def from_json(cls, data: JSON) -> SeatState:
        return cls(
            deck=tuple(data["deck"]),
            hand=tuple(data["hand"]),
            shown=tuple(bool(x) for x in data["shown"]),
            discard=tuple(data["discard"]),
            eliminated=data["eliminated"],
            points=int(data["points"]),
        )


@dataclass(frozen=True)
class PendingPush:
    """A push waiting for the pushed unit's owner to pick among `options` (REPOUSSER)."""

    seat: int
    pusher: Hex
    target: Hex
    options: tuple[Hex, ...]

    def to_json(self) -> dict[str, JSON]:
        """Public: the state's JSON and every seat's view hold it alike."""
        return {
            "seat": self.seat,
            "pusher": list(self.pusher),
            "target": list(self.target),
            "options": [list(h) for h in self.options],
        }


@dataclass(frozen=True)
class State(Memo):
    config: Config
    position: Position
    seats: tuple[SeatState, ...]
    phase: str = "hq"
    current: int = 0
    turn: int = 0  # turns begun after the HQs were placed (first round: turn < seats)
    moved: tuple[Hex, ...] = ()  # where the units that used their mobility this turn now stand
    push: PendingPush | None = None
    battle: Any = None  # a running battle.Battle (a battle or an instant strike)
    battle_kind: str | None = None  # battle | board_full | final | sniper | grenade | air_strike
    battles: int = 0  # battles fought so far
    last_tile_by: int | None = None  # the seat that drew the last tile of its pile (FIN DU JEU)
    last_turns: tuple[int, ...] | None = None  # seats still owed a last turn after this one
    hq_hits: tuple[tuple[int, int, int], ...] = ()  # points variant: (by, hq seat, wounds)
    result: Outcome | None = None
    recent: tuple[Event, ...] = ()

    def active(self, seat: int) -> bool:
        return self.seats[seat].eliminated is None

    def active_seats(self) -> tuple[int, ...]:
        return tuple(i for i, s in enumerate(self.seats) if s.eliminated is None)

    def with_seat(self, seat: int, also: dict[str, Any] | None = None, **changes: Any) -> State:
        """A copy with seat `seat` changed by `changes` (and the state by `also`, in one copy)."""
        seats = list(self.seats)
        seats[seat] = evolve(seats[seat], **changes)
        if also:
            return evolve(self, seats=tuple(seats), **also)
        return evolve(self, seats=tuple(seats))

    def but(self, **changes: Any) -> State:
        """A copy with `changes` (dataclasses.replace, faster)."""
        return evolve(self, **changes)

    def log(self, events: tuple[Event, ...]) -> State:
        """The state with `events` added to the recent ones. Events are kept as they are: the
        engine builds them JSON-plain (lists, never tuples; `event_is_plain`, checked by the
        tests), so the state still round-trips exactly through JSON."""
        if not events:
            return self
        recent = self.recent
        if len(events) >= RECENT_EVENTS:
            kept = events[-RECENT_EVENTS:]
        elif len(recent) + len(events) <= RECENT_EVENTS:
            kept = recent + events
        else:
            kept = recent[len(events) - RECENT_EVENTS :] + events
        return evolve(self, recent=kept)


def evolve(obj: T, **changes: Any) -> T:
    """dataclasses.replace for these frozen dataclasses, without re-running __init__ (the
    state is copied on every move: this is the engine's hottest line)."""
    new = object.__new__(type(obj))
    new.__dict__.update(obj.__dict__)
    new.__dict__.pop(MEMO, None)  # what was worked out from the old state is not the new's
    new.__dict__.update(changes)
    return new


def _is_plain(value: JSON) -> bool:
    """Whether the value is what JSON gives back (no tuples, string keys)."""
    kind = type(value)
    if kind is str or kind is int or kind is bool or value is None or kind is float:
        return True
    if kind is list:
        return all(_is_plain(v) for v in value)
    if kind is dict:
        return all(type(k) is str and _is_plain(v) for k, v in value.items())
    return False


def event_is_plain(event: Event) -> bool:
    """Whether the event survives a JSON round trip unchanged (its data and redacted data are
    plain JSON, visible_to is ALL_SEATS or a tuple of seats)."""
    visible = event.visible_to
    return (
        (visible == ALL_SEATS or (type(visible) is tuple and all(type(s) is int for s in visible)))
        and type(event.data) is dict
        and _is_plain(event.data)
        and (event.redacted is None or (type(event.redacted) is dict and _is_plain(event.redacted)))
    )


def event_to_json(event: Event) -> dict[str, JSON]:
    return {
        "kind": event.kind,
        "data": dict(event.data),
        "visible_to": event.visible_to if event.visible_to == ALL_SEATS else list(event.visible_to),
        "redacted": None if event.redacted is None else dict(event.redacted),
    }


def event_from_json(data: JSON) -> Event:
    visible = data["visible_to"]
    return Event(
        data["kind"],
        dict(data["data"]),
        visible if visible == ALL_SEATS else tuple(visible),
        None if data["redacted"] is None else dict(data["redacted"]),
    )


def _hex(value: JSON) -> Hex:
    return (int(value[0]), int(value[1]))


def state_to_json(state: State) -> dict[str, JSON]:
    result = state.result
    return {
        "schema": SCHEMA,
        "config": state.config.to_json(),
        "position": state.position.to_json(),
        "seats": [s.to_json() for s in state.seats],
        "phase": state.phase,
        "current": state.current,
        "turn": state.turn,
        "moved": [list(h) for h in state.moved],
        "push": None if state.push is None else state.push.to_json(),
        "battle": None if state.battle is None else state.battle.to_json(),
        "battle_kind": state.battle_kind,
        "battles": state.battles,
        "last_tile_by": state.last_tile_by,
        "last_turns": None if state.last_turns is None else list(state.last_turns),
        "hq_hits": [list(h) for h in state.hq_hits],
        "result": None
        if result is None
        else {"ranks": list(result.ranks), "scores": list(result.scores), "reason": result.reason},
        "recent": [event_to_json(e) for e in state.recent],
    }


def state_from_json(data: JSON) -> State:
    if data.get("schema") != SCHEMA:
        raise ValueError(f"unknown Neuroshima state schema {data.get('schema')!r}")
    push = data["push"]
    result = data["result"]
    battle = None
    if data["battle"] is not None:
        from games.engine.neuroshima import battle as battle_rules

        battle = battle_rules.Battle.from_json(data["battle"])
    config = Config.from_json(data["config"])
    # The config says whether HQs are endless (points variant); the position follows it.
    position = Position.from_json({**data["position"], "points_variant": config.points_variant})
    return State(
        config=config,
        position=position,
        seats=tuple(SeatState.from_json(s) for s in data["seats"]),
        phase=data["phase"],
        current=int(data["current"]),
        turn=int(data["turn"]),
        moved=tuple(_hex(h) for h in data["moved"]),
        push=None
        if push is None
        else PendingPush(
            seat=int(push["seat"]),
            pusher=_hex(push["pusher"]),
            target=_hex(push["target"]),
            options=tuple(_hex(h) for h in push["options"]),
        ),
        battle=battle,
        battle_kind=data["battle_kind"],
        battles=int(data["battles"]),
        last_tile_by=data["last_tile_by"],
        last_turns=None if data["last_turns"] is None else tuple(data["last_turns"]),
        hq_hits=tuple((int(a), int(b), int(c)) for a, b, c in data["hq_hits"]),
        result=None
        if result is None
        else Outcome(
            ranks=tuple(result["ranks"]),
            scores=tuple(float(x) for x in result["scores"]),
            reason=result["reason"],
        ),
        recent=tuple(event_from_json(e) for e in data["recent"]),
    )
