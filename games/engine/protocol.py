"""The contract every game system implements (ARCHITECTURE.md, "The engine contract").

A system is a module-level object satisfying `GameSystem`. The platform (games.matches) drives
any system through this interface only and knows nothing of its rules.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol

from games.engine.rng import Rng

JSON = Any
ALL_SEATS = "all"


@dataclass(frozen=True)
class Term:
    """A refusal's value that English names in words of its own: a tile given by its key, which
    the English sentence calls by its English name and a site by its own words."""

    key: JSON
    english: str


class IllegalMove(Exception):
    """A move the rules forbid. `reason` is a sentence a player can read, in English: the command
    lines print it, the site translates it through its catalogues.

    A sentence that names values is given as a template with the values by name:
    `IllegalMove("Hex {hex} is not on the board.", "off_board", hex=move.hex)`. Then `reason`
    is the template filled in English (a value as Python writes its JSON, `[2, -1]`, `3`; a
    `Term` by its `english`), `template` the template itself and `values` each value as JSON
    (a hex as [q, r], a `Term` by its key): the site translates the template and writes each
    value in its own words, its kind being its name (`hex`, `tile`; any other, such as a
    number, is written as it is). A sentence without values has no template and no values."""

    def __init__(self, reason: str, code: str = "illegal", **values: JSON) -> None:
        self.template = reason if values else None
        self.values: dict[str, JSON] = {k: _as_json(v) for k, v in values.items()}
        english = {
            k: v.english if isinstance(v, Term) else self.values[k] for k, v in values.items()
        }
        self.reason = reason.format_map(english) if values else reason
        self.code = code
        super().__init__(self.reason)


class MalformedMove(IllegalMove):
    """Move data that does not even decode to a move of this system (a template with its
    values too: games/engine/move_fields.py)."""

    def __init__(self, reason: str, /, **values: JSON) -> None:
        super().__init__(reason, "malformed", **values)


def _as_json(value: JSON) -> JSON:
    if isinstance(value, Term):
        return _as_json(value.key)
    if isinstance(value, (tuple, list)):
        return [_as_json(v) for v in value]
    return value


@dataclass(frozen=True)
class Event:
    """Something that happened, in the past tense (`TileDrawn`, `UnitHit`).

    `visible_to` is ALL_SEATS or a tuple of seat indices; spectators see only ALL_SEATS events.
    `redacted` is what everybody else sees instead (None: they see nothing of it).
    """

    kind: str
    data: Mapping[str, JSON] = field(default_factory=dict)
    visible_to: str | tuple[int, ...] = ALL_SEATS
    redacted: Mapping[str, JSON] | None = None

    def for_seat(self, seat: int | None) -> dict[str, JSON] | None:
        """The event as `seat` (None: a spectator) may see it, or None if it sees nothing."""
        return event_for_seat(self.to_json(), seat)

    def to_json(self) -> dict[str, JSON]:
        """How the platform stores an event (MatchRecord.events)."""
        visible = self.visible_to if self.visible_to == ALL_SEATS else list(self.visible_to)
        out: dict[str, JSON] = {"kind": self.kind, "data": dict(self.data), "visible_to": visible}
        if self.redacted is not None:
            out["redacted"] = dict(self.redacted)
        return out


def event_for_seat(stored: Mapping[str, JSON], seat: int | None) -> dict[str, JSON] | None:
    """A stored event (`Event.to_json`) as `seat` may see it, flat; None if it sees nothing.
    The one rule of event visibility for stored events, as `Event.for_seat` is for live ones."""
    visible = stored.get("visible_to", ALL_SEATS)
    if visible == ALL_SEATS or (seat is not None and seat in visible):
        return {**stored.get("data", {}), "kind": stored["kind"]}
    if stored.get("redacted") is not None:
        return {**stored["redacted"], "kind": stored["kind"]}
    return None


@dataclass(frozen=True)
class Transition:
    state: Any
    events: tuple[Event, ...]
    rng: Rng
    # True when the move revealed something random or hidden (a draw, a shuffle): the platform
    # then forbids taking back anything before it (BGA's undo policy, peers.md).
    reveals: bool = False
    # True when the move ends the seat's turn; takebacks reach back only within one turn.
    ends_turn: bool = False


@dataclass(frozen=True)
class Outcome:
    """The end of a game. `ranks[i]` is seat i's place (0 = first; equal ranks = a tie).
    `scores` are system points (HQ points for Neuroshima Hex), used for tie-breaks."""

    ranks: tuple[int, ...]
    scores: tuple[float, ...] = ()
    reason: str = ""

    @property
    def winners(self) -> tuple[int, ...]:
        return tuple(i for i, rank in enumerate(self.ranks) if rank == 0)

    @property
    def is_draw(self) -> bool:
        return len(self.winners) == len(self.ranks)


class GameSystem(Protocol):
    key: str
    version: int
    state_schema: int
    min_seats: int
    max_seats: int

    def validate_config(self, config: Mapping[str, JSON], seats: int) -> dict[str, JSON]:
        """Return the normalised config or raise ValueError with a readable reason."""

    def setup(self, config: Mapping[str, JSON], seats: int, rng: Rng) -> Transition: ...

    def to_act(self, state: Any) -> tuple[int, ...]: ...

    def legal_moves(self, state: Any, seat: int) -> Sequence[JSON]:
        """Every legal move of `seat`, JSON-encoded, in a stable order."""

    def apply(self, state: Any, seat: int, move: JSON, rng: Rng) -> Transition:
        """Pure. Raises IllegalMove (or MalformedMove) and then changes nothing."""

    def outcome(self, state: Any) -> Outcome | None: ...

    def view(self, state: Any, seat: int | None) -> JSON:
        """What `seat` (None: a spectator) may know, as JSON. Never deck orders or others' hands."""

    def state_to_json(self, state: Any) -> JSON: ...

    def state_from_json(self, data: JSON) -> Any: ...

    def forfeit(self, state: Any, seat: int, reason: str) -> Transition:
        """The seat resigns or loses on time: the system's forfeit rule applies."""

    # --- What a system says about itself (defaults in SystemDefaults) ---------------------------

    allows_draw: bool
    """Whether players may agree a draw (the platform offers draw proposals only then)."""

    scenarios: tuple[str, ...]
    """Scenario keys; () when the system has none. A config's "scenario" names one."""

    def teams(self, config: Mapping[str, JSON], seats: int) -> tuple[tuple[int, ...], ...]:
        """Seats that win and lose together (ratings, standings); each seat alone by default."""

    one_person_may_hold_team_seats: bool
    """Whether one person may hold several seats of one team (`teams`), playing each in turn
    and seeing what each may see; never seats of two teams. False by default: one seat each."""

    def duel_configs(self, config: Mapping[str, JSON], rng: Rng) -> tuple[dict[str, JSON], ...]:
        """The configs of a league duel: the first game, then its mirror played with the seats
        swapped. Whatever is drawn (armies, sides) comes from `rng`, so it can be replayed."""

    def start_view(self, config: Mapping[str, JSON], seats: int) -> JSON:
        """The spectator's view of a game set up from `config` (lobby and analysis previews)."""

    def determinize(self, view: JSON, seat: int, rng: Rng) -> Any:
        """A full state consistent with everything `seat` knows (its own `view`): hidden zones
        dealt at random from what that seat has not seen. The computer opponent searches these
        states, so it never reads hidden information."""


