"""The frozen state of a Hexpanse game (spec section 14.1 is its JSON form, `position.py`).

Rules never change a `State`: they work on a `Work` copy (work.py) and freeze it again.
"""

from __future__ import annotations

from dataclasses import dataclass

from games.engine.hexgrid import Hex
from games.engine.memo import Memo

SCHEMA = 1
MODES = ("marin", "capitaine", "amiral")
POLICIES = ("ask", "always", "never")
KINDS = ("normal", "elite", "minor", "merc", "warlord")
MAX_LIFE = 12
START_LIFE = 6
MAX_INCOME = 4
ACTIONS_PER_TURN = 2
MARKET_SLOTS = 5
EXTRA_CARDS = 5

Counts = tuple[tuple[str, int], ...]  # "normal", "elite" or a minor code -> how many


@dataclass(frozen=True)
class Unit:
    """A piece on the board. `owner` None: a neutral unit left by eliminated seat `was`."""

    owner: int | None
    kind: str
    card: str | None = None  # a mercenary token's card
    minor: str | None = None  # a minor unit's faction
    was: int | None = None


@dataclass(frozen=True)
class Seat:
    faction: str | None
    alive: bool = True
    life: int = START_LIFE
    income: int = 1
    hexilum: int = 0
    reserve: Counts = ()
    healing: Counts = ()
    hand: tuple[str, ...] = ()
    mercs: tuple[tuple[str, int], ...] = ()  # card -> tokens still on the card
    minors: tuple[str, ...] = ()
    secret_mission: str | None = None
    protector_policy: str = "ask"


@dataclass(frozen=True)
class Turn:
    number: int
    seat: int
    phase: str  # setup, income, actions, market, over
    actions_left: int = ACTIONS_PER_TURN
    warlord_actions_used: tuple[str, ...] = ()
    activated: tuple[str, ...] = ()
    extra_market: int = 0
    extra_cards: tuple[str, ...] = ()


@dataclass(frozen=True)
class Decision:
    """One entry of the pending queue (R116): its seat, kind and the rest of its JSON object
    (canonical text: entries carry continuations, see effects.py)."""

    seat: int
    kind: str
    data: str


@dataclass(frozen=True)
class Setup:
    """The setup steps still to come (R25-R32): faction, minor, draft, discard, mission."""

    step: str
    first_player: int
    order: tuple[int, ...] = ()  # seats still to choose, in order (faction, minor, mission)
    offer: tuple[str, ...] = ()  # the minor factions on offer (public)
    packs: tuple[tuple[str, ...], ...] = ()  # expert draft: the pack each seat holds
    kept: tuple[tuple[str, ...], ...] = ()  # expert draft: the cards each seat kept
    passed: tuple[tuple[str, ...] | None, ...] = ()  # this round's rest, None: not picked yet
    discarded: tuple[str | None, ...] = ()  # expert: each seat's discard, None: not yet


@dataclass(frozen=True)
class Result:
    winner: tuple[int, ...]
    how: str  # mission, last_warlord
    mission: str | None = None


@dataclass(frozen=True)
class State(Memo):
    board: str
    mode: str
    elite: int
    expert: bool
    alien: bool
    teams: tuple[tuple[int, ...], ...] | None
    seats: tuple[Seat, ...]
    units: tuple[tuple[Hex, Unit], ...]
    market: tuple[str | None, ...]
    deck: tuple[str, ...]
    discard: tuple[str, ...]
    out_of_game: tuple[str, ...]
    common: str | None
    revealed: tuple[str, ...]
    offer: tuple[str, ...]
    turn: Turn
    pending: tuple[Decision, ...] = ()
    result: Result | None = None
    setup: Setup | None = None

    @property
    def players(self) -> int:
        return len(self.seats)

    def unit_at(self, h: Hex) -> Unit | None:
        for hx, unit in self.units:
            if hx == h:
                return unit
        return None


def team_of(teams: tuple[tuple[int, ...], ...] | None, seat: int) -> tuple[int, ...]:
    """The seats playing together with `seat` (itself included), R16."""
    if teams:
        for team in teams:
            if seat in team:
                return team
    return (seat,)


def are_enemies(teams: tuple[tuple[int, ...], ...] | None, a: int, b: int) -> bool:
    """R130: "enemy" and "opponent" mean a seat of another team."""
    return a != b and b not in team_of(teams, a)


def count(counts: Counts, key: str) -> int:
    for k, n in counts:
        if k == key:
            return n
    return 0


def kit(mode: str, elite: int, expert: bool) -> tuple[int, int, int]:
    """(normal, elite, minor units per minor faction) of one seat: H6, R14, R19, R21."""
    if mode == "marin":
        return 12 - elite, elite, 0
    if expert:
        return 6 - elite, elite, 3
    return 9 - elite, elite, 3
