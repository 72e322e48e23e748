"""Golden playthroughs (ARCHITECTURE.md, Tests): seed + moves -> events and a final digest.

Each case is a whole game between random players (`legal.random_move`, so instants, mobility,
pushes and battle decisions all turn up, or `eager_move`, which fights more). Its record holds the system version, the config, the
moves as JSON, the kinds of the events of every move and the sha256 of the final state's
canonical JSON. Replaying the moves must give the same kinds and digest: any difference is a
change of the rules. Records are regenerated only with a bump of `NeuroshimaSystem.version`
(`python -m games.engine.neuroshima golden DIR --write`; README.md, "Golden playthroughs").
Pure functions: the command line reads and writes the files.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from games.engine.hexgrid import distance
from games.engine.neuroshima.legal import instant_moves, random_move, to_act
from games.engine.neuroshima.moves import Move, PlaceTile, encode
from games.engine.neuroshima.state import State, event_is_plain
from games.engine.neuroshima.system import SYSTEM, apply_move
from games.engine.neuroshima.tiles import tile
from games.engine.rng import Rng

MAX_MOVES = 5000


@dataclass(frozen=True)
class Case:
    name: str
    seats: int
    config: dict[str, Any]
    player: str = "random"  # "random": legal.random_move; "eager": `eager_move`
    key: str = ""  # the seeds' key when not the name (picked for what the game shows)


CASES: tuple[Case, ...] = (
    Case("2p_moloch_posterunek", 2, {"armies": ["moloch", "posterunek"]}),
    Case("2p_moloch_borgo", 2, {"armies": ["moloch", "borgo"]}),
    Case("2p_moloch_hegemonia", 2, {"armies": ["moloch", "hegemonia"]}),
    Case("2p_posterunek_borgo", 2, {"armies": ["posterunek", "borgo"]}),
    Case("2p_posterunek_hegemonia", 2, {"armies": ["posterunek", "hegemonia"]}),
    Case("2p_borgo_hegemonia", 2, {"armies": ["borgo", "hegemonia"]}),
    Case(
        "2p_king_of_the_hill", 2, {"armies": ["hegemonia", "moloch"], "board": "king_of_the_hill"}
    ),
    Case("3p_ffa", 3, {"armies": ["borgo", "moloch", "posterunek"]}),
    Case("3p_points", 3, {"armies": ["hegemonia", "borgo", "moloch"], "points_variant": True}),
    Case("4p_ffa", 4, {"armies": ["moloch", "posterunek", "borgo", "hegemonia"]}),
    Case(
        "4p_alliance",
        4,
        {"armies": ["posterunek", "moloch", "hegemonia", "borgo"], "mode": "alliance"},
    ),
    Case(
        "4p_alliance_points",
        4,
        {
            "armies": ["moloch", "hegemonia", "borgo", "posterunek"],
            "mode": "alliance",
            "points_variant": True,
        },
    ),
    Case("2p_eager", 2, {"armies": ["borgo", "posterunek"]}, "eager"),
    # A seed whose game eliminates a player (DESTRUCTION D'UN QG).
    Case("3p_ffa_eager", 3, {"armies": ["hegemonia", "moloch", "borgo"]}, "eager", "x3_1"),
    Case(
        "3p_points_eager",
        3,
        {"armies": ["moloch", "posterunek", "hegemonia"], "points_variant": True},
        "eager",
    ),
    Case("4p_ffa_eager", 4, {"armies": ["posterunek", "hegemonia", "moloch", "borgo"]}, "eager"),
    Case(
        "4p_alliance_eager",
        4,
        {"armies": ["borgo", "hegemonia", "posterunek", "moloch"], "mode": "alliance"},
        "eager",
    ),
)


def eager_move(state: State, seat: int, rng: Rng) -> tuple[Move, Rng]:
    """A random player that never wastes a tile: it places a unit or module on the free hex
    nearest an enemy HQ, else plays an instant, else moves as `random_move` (more battles,
    wounded and destroyed HQs, eliminations)."""
    if state.phase != "play" or seat != state.current:
        return random_move(state, seat, rng)
    hand = state.seats[seat].hand
    empty = state.position.empty_cells()
    enemies = [
        p.hex
        for p in state.position.tiles
        if p.spec.kind == "hq" and not state.position.are_friends(seat, p.seat)
    ]
    for i, tile_id in enumerate(hand):
        if tile(tile_id).is_board_tile and empty and enemies:
            near = min(min(distance(h, e) for e in enemies) for h in empty)
            best = [h for h in empty if min(distance(h, e) for e in enemies) == near]
            h, rng = rng.choice(best)
            r, rng = rng.below(6)
            return PlaceTile(i, h, r), rng
    for i, tile_id in enumerate(hand):
        if not tile(tile_id).is_board_tile:
            options = instant_moves(state, seat, i)
            if options:
                return rng.choice(options)
    return random_move(state, seat, rng)


PLAYERS: dict[str, Callable[[State, int, Rng], tuple[Move, Rng]]] = {
    "random": random_move,
    "eager": eager_move,
}


def digest(state: Any) -> str:
    """sha256 of the state's canonical JSON (sorted keys, no spaces)."""
    text = json.dumps(SYSTEM.state_to_json(state), sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def kinds(events: Any) -> str:
    return " ".join(e.kind for e in events)


def record(case: Case) -> dict[str, Any]:
    """Plays the case's game between random players and records it."""
    key = case.key or case.name
    seed = f"golden:{key}"
    start = SYSTEM.setup(case.config, case.seats, Rng(seed))
    state, rng = start.state, start.rng
    chooser = Rng(f"golden-player:{key}")
    moves: list[list[Any]] = []
    steps = [kinds(start.events)]
    while state.result is None:
        if len(moves) >= MAX_MOVES:
            raise RuntimeError(f"{case.name}: the game did not end")
        seat = to_act(state)[0]
        move, chooser = PLAYERS[case.player](state, seat, chooser)
        step = apply_move(state, seat, move, rng)
        state, rng = step.state, step.rng
        moves.append([seat, encode(move)])
        steps.append(kinds(step.events))
    return {
        "system": SYSTEM.key,
        "version": SYSTEM.version,
        "name": case.name,
        "seed": seed,
        "seats": case.seats,
        "config": case.config,
        "player": case.player,
        "moves": moves,
        "events": steps,
        "digest": digest(state),
        "outcome": {"ranks": list(state.result.ranks), "reason": state.result.reason},
    }


def differences(data: dict[str, Any]) -> list[str]:
    """Replays a record through the JSON API (`SYSTEM.apply`); the ways it differs, or []."""
    if data.get("version") != SYSTEM.version:
        return [
            f"{data.get('name')}: recorded with version {data.get('version')}, the system is "
            f"{SYSTEM.version}: regenerate the golden files"
        ]
    start = SYSTEM.setup(data["config"], data["seats"], Rng(data["seed"]))
    state, rng = start.state, start.rng
    out: list[str] = []
    steps = [kinds(start.events)]
    for n, (seat, move) in enumerate(data["moves"]):
        try:
            step = SYSTEM.apply(state, seat, move, rng)
        except Exception as exc:  # noqa: BLE001 - reported as a difference
            return [f"{data['name']}: move {n} {move} of seat {seat} refused: {exc}"]
        state, rng = step.state, step.rng
        steps.append(kinds(step.events))
        for event in step.events:
            if not event_is_plain(event):  # State.log keeps events as they are
                out.append(f"{data['name']}: move {n}: {event} is not plain JSON")
    for n, (want, got) in enumerate(zip(data["events"], steps, strict=False)):
        if want != got:
            out.append(f"{data['name']}: events of step {n} (0 = setup): {got!r} != {want!r}")
            break
    if len(steps) != len(data["events"]):
        out.append(f"{data['name']}: {len(steps)} steps, recorded {len(data['events'])}")
    if state.result is None:
        out.append(f"{data['name']}: the game did not end")
    if digest(state) != data["digest"]:
        out.append(f"{data['name']}: final state digest {digest(state)} != {data['digest']}")
    return out
