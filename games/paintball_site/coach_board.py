"""What the paintball coach's modules read of the seat's view (coach.py): the figures of a team
in play, the two home bases, a hex; and the rules' numbers they share. Pure."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from games.engine.paintball.position import PositionError, board_from_json
from games.paintball_site.words import TEAMS

MAX_SHOTS = 2  # §Tirs Multiple: "Si la figurine tire 2 fois (3 fois pour les figurines experte)"
MAX_MOVE = 2  # §Mouvement: "Le mouvement maximum d'une figurine est de 2 hex durant le tour"
Fig = Mapping[str, Any]


def in_play(figs: Mapping[str, Fig], team: str) -> list[str]:
    return sorted(fid for fid, f in figs.items() if f["team"] == team and f.get("state") != "out")


def home_bases(view: Mapping[str, Any]) -> dict[str, tuple[int, int]]:
    """The two home bases (spec §4.2), read from the view's board."""
    try:
        board = board_from_json(view["board"])
    except (PositionError, KeyError, TypeError, ValueError):
        return {}
    found = {}
    for t in TEAMS:
        home = board.home(t)
        if home is not None:
            found[t] = home
    return found


def hex_of(value: Any) -> tuple[int, int]:
    return (int(value[0]), int(value[1]))
