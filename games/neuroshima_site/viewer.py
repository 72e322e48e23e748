"""One step of the battle viewer, and read-only boards, as template context (pure)."""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext

from games.neuroshima_site import describe, presenters
from games.neuroshima_site.battle_steps import Step


def static_board(position: dict[str, Any], classes: dict[str, str] | None = None) -> dict:
    return {
        "viewbox": presenters.VIEWBOX,
        "cells": presenters.board_cells(position.get("board", "standard")),
        "hex_points": presenters.HEX_POINTS,
        "tiles": presenters.placed_drawings(position, classes),
    }


def step_title(step: Step) -> str:
    if step.title_kind == "before":
        return gettext("Before the battle")
    if step.title_kind == "after":
        return gettext("After the battle")
    if step.title_kind == "strike":
        return gettext("The strike")
    return gettext("Initiative %(n)s") % {"n": step.initiative}


def step_context(steps: list[Step], n: int) -> dict[str, Any]:
    n = max(0, min(n, len(steps) - 1))
    step = steps[n]
    classes: dict[str, str] = {}
    for k in step.netted:
        classes[k] = "netted"
    for k in step.hits:
        classes[k] = "hit"
    for k in step.saved:
        classes[k] = "saved"
    for k in step.destroyed:
        classes[k] = "destroyed"
    board = static_board(step.position, classes)
    board["attacks"] = [
        presenters.line_between(tuple(a["from"]), tuple(a["to"]), a["kind"] or "melee")
        for a in step.attacks
    ]
    badges = []
    for k, wounds in step.hits.items():
        q, r = (int(x) for x in k.split(","))
        x, y = presenters.hex_centre((q, r))
        text = (
            "✚" if k in step.saved else ("0" if k in step.blocked and not wounds else str(wounds))
        )
        kind = "saved" if k in step.saved else ("blocked" if not wounds else "wound")
        badges.append(
            presenters.rounded(
                {"x": x + 22, "y": y - 24, "ty": y - 19, "r": 11, "text": text, "kind": kind}
            )
        )
    for k in step.destroyed:
        q, r = (int(x) for x in k.split(","))
        x, y = presenters.hex_centre((q, r))
        badges.append(
            presenters.rounded(
                {"x": x, "y": y, "ty": y + 9, "r": 20, "text": "✕", "kind": "destroyed"}
            )
        )
    board["badges"] = badges
    return {
        "board": board,
        "index": n,
        "count": len(steps),
        "title": step_title(step),
        "lines": [describe.describe(e) for e in step.events if e["kind"] != "UnitAttacked"]
        if step.title_kind in ("phase", "strike")
        else [],
        "attack_lines": [describe.describe(e) for e in step.events if e["kind"] == "UnitAttacked"],
        "prev": n - 1 if n > 0 else None,
        "next": n + 1 if n + 1 < len(steps) else None,
        "titles": [step_title(s) for s in steps],
    }
