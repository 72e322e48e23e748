"""Small boards for the rules page, drawn by the same renderer as the match page (drawing.py)
from positions in the engine's own format, so the rolls they show are the engine's."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from django.utils.safestring import SafeString
from django.utils.translation import gettext

from games.engine.paintball.los import line_of_fire, need, obstacles
from games.engine.paintball.position import state_from_json
from games.hexboard.grid import target_points
from games.paintball_site import drawing, pieces
from games.paintball_site.site import chance_text, in_the_way


@dataclass(frozen=True)
class Diagram:
    key: str
    caption: str
    board: dict[str, Any]


def _strip(q_from: int, q_to: int) -> list[list[int]]:
    """A straight row of hexes going south-east (direction 2): lines along it are exact."""
    return [[q, 0] for q in range(q_from, q_to + 1)]


def _view(hexes: Sequence[Sequence[int]], figures: dict, **extra: Any) -> dict[str, Any]:
    data: dict[str, Any] = {
        "schema": 1,
        "board": {"hexes": [list(h) for h in hexes], "homes": {}},
        "terrain": extra.pop("terrain", []),
        "figures": figures,
        "marshals": extra.pop("marshals", {"m1": {"hex": list(hexes[-1])}}),
        "flags": extra.pop("flags", {}),
        "smoke": extra.pop("smoke", []),
    }
    data.update(extra)
    return data


def _board(view: dict[str, Any], shots: Sequence[tuple[str, str]] = (), aimed: bool = False):
    viewbox, cells = drawing.grid(view["board"], view["terrain"])
    state = state_from_json(view)
    overlays: list[SafeString] = []
    for shooter_id, target_id in shots:
        shooter, target = state.figure(shooter_id), state.figure(target_id)
        required = need(state, shooter, target.hex, aimed)
        between = line_of_fire(state, shooter.hex, target.hex)
        if between is None:
            overlays.append(drawing.sight_line(shooter.hex, target.hex, "los blocked"))
            x, y = drawing.centre(target.hex)
            overlays.append(drawing.badge(x, y - 24, gettext("no line of sight"), "blocked"))
            continue
        overlays.append(drawing.sight_line(shooter.hex, target.hex))
        if required is not None:
            x, y = drawing.centre(target.hex)
            n = len(obstacles(state, between, target.hex))
            overlays.append(drawing.badge(x, y - 24, chance_text(required), note=in_the_way(n)))
    return {
        "viewbox": viewbox,
        "cells": cells,
        "target_points": target_points(drawing.LAYOUT),
        "pieces": pieces.pieces(view, {}),
        "overlays": overlays,
    }


def diagrams() -> list[Diagram]:
    line5 = _strip(0, 4)
    red, blue = "red", "blue"
    range_view = _view(
        line5,
        {"r1": {"team": red, "hex": line5[0]}, "b1": {"team": blue, "hex": line5[3]}},
    )
    cover = [[0, 0], [1, -1], [2, -1], [3, -2], [4, -2], [1, 0], [2, 0], [3, -1], [4, -1]]
    cover_view = _view(
        cover,
        {
            "r1": {"team": red, "hex": [0, 0]},
            "b1": {"team": blue, "hex": [4, -2]},
            "b2": {"team": blue, "hex": [4, -1]},
        },
        terrain=[
            {"hex": [2, -1], "type": "bush"},
            {"hex": [4, -2], "type": "bunker"},
            {"hex": [3, -1], "type": "heavy"},
        ],
        marshals={"m1": {"hex": [3, -2]}},
    )
    hill_view = _view(
        line5,
        {"r1": {"team": red, "hex": line5[0]}, "b1": {"team": blue, "hex": line5[4]}},
        terrain=[{"hex": line5[2], "type": "hill"}],
    )
    states = _strip(0, 4)
    states_view = _view(
        states,
        {
            "r1": {"team": red, "hex": states[0]},
            "r2": {"team": red, "hex": states[1], "state": "sentry"},
            "r3": {"team": red, "hex": states[2], "state": "disabled", "disabled_by": "ammo"},
            "r4": {"team": red, "hex": states[3], "state": "neutral"},
            "r5": {"team": red, "hex": states[4], "expert": True},
        },
        marshals={"m1": {"hex": states[3], "busy": {"jam": "r4", "arrived_turn": 1}}},
    )
    charge_hexes = _strip(0, 2)
    charge_view = _view(
        charge_hexes,
        {
            "r1": {"team": red, "hex": charge_hexes[0]},
            "r2": {"team": red, "hex": charge_hexes[0]},
            "b1": {
                "team": blue,
                "hex": charge_hexes[1],
                "state": "disabled",
                "disabled_by": "suppressed",
            },
            "b2": {
                "team": blue,
                "hex": charge_hexes[1],
                "state": "disabled",
                "disabled_by": "suppressed",
            },
        },
        flags={"blue": {"hex": charge_hexes[2], "carrier": None}},
        smoke=[charge_hexes[2]],
    )
    return [
        Diagram(
            "range",
            gettext(
                "Red 1 shoots at Blue 1, three hexes away (the target's hex counts): the die must "
                "beat 3, so 4+. Taking aim first would make it 3+."
            ),
            _board(range_view, [("r1", "b1")]),
        ),
        Diagram(
            "cover",
            gettext(
                "Bushes and heavy cover between the shooter and the target may take the ball "
                "(one die each, 4+ stops it). Blue 1 stands in a bunker: only a 6 hits it. A "
                "marshal stands close, so a hit would be checked."
            ),
            _board(cover_view, [("r1", "b1"), ("r1", "b2")]),
        ),
        Diagram(
            "hill",
            gettext("A hill between two figures blocks the line of sight: no shot."),
            _board(hill_view, [("r1", "b1")]),
        ),
        Diagram(
            "states",
            gettext(
                "From left to right: ready; on sentry duty (a ring); out of paint and lying down; "
                "gun jammed, with the marshal who cleans it; an expert (a star, 3 action points)."
            ),
            _board(states_view),
        ),
        Diagram(
            "charge",
            gettext(
                "Blue 1 and Blue 2 are pinned down: Red 1 and Red 2 may charge their hex. Beyond "
                "them, smoke drifts over the blue flag."
            ),
            _board(charge_view),
        ),
    ]
