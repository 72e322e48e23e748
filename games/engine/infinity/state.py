"""The state of an Infinity game: frozen dataclasses mirroring the position format of spec
Part E.1 (position.py converts). Secrets (each seat's Lieutenant, reaction policies, hidden
troopers and their ambush triggers) live in `hidden`; they leave the engine only through
view.py."""

from __future__ import annotations

from dataclasses import dataclass, fields
from functools import cached_property
from typing import Any, TypeVar

from games.engine.hexgrid import Hex
from games.engine.infinity.data import Profile, profile

# Re-exported: every module reads the whole state from here.
from games.engine.infinity.state_order import Aro as Aro
from games.engine.infinity.state_order import CurrentOrder as CurrentOrder
from games.engine.infinity.state_order import Pending as Pending
from games.engine.infinity.state_order import Policy as Policy
from games.engine.infinity.state_order import Skill as Skill
from games.engine.infinity.state_order import Trigger as Trigger
from games.engine.memo import Memo

SCHEMA = 1
GAME = "infinity-n2-hs"
SEATS = (0, 1)
TROOPER_STATES = ("normal", "unconscious", "dead", "immobilised", "withdrawn")  # turns.py
CIVILIAN_KINDS = ("unknown", "neutral", "hostile")
PENDING_KINDS = (
    "initiative",
    "deployment",  # setup.py: the roll-off's loser chooses who deploys first (B.5, N2's split)
    "turn_order",  # setup.py: the roll-off's loser chooses who plays first (B.5, N2's split)
    "deploy",
    "order",
    "declare2",
    "aro",
    "guts",
    "appoint_lieutenant",
    "koala_target",  # koalas.trigger: a CrazyKoala's target against a coordinated order
    "ended",
)
ORDER_KINDS = ("regular", "irregular", "impetuous", "lieutenant")
SKILLS = (
    "move",
    "change_facing",
    "prone",
    "get_up",
    "dodge",
    "bs_attack",
    "cc_attack",
    "sync_civilian",
    "heal",
    "speculative",
    "withdraw",
    "discover",  # camouflage.py (tier 3)
    "recamouflage",  # camouflage.py: back to marker state out of sight (tier 3)
    "minesweep",  # mines.py: the Minesweeper turns enemy mines to its side (tier 3)
    "intuitive",  # intuitive.py: a teardrop laid on an undiscovered marker (tier 2)
    "holo_reactivate",  # disguise.py: a Holoprojector L1 disguised again, out of sight (tier 3)
    "climb",  # heights.py: onto a roof or down from it (tier 2)
    "jump",  # heights.py: across or down, never up (tier 2)
    "none",
)
LONG_SKILLS = (
    "speculative",
    "recamouflage",
    "intuitive",
    "holo_reactivate",  # T 2380–2381: « dépenser 1 Ordre »
)  # the whole order (B.6): no second skill, one window
MOVEMENT_SKILLS = ("move", "change_facing", "prone", "get_up", "withdraw", "climb", "jump")
ARO_SKILLS = ("bs_attack", "cc_attack", "dodge", "change_facing", "discover", "minesweep")
SCENARIOS = ("annihilation", "civilian_evacuation", "zone_control")
ZOC = 4  # hexes: 8 in. / 20 cm (FT-3, the text's worked example; spec B.1)


def other(seat: int) -> int:
    return 1 - seat


@dataclass(frozen=True)
class Trooper:
    id: str
    seat: int
    profile: str
    hex: Hex | None  # None: not deployed yet
    facing: int = 0
    state: str = "normal"
    wounds: int = 0
    prone: bool = False
    uses: tuple[tuple[str, int], ...] = ()  # weapon id -> uses left (limited weapons)
    burnt: bool = False
    fury_on_join: str | None = None
    enraged: bool = False  # Frenzy: it wounded an enemy outside a fireteam (fury.py)
    controller: str | None = None  # a G: Synchronised remote's controller (remotes.py)
    dogged: bool = False  # V: Dogged: fallen but fighting on until its turn ends (damage.py)
    screen: int | None = None  # Nanoscreen: the side it stands on (None: in front; nanoscreen.py)
    screen_off: bool = False  # Nanoscreen switched off by INC, E/M or Plasma

    @property
    def prof(self) -> Profile:
        return profile(self.profile)

    @property
    def fury(self) -> str | None:
        """Its fury state before FT-25's suspension in a fireteam: a Frenzied trooper that has
        wounded an enemy is Impetuous for the rest of the game (fury.py)."""
        if self.prof.fury == "frenzy" and self.enraged:
            return "impetuous"
        return self.prof.fury

    @property
    def on_table(self) -> bool:
        return self.hex is not None and self.state != "dead"

    @property
    def normal(self) -> bool:
        """Normal state on the table: gives an order, acts, reacts, blocks lines of fire."""
        return self.hex is not None and self.state == "normal"

    def uses_left(self, weapon_id: str, default: int | None) -> int | None:
        for wid, n in self.uses:
            if wid == weapon_id:
                return n
        return default