@dataclass(frozen=True)
class ArmyProblem:
    """Why an army list cannot be used yet: a code the site words for players (`over_points_limit`,
    `too_many_heroes`...), the unit it concerns (None: the whole list) and the field, if any."""

    code: str
    unit: str | None = None
    field: str | None = None


@dataclass(frozen=True)
class PricedUnit:
    id: str | None
    per_model: int
    count: int
    subtotal: int


@dataclass(frozen=True)
class ArmyPrice:
    """An army list priced by its system's rules. `total` is None when a value has no cost (then
    `units` is empty); `figures` are the system's own counts (Heroes used and allowed, SWC...)."""

    total: int | None
    units: tuple[PricedUnit, ...] = ()
    figures: Mapping[str, int] = field(default_factory=dict)
    problems: tuple[ArmyProblem, ...] = ()

    @property
    def valid(self) -> bool:
        return self.total is not None and not self.problems


class SystemDefaults:
    """Defaults for the optional parts of the contract: inherit, then override what differs.

    A system may also define `evaluate(state, seat) -> float` (a win estimate in [0, 1] that the
    generic computer opponent uses at its leaves) or `choose_move(state, seat, rng, level)` (its
    own computer opponent, used instead of the generic search; it must only read what `seat`
    may know), or `search_budgets` (the generic search's `Budget` of each level, for a system
    whose evaluation deserves more trust than short random playouts), or
    `timeout_move(state, seat) -> move | None` (the rules' default of the decision `seat` owes
    when its deadline passes, which the platform plays as that seat's move; None, or no such
    method, leaves a loss on time)."""

    allows_draw = True
    scenarios: tuple[str, ...] = ()
    one_person_may_hold_team_seats = False

    # --- army lists (systems whose players build their armies: the one-page skirmish, Infinity)
    has_army_lists = False
    """Whether players bring a list of their own; `price_army` and `validate_army` then work,
    and `config_with_armies` puts the chosen lists into a match config."""

    army_lists_public = True
    """Whether, once a match starts, each player may see the other players' lists (the
    one-page skirmish: yes, "armies ... are public"); competitions show a list to opponents only
    then, and only when this is true."""

    def price_army(self, army: Mapping[str, JSON]) -> ArmyPrice:
        """Every cost of a list, by the rules (the builder's live costs, the command line's)."""
        raise NotImplementedError(f"{type(self).__name__} has no army lists")

    def validate_army(
        self, army: Mapping[str, JSON], points_limit: int | None = None
    ) -> tuple[ArmyProblem, ...]:
        """Every reason the list cannot be used, within `points_limit` if given (else the list's
        own `points_limit`, if any); () when it can."""
        price = self.price_army(army)
        problems = [p for p in price.problems if p.code != "over_points_limit"]
        limit = points_limit if points_limit is not None else army.get("points_limit")
        over = isinstance(limit, int) and price.total is not None and price.total > limit
        return (*problems, *([ArmyProblem("over_points_limit")] if over else []))

    def config_with_armies(
        self, config: Mapping[str, JSON], armies: Sequence[Mapping[str, JSON] | None]
    ) -> dict[str, JSON]:
        """`config` with each seat's list (None: the system's default for that seat)."""
        raise NotImplementedError(f"{type(self).__name__} has no army lists")

    def points_limit(self, config: Mapping[str, JSON]) -> int | None:
        """The points limit a config sets for every list, if any."""
        return None

    def teams(self, config: Mapping[str, JSON], seats: int) -> tuple[tuple[int, ...], ...]:
        return tuple((i,) for i in range(seats))

    def duel_configs(self, config: Mapping[str, JSON], rng: Rng) -> tuple[dict[str, JSON], ...]:
        return dict(config), dict(config)

    def start_view(self, config: Mapping[str, JSON], seats: int) -> JSON:
        system: Any = self
        # A fixed seed: the spectator's view shows nothing that the shuffle decided.
        return system.view(system.setup(config, seats, Rng("start-view")).state, None)

    def determinize(self, view: JSON, seat: int, rng: Rng) -> Any:
        raise NotImplementedError(f"{type(self).__name__} cannot determinize a view yet")
