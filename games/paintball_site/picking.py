"""How clicks build a paintball move (games/hexboard/picks.py): every action on the board is
one kind of pick form, "act", whose fields are picked in this order:

    at (a hex: one of my figures, or an enemy hex to charge) · who (which figure there, asked
    only when several could act) · do (move, shoot, aim, sentry, grenade, reload, turn,
    charge; asked only when there is a choice) · step, to (a move: the first hex, then the
    second if it goes on) · kind (smoke or paint) · hex (the target hex of a volley, a grenade
    or a charge) · volley (how many shots at whom) · group (who charges) · policy (what a
    sentry does) · facing, mode (cycled: the sentry's or figure's facing, normal or
    suppression fire).

The engine's legal moves are the only source: `pick_form` only renames their fields, and the
Confirm button posts the engine's move itself.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from django.utils.translation import gettext, ngettext

from games.hexboard.picks import PickSpec
from games.paintball_site.words import figure_name, figures, grenade_name

BOARD_KINDS = ("move", "aim", "shoot", "sentry", "reload", "grenade", "face", "charge")
SPEC = PickSpec(
    order={
        "act": (
            "at",
            "who",
            "do",
            "step",
            "to",
            "kind",
            "hex",
            "volley",
            "group",
            "policy",
            "facing",
            "mode",
        )
    },
    hex_fields=frozenset({"at", "step", "to", "hex"}),
    text_fields=frozenset({"who", "do", "kind", "volley", "group", "policy", "mode"}),
    cycled=frozenset({"facing", "mode"}),
    auto=frozenset({"who", "do", "kind", "volley", "group"}),
)
SEP = "."  # joins figure names in one field ("b3.b3": two shots at Blue 3)


def pick_form(move: Mapping[str, Any], view: Mapping[str, Any]) -> Mapping[str, Any]:
    kind = move.get("type")
    if kind not in BOARD_KINDS:
        return move
    if kind == "charge":
        return {
            "type": "act",
            "at": list(move["hex"]),
            "do": "charge",
            "group": SEP.join(move["figures"]),
        }
    fid = move["figure"]
    figure = (view.get("figures") or {}).get(fid) or {}
    form: dict[str, Any] = {"type": "act", "at": list(figure.get("hex", [0, 0])), "who": fid}
    form["do"] = kind
    if kind == "move":
        path = move.get("path") or [move["to"]]
        form["step"] = list(path[0])
        if len(path) > 1:
            form["to"] = list(path[1])
    elif kind == "shoot":
        targets = move["targets"]
        target = (view.get("figures") or {}).get(targets[0]) or {}
        form["hex"] = list(target.get("hex", [0, 0]))
        form["volley"] = SEP.join(targets)
        form["mode"] = move.get("mode", "normal")
    elif kind == "sentry":
        form["policy"] = move.get("policy", "fire")
        if (view.get("advanced") or {}).get("blind_spots") and "facing" in move:
            form["facing"] = move["facing"]
    elif kind == "grenade":
        form["kind"] = move["kind"]
        form["hex"] = list(move["hex"])
    elif kind == "face":
        form["facing"] = move["facing"]
    return form


def action_label(do: str) -> str:
    # Costs in action points as the prompt names them ("with its 2 action points"), never the
    # rulebook's abbreviation "PA" a newcomer cannot read (§Points d'Action).
    return {
        "move": gettext("Move"),
        "shoot": gettext("Shoot"),
        "aim": gettext("Take aim (1 point)"),
        "sentry": gettext("Stand sentry (2 points)"),
        "reload": gettext("Reload (2 points)"),
        "grenade": gettext("Throw a grenade (2 points)"),
        "face": gettext("Turn"),
        "charge": gettext("Charge"),
    }.get(do, do)


def volley_label(volley: str) -> str:
    """ "b3.b3" -> "2 shots at Blue 3"; "b3.b4" -> "1 shot at Blue 3, 1 at Blue 4"."""
    targets = volley.split(SEP)
    counts: dict[str, int] = {}
    for t in targets:
        counts[t] = counts.get(t, 0) + 1
    if len(counts) == 1:
        n = len(targets)
        return ngettext("%(n)d shot at %(fig)s", "%(n)d shots at %(fig)s", n) % {
            "n": n,
            "fig": figure_name(targets[0]),
        }
    parts = [
        ngettext("%(n)d at %(fig)s", "%(n)d at %(fig)s", n) % {"n": n, "fig": figure_name(t)}
        for t, n in counts.items()
    ]
    return gettext("Split: %(parts)s") % {"parts": ", ".join(parts)}


def group_label(group: str) -> str:
    ids = group.split(SEP)
    if len(ids) == 1:
        return gettext("%(fig)s charges alone") % {"fig": figure_name(ids[0])}
    return gettext("%(figs)s charge together") % {"figs": figures(ids)}


def policy_label(policy: str) -> str:
    return {
        "fire": gettext("Fire at any enemy coming into view"),
        "suppress": gettext("Pin down any enemy coming into view"),
        "ask": gettext("Ask me each time"),
    }.get(policy, policy)


def mode_label(mode: str) -> str:
    return gettext("to pin down (suppression)") if mode == "suppress" else gettext("to hit")


def option_label(field: str, value: Any) -> str:
    if field == "who":
        return figure_name(value)
    if field == "do":
        return action_label(str(value))
    if field == "volley":
        return volley_label(str(value))
    if field == "group":
        return group_label(str(value))
    if field == "policy":
        return policy_label(str(value))
    if field == "kind":
        return grenade_name(value).capitalize()
    if field == "mode":
        return mode_label(str(value))
    return str(value)
