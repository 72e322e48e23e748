"""Placing each figure by hand in the start zone (spec §6, `deploy`: "figure → start-zone hex").

The engine lists a few ready-made deployments as legal moves (a whole team's placement has
thousands of variants); a player who wants another one sets each figure's hex in this form of
the seat's panel, and the engine judges the whole deployment when it is posted (start zone,
room in each hex: rulebook D6). Pure functions of the seat's own view and of the posted form;
the panel is built only while the seat has a deployment to make, so another seat or a spectator
never gets it (in a secret deployment, the view of the other team holds nothing of it)."""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Mapping, Sequence
from typing import Any

from django.utils.translation import gettext, gettext_noop

from games.engine.paintball.board import Board
from games.engine.paintball.position import PositionError, board_from_json
from games.engine.paintball.setup import start_zone
from games.hexboard.keys import hex_key, parse_hex
from games.hexboard.protocol import Button
from games.paintball_site.words import TEAMS, figure_name, from_base, terrain_name

# The engine's refusals this form can reach, for the catalogue (the platform translates an
# engine's sentence through it: games/matches/services/moves.py).
ENGINE_SENTENCES = (
    gettext_noop("Place each of your figures exactly once."),
    gettext_noop("Deploy only in your start zone."),
    gettext_noop("Too many figures in one hex."),
)
# More figures than any team has: a forged form cannot make the page work for nothing.
MAX_FIGURES = 12


def ready_deployments(controls: Sequence[Button]) -> list[dict[str, Any]]:
    """The deployments the engine offers now (the panel's buttons), the default first."""
    found = []
    for button in controls:
        move = json.loads(button.move)
        if move.get("type") == "deploy":
            found.append(move)
    return found


def deploy_panel(view: Mapping[str, Any], seat: int | None, controls: Sequence[Button]) -> dict:
    """The form's rows, one per own figure, each with the start-zone hexes in words and the
    default deployment's hex chosen; {} when the seat has no deployment to make."""
    offered = ready_deployments(controls)
    if seat is None or not offered or not 0 <= seat < len(TEAMS):
        return {}
    team = TEAMS[seat]
    zone = start_zone_of(view, team)
    if not zone:
        return {}
    home = zone[0]
    labels = _distinct({h: _hex_label(view, home, h) for h in zone})
    chosen = {fid: tuple(h) for fid, h in (offered[0].get("hexes") or {}).items()}
    figures = view.get("figures") or {}
    rows = []
    for fid in sorted(chosen):
        rows.append(
            {
                "id": fid,
                "name": _figure_label(fid, figures.get(fid) or {}),
                "options": [
                    {"value": hex_key(h), "label": labels[h], "selected": chosen[fid] == h}
                    for h in zone
                ],
            }
        )
    return {"rows": rows}


def deploy_move(post: Any) -> dict[str, Any]:
    """The posted form as the engine's `deploy` move; a hex that is not "q,r" goes as it came
    (the engine refuses the move as unreadable)."""
    hexes = {}
    for fid in post.getlist("figure")[:MAX_FIGURES]:
        raw = post.get(f"hex-{fid}", "")
        hexes[str(fid)] = parse_hex(raw) or raw
    return {"type": "deploy", "hexes": hexes}


def _board(view: Mapping[str, Any]) -> Board | None:
    try:
        return board_from_json(view["board"])
    except (KeyError, PositionError):
        return None


def home_of(view: Mapping[str, Any], team: str) -> tuple[int, int] | None:
    """The team's home base on the view's board (a named board or one written out)."""
    board = _board(view)
    return board.home(team) if board is not None else None


def start_zone_of(view: Mapping[str, Any], team: str) -> tuple[tuple[int, int], ...]:
    """The team's start zone on the view's board, its home base first."""
    board = _board(view)
    if board is None:
        return ()
    roles = view.get("roles") or {}
    defender = view.get("scenario") == "base_assault" and roles.get("defender") == team
    return start_zone(board, team, assault_defender=defender)


def _hex_label(view: Mapping[str, Any], home: tuple[int, int], h: tuple[int, int]) -> str:
    """ "your home base", "to the north · the bushes"."""
    if h == home:
        return gettext("your home base")
    terrain = {tuple(t["hex"]): t["type"] for t in view.get("terrain") or []}.get(h)
    return gettext("%(where)s · %(terrain)s") % {
        "where": from_base(home, h),
        "terrain": terrain_name(terrain),
    }


def _distinct(labels: dict[Any, str]) -> dict[Any, str]:
    """Two hexes of one description get the coordinates the board writes (its coordinates
    toggle), as the board layer does for its targets: a player must tell them apart."""
    counts = Counter(labels.values())
    return {h: f"{text} ({hex_key(h)})" if counts[text] > 1 else text for h, text in labels.items()}


def _figure_label(fid: str, figure: Mapping[str, Any]) -> str:
    parts = [figure_name(fid)]
    if figure.get("expert"):
        parts.append(gettext("expert"))
    if figure.get("grenades"):
        parts.append(gettext("grenades"))
    return " · ".join(parts)