@dataclass(frozen=True)
class Civilian:
    id: str
    hex: Hex
    facing: int = 0
    kind: str = "neutral"
    state: str = "normal"
    wounds: int = 0
    synced_to: str | None = None
    killed_by: int | None = None

    @property
    def standing(self) -> bool:
        return self.state in ("normal", "immobilised")


@dataclass(frozen=True)
class Fireteam:
    seat: int
    leader: str | None  # None: the link broke with its leader (FT-18), a new one may be named
    members: tuple[str, ...]
    left_this_turn: tuple[str, ...] = ()
    fallen: str | None = None  # the leader whose fall broke the link this turn (FT-18)


@dataclass(frozen=True)
class SeatInfo:
    seat: int
    army: str
    sectorial: str | None
    army_points: int
    baggage: int = 0
    loss_of_lieutenant: bool = False
    retreat: bool = False
    revealed_lieutenant: str | None = None
    zone_points: int = 0  # Zone Control (zones.py)


@dataclass(frozen=True)
class Orders:
    regular: int = 0
    irregular: tuple[tuple[str, int], ...] = ()
    impetuous: tuple[tuple[str, int], ...] = ()
    lieutenant: int = 0

    def __post_init__(self) -> None:
        # One pool, one state: the position format writes these tables as JSON objects, which
        # keep no order worth trusting (PostgreSQL's jsonb reorders keys), and the reader sorts
        # them; sorted here too, a state read back equals the one written.
        object.__setattr__(self, "irregular", tuple(sorted(self.irregular)))
        object.__setattr__(self, "impetuous", tuple(sorted(self.impetuous)))

    @property
    def total(self) -> int:
        return (
            self.regular
            + self.lieutenant
            + sum(n for _, n in self.irregular)
            + sum(n for _, n in self.impetuous)
        )

    def of(self, table: str, trooper: str) -> int:
        pairs = self.irregular if table == "irregular" else self.impetuous
        return next((n for t, n in pairs if t == trooper), 0)


@dataclass(frozen=True)
class Mine:
    """An antipersonnel mine a Minelayer laid (mines.py): its marker id, its layer, where it
    lies, and whether the other seat knows it is a mine (set off, discovered, or laid in the
    open after a failed infiltration)."""

    id: str
    layer: str
    hex: Hex
    shown: bool = False
    ammo: str = "Shock"  # "Viral": a Viral Mine (mines.py, T 2101–2104)


@dataclass(frozen=True)
class Secret:
    lieutenant: str | None = None
    policies: tuple[tuple[str, Policy], ...] = ()
    hidden_deployment: tuple[str, ...] = ()
    ambush: tuple[Trigger, ...] = ()
    # Camouflage markers on the table (camouflage.py, spec B.14): marker id -> trooper id.
    markers: tuple[tuple[str, str], ...] = ()
    # Troopers an infiltration roll placed for good (infiltration.py), with whether it passed:
    # not deployed again; a Minelayer that failed lays its mine in the open (mines.py).
    infiltrated: tuple[tuple[str, bool], ...] = ()

    def rolled_infiltration(self, trooper: str) -> bool | None:
        """Whether the trooper's infiltration roll passed; None if it made none."""
        return next((ok for t, ok in self.infiltrated if t == trooper), None)

    # Mines laid by the seat's Minelayers (mines.py); those not `shown` stand as markers.
    mines: tuple[Mine, ...] = ()
    # Holoprojector L2 (holo.py): trooper id -> the token that is really it (its own id for the
    # figure, else one of its Holo-echoes' ids). Only while echoes stand.
    holo: tuple[tuple[str, str], ...] = ()
    # Holoprojector L1 (disguise.py): trooper id -> the profile it stands as. Only while it does.
    disguises: tuple[tuple[str, str], ...] = ()

    def policy(self, trooper: str, default: Policy) -> Policy:
        return next((p for t, p in self.policies if t == trooper), default)


@dataclass(frozen=True)
class Structure:
    """A piece of scenery both players gave a profile (the text's 'RÈGLE DE DECORS', SC-1): it
    may be shot at (structures.py); `damage` counts the structure points it lost."""

    hex: Hex
    arm: int
    str: int
    damage: int = 0

    @property
    def destroyed(self) -> bool:
        return self.damage >= self.str


@dataclass(frozen=True)
class Board:
    name: str | None
    cols: int
    rows: int
    scenery: tuple[tuple[Hex, str], ...]
    zones: tuple[tuple[int, int], tuple[int, int]]  # deployment rows per seat
    structures: tuple[Structure, ...] = ()  # scenery that may be shot at (SC-1)
    roofs: tuple[tuple[Hex, int], ...] = ()  # buildings' roof levels 1-3 (heights.py, tier 2)


