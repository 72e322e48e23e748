"""Choosing by hand which figures are the experts and who carries which grenade (rulebook
§Figurines expertes: "chaque joueur lance un d6 [...]"; §Grenade: "Les joueurs choisissent le
type de grenade (fumigènes ou peintures). Les grenades doivent être assignées aux figurines.";
spec D22, D23: the team chooses, in secret until both teams have chosen).

The engine offers two ready-made setups as legal moves (the lowest or the highest figures; they
stay as quick picks); this form of the seat's panel names any figure for each expert the dice
gave and, for each grenade, its carrier and its kind; the engine judges the whole `setup_team`
move when it is posted (exactly that many different experts, that many grenades, own figures).
Pure functions of the seat's own view and of the posted form; the panel is built only while the
seat has its setup to make, so the other team or a spectator never gets it."""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from typing import Any

from django.utils.translation import pgettext

from games.hexboard.protocol import Button
from games.paintball_site.words import TEAMS, figure_name

# More experts or grenades than the dice can give (3 each): a forged form stays small.
MAX_CHOICES = 6
KINDS = ("paint", "smoke")


def kind_label(kind: str) -> str:
    if kind == "smoke":
        return pgettext("a grenade's kind", "Smoke")
    return pgettext("a grenade's kind", "Paint")


def setup_panel(view: Mapping[str, Any], seat: int | None, controls: Sequence[Button]) -> dict:
    """One select of the team's figures per expert, one carrier select and one kind select per
    grenade, the engine's default setup chosen; {} when the seat has no setup to make."""
    offered = [m for m in (json.loads(b.move) for b in controls) if m.get("type") == "setup_team"]
    if seat is None or not offered or not 0 <= seat < len(TEAMS):
        return {}
    team = TEAMS[seat]
    ids = sorted(fid for fid, f in (view.get("figures") or {}).items() if f.get("team") == team)
    counts = (list((view.get("setup_counts") or {}).get(team) or [0, 0]) + [0, 0])[:2]
    default = offered[0]
    experts = list(default.get("experts") or [])
    carried = [
        (fid, k) for fid, kinds in sorted((default.get("grenades") or {}).items()) for k in kinds
    ]
    return {
        "experts": [
            {
                "number": i + 1,
                "options": _figures(ids, experts[i] if i < len(experts) else None),
            }
            for i in range(int(counts[0]))
        ],
        "grenades": [
            {
                "number": i + 1,
                "carriers": _figures(ids, carried[i][0] if i < len(carried) else None),
                "kinds": [
                    {
                        "value": k,
                        "label": kind_label(k),
                        "selected": i < len(carried) and carried[i][1] == k,
                    }
                    for k in KINDS
                ],
            }
            for i in range(int(counts[1]))
        ],
    }


def _figures(ids: Sequence[str], chosen: str | None) -> list[dict[str, Any]]:
    return [{"value": fid, "label": figure_name(fid), "selected": fid == chosen} for fid in ids]


def setup_move(post: Any) -> dict[str, Any]:
    """The posted form as the engine's `setup_team` move: the experts in their order, each
    grenade in its carrier's list (a figure may carry several: spec D23)."""
    experts = [str(fid) for fid in post.getlist("expert")[:MAX_CHOICES]]
    grenades: dict[str, list[str]] = {}
    carriers = post.getlist("grenade-carrier")[:MAX_CHOICES]
    kinds = post.getlist("grenade-kind")[:MAX_CHOICES]
    for fid, kind in zip(carriers, kinds, strict=False):
        grenades.setdefault(str(fid), []).append(str(kind))
    return {"type": "setup_team", "experts": experts, "grenades": grenades}
