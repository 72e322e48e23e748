"""A position (the view's JSON) drawn for the board's moving layer: deployment zones while
armies deploy, terrain, the models, the barrel. The live board gives each model its focus card's
words and lines of fire (site.py); replays and the step viewer draw without them."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from django.utils.safestring import SafeString
from django.utils.translation import gettext as _

from games.engine.skirmish.names import labels
from games.hexboard.keys import hex_key
from games.skirmish_site import board_state, describe, pieces, profiles


def shown_models(position: Mapping[str, Any]) -> list[dict[str, Any]]:
    """The models on the table, each with its id."""
    return [
        {**m, "id": mid}
        for mid, m in position["models"].items()
        if m["hex"] is not None and m["alive"] and m.get("prisoner") not in ("held", "escaped")
    ]


def names_of(position: Mapping[str, Any]) -> dict[str, str]:
    state = board_state.state_of_position(position)
    return {mid: describe.model_label(info, mid) for mid, info in labels(state).items()}


def draw(
    position: Mapping[str, Any],
    marks: Mapping[str, str],
    focus: Mapping[str, pieces.Focus] | None = None,
) -> list[SafeString]:
    """`focus`: each model's card and lines of fire, by model id (the live board only)."""
    names = names_of(position)
    view = {"position": position}
    out: list[SafeString] = []
    if position["phase"] in ("setup", "deployment"):
        out.append(pieces.zones(position["board"], sorted(set(position["edges"].values()))))
    out.append(
        pieces.terrain(position["terrain"], {k: str(v) for k, v in describe.TERRAIN.items()})
    )
    for m in shown_models(position):
        css = f"model seat-{m['seat']}"
        if m["hero"]:
            css += " hero"
        mark = marks.get(hex_key(m["hex"]))
        if mark:
            css += f" {mark}"
        out.append(
            pieces.model_svg(
                m,
                short=profiles.short_label(m, names[m["id"]]),
                classes=css,
                label=profiles.profile_sentence(m, names[m["id"]], view),
                focus=(focus or {}).get(m["id"]),
            )
        )
    barrel = position["scenario_state"].get("barrel")
    if barrel is not None:
        css = "barrel carried" if barrel.get("carrier") else "barrel"
        out.append(pieces.marker(barrel["hex"], css, "☢", _("The radioactive barrel")))
    return out
