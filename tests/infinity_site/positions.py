"""Hand-written Infinity positions for the site tests (spec E.1, as the engine reads a position
written by hand, I7): Corregidor against the JSA on the small board, the match that holds one,
as a real match of the platform holds its state, a move posted as its page posts it, and the
step viewer's board after moves played on a table."""

from __future__ import annotations

from typing import Any

from django.utils import translation

from games.engine.infinity.position import state_from_json
from games.engine.infinity.system import SYSTEM
from games.engine.protocol import event_for_seat
from games.engine.rng import Rng
from games.infinity_site.site import SITE
from games.matches.models import Match
from tests.answer_support import answer_to
from tests.engine.infinity.infh import trooper

__all__ = [
    "DEPLOYING_JSA",
    "PASS",
    "corregidor_to_order",
    "declared",
    "duel",
    "duel_match",
    "hand_written_match",
    "holoprojector_duel",
    "last_board",
    "played",
    "post_move",
    "regular_order",
    "seed_rolling",
    "to_order",
    "trooper",
]

# A reaction policy that lets everything pass (a trooper that must not react in the test).
PASS = {"on_sight": "pass", "on_template": "pass", "weapon": None, "max_range": None}

# The JSA (seat 1) deploying, Corregidor (seat 0) done.
DEPLOYING_JSA = {
    "phase": "deployment",
    "first_seat": 0,
    "active_seat": 0,
    "orders": {},
    "pending": {"seat": 1, "kind": "deploy"},
}


def corregidor_to_order(lieutenant: int = 1) -> dict[str, Any]:
    """The turn: Corregidor (seat 0) to give an order, two regular orders and `lieutenant`
    left."""
    return {
        "phase": "active",
        "orders": {"0": {"regular": 2, "lieutenant": lieutenant}},
        "pending": {"seat": 0, "kind": "order"},
    }


def to_order(seat: int) -> dict[str, Any]:
    """The turn: `seat`, the active one, to give an order, two regular orders left."""
    return {
        "phase": "active",
        "active_seat": seat,
        "orders": {str(seat): {"regular": 2}},
        "pending": {"seat": seat, "kind": "order"},
    }


def regular_order(trooper: str, seat: int = 0) -> dict[str, Any]:
    """`seat` spends a regular order on `trooper`."""
    return {"type": "order", "seat": seat, "kind": "regular", "trooper": trooper}


def declared(skill: str, trooper: str, seat: int = 0, **details: Any) -> dict[str, Any]:
    """`trooper` of `seat` declares `skill` (`details`: its path, weapon, target...)."""
    return {"type": "declare", "seat": seat, "skill": skill, "trooper": trooper, **details}


def holoprojector_duel(
    carrier: str,
    profile: str,
    turn: dict[str, Any],
    *,
    at: list[int] | None = None,
    alguacil_at: tuple[int, int] = (6, 10),
    **settings: Any,
) -> dict[str, Any]:
    """A Holoprojector's table (a placeholder `profile`: none of our two sectorials has one):
    the JSA's Lieutenant k3 and `carrier` standing `at` (None: still to deploy) against
    Corregidor's Alguacil a2 (`alguacil_at`) and Lieutenant a4; `settings` as `duel`'s."""
    troopers = [
        trooper("a2", 0, "corregidor.alguacil.combi", list(alguacil_at), 0),
        trooper("a4", 0, "corregidor.alguacil.lt", [1, 13], 0),
        trooper("k3", 1, "jsa.keisotsu.lt", [14, -5], 3),
        trooper(carrier, 1, profile, at, 3),
    ]
    return duel(troopers, turn, **settings)


def duel(
    troopers: list[dict[str, Any]],
    turn: dict[str, Any],
    *,
    lieutenants: tuple[str, str] = ("a4", "k3"),
    hidden: tuple[dict[str, Any], dict[str, Any]] = ({}, {}),
    reactions: str = "auto",
    points: tuple[int, int] = (150, 150),
    **extra: Any,
) -> dict[str, Any]:
    """The position: `hidden` adds to each seat's secret part (markers, policies…)."""
    return {
        "board": {"cols": 16, "rows": 16, "name": "small"},
        "options": {"reactions": reactions},
        "seats": [
            {"seat": 0, "army": "nomads", "sectorial": "corregidor", "army_points": points[0]},
            {"seat": 1, "army": "yujing", "sectorial": "jsa", "army_points": points[1]},
        ],
        "troopers": troopers,
        "turn": turn,
        "hidden": {str(seat): {"lieutenant": lieutenants[seat], **hidden[seat]} for seat in (0, 1)},
        **extra,
    }


def hand_written_match(players, position: dict[str, Any]) -> Match:
    """A match of `players` made by the platform, its state replaced by `position`."""
    from games.matches import services

    match = services.match_create(
        system="infinity", config={"reactions": "auto"}, seat_users=list(players)
    )
    match.snapshot = position
    match.save(update_fields=["snapshot"])
    return match


def duel_match(
    players, troopers: list[dict[str, Any]], turn: dict[str, Any] | None = None, **settings: Any
) -> Match:
    """A match of `players` holding `duel(troopers, turn, **settings)`, the turn Corregidor's to
    give an order unless told."""
    turn = corregidor_to_order() if turn is None else turn
    return hand_written_match(players, duel(troopers, turn, **settings))


def seed_rolling(
    match: Match, seat: int, move: dict[str, Any], rolled: str, *, success: bool, name: str
) -> None:
    """Choose the match's seed (`name`-0, `name`-1...) so that `seat`'s `move` makes its roll
    (its first `rolled` event) succeed or fail as the test needs (the platform rolls with
    Rng(seed, counter)); the rules decide, the test only picks the dice."""
    state = state_from_json(match.snapshot)
    for n in range(100):
        step = SYSTEM.apply(state, seat, move, Rng(f"{name}-{n}", 0))
        rolls = [e for e in step.events if e.kind == rolled]
        if rolls and bool(rolls[0].data["success"]) is success:
            match.seed, match.rng_counter = f"{name}-{n}", 0
            match.save(update_fields=["seed", "rng_counter"])
            return
    raise AssertionError(f"no seed makes {rolled} go that way")


def post_move(client, match: Match, move: dict[str, Any]) -> Match:
    """`move` posted by `client` as the match page posts it (htmx); the match as it is then."""
    answer_to(client, match, move)
    return match


def played(
    position: dict[str, Any], moves: list[dict[str, Any]], seed: str
) -> tuple[dict[str, Any], list[dict[str, Any]]]:
    """The table's spectator view, and the stored events of `moves` played on it (the dice
    from `seed`): what the step viewer starts from."""
    state, rng = state_from_json(position), Rng(seed)
    start = SYSTEM.view(state, None)
    events = []
    for move in moves:
        step = SYSTEM.apply(state, move["seat"], move, rng)
        state, rng = step.state, step.rng
        events += [e.to_json() for e in step.events]
    return start, events


def last_board(start: dict[str, Any], events: list[dict[str, Any]], seat: int | None) -> str:
    """The step viewer's last step's pieces as `seat` (None: a spectator) sees them, in
    English."""
    seen = [e for e in (event_for_seat(x, seat) for x in events) if e is not None]
    with translation.override("en"):
        sequences = SITE.steps(start, seen, ["Anna", "Bruno"])
    return "".join(sequences[-1][-1].pieces)
