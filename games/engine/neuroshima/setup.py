"""Config validation and the start of a game (PRÉPARATION DU JEU, DÉBUT DU JEU, OPTION DU JEU).

Rulebook: ../shared/rules/seeds/000_cfef6f07b7368e93.txt.
"""

from __future__ import annotations

from collections.abc import Mapping

from games.engine.neuroshima.position import Position
from games.engine.neuroshima.state import Config, SeatState, State
from games.engine.neuroshima.tiles import ARMIES, BOARDS, deck_of
from games.engine.protocol import JSON, Event, Transition
from games.engine.rng import Rng

MIN_SEATS, MAX_SEATS = 2, 4
MODES = ("ffa", "alliance")


def validate_config(config: Mapping[str, JSON], seats: int) -> dict[str, JSON]:
    """The normalised config, or ValueError with a readable reason.

    `armies`: one per seat, each an army id or "random" (default: all random). `mode`: "ffa"
    (default) or "alliance" (JEU À 4 JOUEURS EN MODE « ALLIANCE »: 4 seats, teams [0, 2] and
    [1, 3], so the turn order alternates the teams). `board`: "standard" or "king_of_the_hill".
    `points_variant`: LE JEU À PLUS DE DEUX JOUEURS AVEC DES POINTS, so 3 or 4 seats only.
    """
    if not isinstance(config, Mapping):
        raise ValueError("The config must be an object.")
    unknown = set(config) - {"armies", "mode", "board", "points_variant"}
    if unknown:
        raise ValueError(f"Unknown config option(s): {', '.join(sorted(unknown))}.")
    if not isinstance(seats, int) or not MIN_SEATS <= seats <= MAX_SEATS:
        raise ValueError("Neuroshima Hex is played by 2 to 4 players.")
    armies = config.get("armies", ["random"] * seats)
    if armies == "random":
        armies = ["random"] * seats
    if not isinstance(armies, (list, tuple)) or len(armies) != seats:
        raise ValueError(f"Give one army per seat ({seats}).")
    for army in armies:
        if army != "random" and army not in ARMIES:
            raise ValueError(f"Unknown army {army!r}; choose from {', '.join(ARMIES)} or random.")
    mode = config.get("mode", "ffa")
    if mode not in MODES:
        raise ValueError("The mode must be 'ffa' or 'alliance'.")
    if mode == "alliance" and seats != 4:
        raise ValueError("The alliance mode is for 4 players (two teams of two).")
    board = config.get("board", "standard")
    if board not in BOARDS:
        raise ValueError("The board must be 'standard' or 'king_of_the_hill'.")
    points = config.get("points_variant", False)
    if not isinstance(points, bool):
        raise ValueError("points_variant must be true or false.")
    if points and seats < 3:
        raise ValueError("The points variant is for games of more than two players.")
    return {"armies": list(armies), "mode": mode, "board": board, "points_variant": points}


def setup(config: Mapping[str, JSON], seats: int, rng: Rng) -> Transition:
    """Armies drawn for "random" seats (among armies nobody took, while any are left), each pile
    shuffled (PRÉPARATION DU JEU). Seat 0 starts: the platform orders the seats (DÉBUT DU JEU lets
    the players agree on who begins)."""
    norm = validate_config(config, seats)
    armies = list(norm["armies"])
    for i, army in enumerate(armies):
        if army == "random":
            free = [a for a in ARMIES if a not in armies] or list(ARMIES)
            armies[i], rng = rng.choice(free)
    cfg = Config(
        armies=tuple(armies),
        mode=norm["mode"],
        board=norm["board"],
        points_variant=norm["points_variant"],
    )
    piles = []
    for army in armies:
        deck, rng = rng.shuffled(deck_of(army))
        piles.append(SeatState(deck=deck))
    position = Position(
        board=cfg.board,
        seats=cfg.armies,
        tiles=(),
        teams=cfg.teams,
        points_variant=cfg.points_variant,
    )
    event = Event(
        "GameStarted",
        {
            "armies": list(cfg.armies),
            "mode": cfg.mode,
            "board": cfg.board,
            "points_variant": cfg.points_variant,
            "deck_counts": [len(p.deck) for p in piles],
        },
    )
    state = State(config=cfg, position=position, seats=tuple(piles)).log((event,))
    return Transition(state=state, events=(event,), rng=rng, reveals=True)
