"""The parts of the state about an order and its decisions (state.py holds the rest and
re-exports these): a declared skill, a reaction, the order being resolved, a pending decision,
a standing reaction policy and a hidden trooper's ambush trigger."""

from __future__ import annotations

from dataclasses import dataclass

from games.engine.hexgrid import Hex


@dataclass(frozen=True)
class Skill:
    """One declared skill (spec E.2 `declare`)."""

    skill: str
    trooper: str | None = None  # the acting trooper (a team's leader)
    paths: tuple[tuple[str, tuple[Hex, ...]], ...] = ()  # move: trooper -> hexes entered
    facings: tuple[tuple[str, int], ...] = ()
    companions: tuple[tuple[str, tuple[Hex, ...]], ...] = ()  # synced civilian -> path
    weapon: str | None = None
    mode: str | None = None
    targets: tuple[tuple[str, int], ...] = ()  # (trooper, burst)
    aims: tuple[str, ...] = ()  # teardrop aims d0-d5 / v0-v5
    civilian: str | None = None
    target: str | None = None  # cc_attack, heal
    to: Hex | None = None  # dodge
    parts: tuple[Skill, ...] = ()  # a coordinated order: the other troopers' own declarations
    berserk: bool = False  # cc_attack: the Berserk attack (tier 2)
    structure: Hex | None = None  # bs_attack at a piece of scenery (structures.py)
    screen: int | None = None  # a short movement skill placing the Nanoscreen (nanoscreen.py)
    mine: str | None = None  # bs_attack at an enemy mine known to be one (mines.py)
    disguise: str | None = None  # holo_reactivate: the profile it stands as (disguise.py)

    @property
    def actions(self) -> tuple[Skill, ...]:
        """This declaration and, in a coordinated order, each other trooper's."""
        return (self, *self.parts)


@dataclass(frozen=True)
class Aro:
    trooper: str
    skill: str
    window: int
    weapon: str | None = None
    mode: str | None = None
    target: str | None = None
    at: Hex | None = None  # the target's hex the reaction resolves against
    to: Hex | None = None  # dodge movement
    facing: int | None = None  # change_facing
    aims: tuple[str, ...] = ()
    berserk: bool = False  # cc_attack: the Berserk attack (tier 2)


@dataclass(frozen=True)
class CurrentOrder:
    seat: int
    kind: str
    trooper: str | None  # the activated trooper, or the team's leader
    fireteam: bool
    activated: tuple[str, ...]  # activated by the first skill (a team's members too)
    stage: str = "declare1"  # declare1 | aro1 | declare2 | aro2
    skills: tuple[Skill, ...] = ()
    routes: tuple[tuple[str, tuple[Hex, ...]], ...] = ()  # every hex stood on, in order
    ends: tuple[tuple[str, tuple[Hex, ...]], ...] = ()  # hex after each declared skill
    aros: tuple[Aro, ...] = ()
    offered: tuple[str, ...] = ()  # reactive troopers already offered a window
    second: Skill | None = None  # "commit my second short skill now" (spec D.1)
    left: tuple[str, ...] = ()  # members that left the team during this order
    coordinated: bool = False  # one regular order spent per activated trooper (tier 2)
    synchronised: bool = False  # a controller and its G: Synchronised remote (remotes.py)
    koalas: tuple[tuple[str, str], ...] = ()  # CrazyKoalas set off: (koala, target), koalas.py
    mines: tuple[tuple[str, str, Hex], ...] = ()  # mines set off: (mine, target, at), mines.py
    # Civilians led during this order and every hex they stood on (mines.py: T 955, « Les Civils
    # peuvent activer les armes et les équipements déployants »).
    escorts: tuple[tuple[str, tuple[Hex, ...]], ...] = ()
    # Troopers that left marker state by attacking during this order: Sixth Sense L2 reacts to
    # them without the surprise MOD (camouflage.py, `hit_mod`).
    surprise: tuple[str, ...] = ()

    @property
    def free_targets(self) -> bool:
        """Each activated trooper declares its own attack (same skill, its own target): a
        coordinated order, or a G: Synchronised pair."""
        return self.coordinated or self.synchronised

    @property
    def acting(self) -> tuple[str, ...]:
        """Troopers still activated now (members that left are not activated by skill 2)."""
        return tuple(t for t in self.activated if t not in self.left)

    def route(self, trooper: str) -> tuple[Hex, ...]:
        return next((r for t, r in self.routes if t == trooper), ())

    def end_hexes(self, trooper: str) -> tuple[Hex, ...]:
        return next((r for t, r in self.ends if t == trooper), ())


@dataclass(frozen=True)
class Pending:
    seat: int
    kind: str
    window: int | None = None
    eligible: tuple[str, ...] = ()
    trooper: str | None = None
    options: tuple[Hex, ...] = ()


@dataclass(frozen=True)
class Policy:
    """A standing reaction policy (spec Part D.1): what a trooper does when a window offers it
    a reaction and its owner is not asked."""

    on_sight: str = "ask"  # shoot | dodge | pass | ask
    on_template: str = "ask"  # dodge | same | pass | ask (when a template or attack falls on it)
    weapon: str | None = None
    max_range: int | None = None


@dataclass(frozen=True)
class Trigger:
    """A hidden trooper's pre-set ambush (spec Part D.4): reveal and shoot when an activated
    enemy stands in its line of fire within `within` hexes."""

    trooper: str
    weapon: str
    within: int
    mode: str = "N"