class Terrain(dict[Hex, str]):
    """The scenery's kind by hex, carrying the roofs' levels (heights.py): every geometry
    function that takes the scenery reads the heights from it, and a reader that only asks a
    hex's kind sees a plain dict."""

    def __init__(self, kinds: Any = (), roofs: Any = ()) -> None:
        super().__init__(kinds)
        self.roofs: dict[Hex, int] = dict(roofs)


@dataclass(frozen=True)
class Scenario:
    id: str = "annihilation"
    max_game_turns: int = 3
    civilians: str = "none"  # none | neutral | mixed


@dataclass(frozen=True)
class Turn:
    game_turn: int = 1
    first_seat: int = 0
    active_seat: int = 0
    phase: str = "deployment"  # deployment | active | ended
    orders: tuple[Orders, Orders] = (Orders(), Orders())
    current: CurrentOrder | None = None
    pending: Pending | None = None
    queue: tuple[Pending, ...] = ()  # decisions waiting behind the pending one
    last_game_turn: int | None = None  # Retreat! ends the game after this game turn
    first_deployer: int | None = None  # B.5's Deployment privilege: who deploys first (setup.py)


@dataclass(frozen=True)
class Score:
    vp: tuple[int, int]
    winner: int | None
    reason: str = "end"


@dataclass(frozen=True)
class Koala:
    """A CrazyKoala on the table (koalas.py): its carrier's, in standby where it stands."""

    id: str
    seat: int
    carrier: str
    hex: Hex


@dataclass(frozen=True)
class Echo:
    """A Holo-echo marker (holo.py, T 'Holoprojecteur N2'): public, with whose it is; whether
    it or its trooper's figure is real is the owner's secret (`Secret.holo`)."""

    id: str
    seat: int
    trooper: str
    hex: Hex


