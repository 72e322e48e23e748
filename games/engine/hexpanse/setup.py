"""Options and setup (§5.1 «Modes de jeu», §5.2 «Mise en place»; spec R14-R34).

`new_state` makes every random draw at once (first player, market deck, minor factions on
offer or the expert packs, missions); the choices follow as moves: `choose_faction` clockwise
from the first player, `choose_minor` (or the expert draft: `draft_keep`, `draft_discard`) and
`pick_mission` (Amiral) in reverse order of the faction choice.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from games.engine.hexpanse.data import (
    ALL_FACTIONS,
    BASE_FACTIONS,
    CARD_CODES,
    MINOR_CODES,
    MISSION_CODES,
    boards,
)
from games.engine.hexpanse.state import (
    MARKET_SLOTS,
    MODES,
    POLICIES,
    Seat,
    Setup,
    State,
    Turn,
    kit,
)
from games.engine.rng import Rng


def default_teams(seats: int) -> list[list[int]]:
    """R17: teammates sit diagonally, so turns alternate teams."""
    if seats == 4:
        return [[0, 2], [1, 3]]
    return [[0, 3], [1, 4], [2, 5]]


def validate_config(config: Mapping[str, Any], seats: int) -> dict[str, Any]:
    """The normalised options, or ValueError with a readable reason."""
    players = config.get("players", seats)
    if players != seats:
        raise ValueError("The config's number of players differs from the seats.")
    if seats not in (2, 3, 4, 6):
        raise ValueError("Hexpanse is for 2 to 4 players, or 6 in three teams.")
    teams = config.get("teams")
    if teams is True or (teams is None and seats == 6):
        teams = default_teams(seats)
    if teams in (False, None, []):
        teams = None
    else:
        if seats not in (4, 6):
            raise ValueError("Team play needs 4 or 6 seats (one person may hold two).")
        flat = sorted(s for t in teams for s in t)
        if flat != list(range(seats)) or len(teams) < 2 or len({len(t) for t in teams}) != 1:
            raise ValueError("Teams must share out every seat in teams of equal size.")
        teams = [sorted(int(s) for s in t) for t in teams]
    mode = config.get("mode", "capitaine")
    if mode not in MODES:
        raise ValueError("The mode is marin, capitaine or amiral.")
    variants = dict(config.get("variants") or {})
    elite = variants.get("elite", config.get("elite", 0))
    expert = variants.get("expert", config.get("expert", False))
    if type(elite) is not int or not 0 <= elite <= 3:
        raise ValueError("Elite units: 0 to 3 per player.")
    if not isinstance(expert, bool) or (expert and mode == "marin"):
        raise ValueError("Expert mode plays with minor factions: Capitaine or Amiral.")
    if expert and seats > 4:
        raise ValueError("Expert mode needs 8 minor factions at most: 4 players.")
    alien = bool(config.get("alien", seats > 4))
    if seats > 4 and not alien:
        raise ValueError("Six players need the six factions of the Alien expansion.")
    board = config.get("board") or ("small" if seats <= 3 or (teams and seats == 4) else "large")
    if board not in boards():
        raise ValueError("The board is small or large.")
    first = config.get("first_player")
    if first is not None and (type(first) is not int or not 0 <= first < seats):
        raise ValueError("first_player is a seat or null.")
    policy = config.get("protector_policy", "ask")
    if policy not in POLICIES:
        raise ValueError("protector_policy is ask, always or never.")
    return {
        "board": board,
        "mode": mode,
        "variants": {"elite": elite, "expert": expert},
        "teams": teams,
        "players": seats,
        "first_player": first,
        "alien": alien,
        "protector_policy": policy,
    }


def new_state(config: Mapping[str, Any], seats: int, rng: Rng) -> tuple[State, Rng]:
    cfg = validate_config(config, seats)
    first = cfg["first_player"]
    if first is None:
        first, rng = rng.below(seats)
    deck, rng = rng.shuffled(CARD_CODES)
    missions, rng = rng.shuffled(MISSION_CODES)
    minors, rng = rng.shuffled(MINOR_CODES)
    mode, expert = cfg["mode"], cfg["variants"]["expert"]
    elite = cfg["variants"]["elite"]
    normal, elites, _ = kit(mode, elite, expert)
    reserve = (("normal", normal), ("elite", elites)) if elites else (("normal", normal),)
    seat = Seat(faction=None, reserve=reserve, protector_policy=cfg["protector_policy"])
    order = tuple((first + i) % seats for i in range(seats))
    setup = Setup("faction", first, order=order)
    if mode != "marin" and not expert:
        setup = Setup("faction", first, order=order, offer=tuple(minors[: seats + 1]))
    elif expert:
        setup = Setup("faction", first, order=order, packs=_deal_packs(minors, order))
    amiral = mode == "amiral"
    state = State(
        board=cfg["board"],
        mode=mode,
        elite=elite,
        expert=expert,
        alien=cfg["alien"],
        teams=None if cfg["teams"] is None else tuple(tuple(t) for t in cfg["teams"]),
        seats=tuple(seat for _ in range(seats)),
        units=(),
        market=tuple(deck[:MARKET_SLOTS]),
        deck=tuple(deck[MARKET_SLOTS:]),
        discard=(),
        out_of_game=(),
        common=None if amiral else missions[0],
        revealed=tuple(missions[: seats + 1]) if amiral else (),
        offer=(),
        turn=Turn(number=0, seat=first, phase="setup", actions_left=0),
        setup=setup,
    )
    return state, rng


def _deal_packs(minors: tuple[str, ...], order: tuple[int, ...]) -> tuple[tuple[str, ...], ...]:
    """R22-R23: three minor factions each; with four players the last in turn order gets the
    two left of the eleven."""
    packs: list[tuple[str, ...]] = [() for _ in order]
    pos = 0
    for seat in order:
        take = min(3, len(minors) - pos)
        packs[seat] = tuple(minors[pos : pos + take])
        pos += take
    return tuple(packs)


def available_factions(alien: bool, taken: list[str | None]) -> list[str]:
    pool = ALL_FACTIONS if alien else BASE_FACTIONS
    return [f for f in pool if f not in taken]