@dataclass(frozen=True)
class State(Memo):
    board: Board
    scenario: Scenario
    seats: tuple[SeatInfo, SeatInfo]
    troopers: tuple[Trooper, ...]
    civilians: tuple[Civilian, ...] = ()
    fireteams: tuple[Fireteam, ...] = ()
    turn: Turn = Turn()
    hidden: tuple[Secret, Secret] = (Secret(), Secret())
    score: Score | None = None
    auto_policy: str = "ask"  # the policy of troopers without one: ask | auto
    hidden_allowed: bool = False  # the lobby's hidden-deployment option (one trooper a side)
    # B.5 as N2 has it (setup.py): the roll-off's winner takes one privilege, Initiative or
    # Deployment, the loser decides the other; False: a game set up before, the winner's turn
    # order deciding both.
    split_privileges: bool = False
    # Set-up version 3 on (setup.py): an empty `set_ambush` with no trigger to clear is refused
    # (hidden.py); False: a game set up before, whose log may hold one, replays as it was played.
    refuse_idle_ambush: bool = False
    # Set-up version 4 on (setup.py): a hidden-deployed trooper that links into a fireteam shows
    # itself (fireteams.py); False: a game set up before, whose log replays as it was played.
    link_reveals_hidden: bool = False
    koalas: tuple[Koala, ...] = ()  # CrazyKoalas on the table (koalas.py)
    markers_placed: int = 0  # camouflage markers placed so far: the next one is m<n+1>
    echoes: tuple[Echo, ...] = ()  # Holo-echo markers on the table (holo.py)

    # --- lookups (built once per state; a new state is a new object) -------------------------

    @cached_property
    def _troopers(self) -> dict[str, Trooper]:
        return {t.id: t for t in self.troopers}

    @cached_property
    def _civilians(self) -> dict[str, Civilian]:
        return {c.id: c for c in self.civilians}

    @cached_property
    def scenery_at(self) -> Terrain:
        return Terrain(self.board.scenery, self.board.roofs)

    @cached_property
    def controllers(self) -> frozenset[str]:
        """Troopers controlling a remote (G: Synchronised, G: Servant: remotes.py)."""
        return frozenset(t.controller for t in self.troopers if t.controller is not None)

    @cached_property
    def mine_hexes(self) -> frozenset[Hex]:
        """Where mines lie (mines.py): no one deploys there, enemies do not enter."""
        return frozenset(m.hex for s in self.hidden for m in s.mines)

    @cached_property
    def occupants(self) -> dict[Hex, str]:
        """Hex -> the id of the trooper, civilian or Holo-echo standing on it (dead ones do not
        count). An echo counts as a figure (T 2436–2437, holo.py): nothing is placed, scattered
        or led onto its hex."""
        out: dict[Hex, str] = {e.hex: e.id for e in self.echoes}
        for t in self.troopers:
            if t.hex is not None and t.state != "dead":
                out[t.hex] = t.id
        for c in self.civilians:
            if c.state != "dead":
                out[c.hex] = c.id
        return out

    @cached_property
    def standing(self) -> frozenset[Hex]:
        """Hexes holding a standing model: they block lines of fire (spec B.4)."""
        hidden = set(self.hidden[0].hidden_deployment) | set(self.hidden[1].hidden_deployment)
        hidden |= set(self.marker_of)  # markers block no line of fire (spec B.4)
        hexes = {
            t.hex
            for t in self.troopers
            if t.normal and not t.prone and t.hex is not None and t.id not in hidden
        }
        hexes |= {c.hex for c in self.civilians if c.standing}
        # Holo-echoes stand as figures, and lie down with theirs (holo.py, T 2410-2413)
        hexes |= {e.hex for e in self.echoes if not self.trooper(e.trooper).prone}
        return frozenset(hexes)

    def trooper(self, tid: str) -> Trooper:
        return self._troopers[tid]

    def has_trooper(self, tid: str) -> bool:
        return tid in self._troopers

    def civilian(self, cid: str) -> Civilian:
        return self._civilians[cid]

    def has_civilian(self, cid: str) -> bool:
        return cid in self._civilians

    def army(self, seat: int) -> tuple[Trooper, ...]:
        return tuple(t for t in self.troopers if t.seat == seat)

    def team_of(self, tid: str) -> Fireteam | None:
        seat = self.trooper(tid).seat
        for team in self.fireteams:
            if team.seat == seat and team.leader is not None and tid in team.members:
                return team
        return None

    def live_team(self, seat: int) -> Fireteam | None:
        return next((f for f in self.fireteams if f.seat == seat and f.leader is not None), None)

    def is_hidden(self, tid: str) -> bool:
        t = self.trooper(tid)
        return tid in self.hidden[t.seat].hidden_deployment

    @cached_property
    def marker_of(self) -> dict[str, str]:
        """Trooper id -> the id of the camouflage marker standing for it (camouflage.py)."""
        return {tid: mid for s in self.hidden for mid, tid in s.markers}

    def is_marker(self, tid: str) -> bool:
        return tid in self.marker_of

    def untargetable(self, tid: str) -> bool:
        """Hidden, or a camouflage marker: no attack may name it (spec B.14)."""
        return self.is_hidden(tid) or self.is_marker(tid)

    # --- updates (always new states) ----------------------------------------------------------

    def with_trooper(self, t: Trooper) -> State:
        return evolve(self, troopers=tuple(t if x.id == t.id else x for x in self.troopers))

    def update(self, tid: str, **changes: Any) -> State:
        return self.with_trooper(evolve(self.trooper(tid), **changes))

    def update_civilian(self, cid: str, **changes: Any) -> State:
        new = evolve(self.civilian(cid), **changes)
        return evolve(self, civilians=tuple(new if c.id == cid else c for c in self.civilians))

    def with_turn(self, **changes: Any) -> State:
        return evolve(self, turn=evolve(self.turn, **changes))

    def with_seat(self, seat: int, **changes: Any) -> State:
        seats = list(self.seats)
        seats[seat] = evolve(seats[seat], **changes)
        return evolve(self, seats=(seats[0], seats[1]))

    def with_secret(self, seat: int, **changes: Any) -> State:
        hidden = list(self.hidden)
        hidden[seat] = evolve(hidden[seat], **changes)
        return evolve(self, hidden=(hidden[0], hidden[1]))

    def with_orders(self, seat: int, orders: Orders) -> State:
        pair = list(self.turn.orders)
        pair[seat] = orders
        return self.with_turn(orders=(pair[0], pair[1]))


T = TypeVar("T")
_CACHED = (
    "_troopers",
    "_civilians",
    "scenery_at",
    "occupants",
    "standing",
    "controllers",
    "marker_of",
    "mine_hexes",
)


def evolve(obj: T, **changes: Any) -> T:
    """`dataclasses.replace` without its per-call introspection; a new State drops the lookup
    tables built on the old one."""
    known = _FIELDS[type(obj)]
    if not changes.keys() <= known:
        raise TypeError(f"{type(obj).__name__} has no field {set(changes) - known}")
    data = {k: v for k, v in obj.__dict__.items() if k in known}
    data.update(changes)
    new = object.__new__(type(obj))
    new.__dict__.update(data)
    return new


_FIELDS: dict[type, frozenset[str]] = {
    cls: frozenset(f.name for f in fields(cls))
    for cls in (
        Trooper,
        Civilian,
        Fireteam,
        Koala,
        Echo,
        Mine,
        SeatInfo,
        Orders,
        Skill,
        Aro,
        CurrentOrder,
        Pending,
        Policy,
        Trigger,
        Secret,
        Board,
        Structure,
        Scenario,
        Turn,
        Score,
        State,
    )
}
