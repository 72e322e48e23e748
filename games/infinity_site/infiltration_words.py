"""Infiltration while deploying (the engine's infiltration.py): the words of each hex an
infiltrator may take (« infiltration : jet de PH à −3 (9 ou moins) »), what the prompt adds, and
the enemy half's MODs drawn on the board. Pure functions of the seat's own view."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from django.utils.html import format_html
from django.utils.safestring import SafeString
from django.utils.translation import gettext

from games.engine.infinity import geometry as geo
from games.engine.infinity import infiltration
from games.engine.infinity.state import State, Trooper
from games.infinity_site import analysis, pieces
from games.infinity_site.names import trooper_label


def deploying(view: Mapping[str, Any]) -> tuple[State, Trooper] | None:
    """The seat's trooper now deploying (the engine offers the first one not on the table), when
    it has Infiltration."""
    seat = view.get("seat")
    pending = (view.get("turn") or {}).get("pending") or {}
    if pending.get("kind") != "deploy" or pending.get("seat") != seat:
        return None
    state = analysis.state_of(view)
    if state is None or not isinstance(seat, int):
        return None
    waiting = [t for t in state.army(seat) if t.hex is None]
    if not waiting or infiltration.level(waiting[0]) is None:
        return None
    return state, waiting[0]


def signed(mod: int) -> str:
    return f"{mod:+d}".replace("-", "−")


def hex_words(view: Mapping[str, Any], h: Sequence[int]) -> str:
    """What deploying the infiltrator at `h` takes, "" inside its own zone or for anyone else."""
    found = deploying(view)
    if found is None:
        return ""
    state, t = found
    at = (int(h[0]), int(h[1]))
    if geo.in_zone(state.board, t.seat, at):
        return ""
    mod = infiltration.roll_mod(state.board, t.seat, at)
    if mod is None:
        return gettext("infiltration, no roll")
    return gettext("infiltration: PH roll at %(mod)s (%(sv)s or less)") % {
        "mod": signed(mod),
        "sv": t.prof.ph + mod,
    }


def prompt(view: Mapping[str, Any], move: Mapping[str, Any] | None) -> str:
    """The sentence the prompt adds while an infiltrator deploys, "" otherwise."""
    found = deploying(view)
    if found is None:
        return ""
    state, t = found
    if move is None:
        if infiltration.level(t) == 0:
            return gettext(
                "%(who)s must infiltrate the enemy half, outside its deployment zone: a PH roll "
                "there, harder the deeper it goes; a failure scatters it."
            ) % {"who": trooper_label(t.id, view)}
        return gettext(
            "%(who)s may also infiltrate beyond your zone: no roll in your half, a PH roll in "
            "the enemy half, harder the deeper it goes (never in the enemy's zone)."
        ) % {"who": trooper_label(t.id, view)}
    if move.get("type") != "deploy" or not move.get("hex"):
        return ""
    at = (int(move["hex"][0]), int(move["hex"][1]))
    mod = infiltration.roll_mod(state.board, t.seat, at)
    if mod is None:
        return ""
    words = gettext("Infiltration: PH roll at %(mod)s, %(sv)s or less to succeed.") % {
        "mod": signed(mod),
        "sv": t.prof.ph + mod,
    }
    if infiltration.level(t) == 2:
        return words + " " + gettext("A failure places it here, in the open.")
    return words + " " + gettext("A failure scatters it and places it in the open.")


def marks(view: Mapping[str, Any]) -> list[SafeString]:
    """The enemy half's hexes an infiltrator may take, shaded, and their row's MOD written at
    the row's west end."""
    found = deploying(view)
    if found is None:
        return []
    state, t = found
    out: list[SafeString] = []
    labelled: set[int] = set()
    for h in infiltration.hexes(state, t.seat, t):
        mod = infiltration.roll_mod(state.board, t.seat, h)
        if mod is None:
            continue
        out.append(pieces.hex_patch(h, "infiltrate"))
        row = geo.row(h)
        if row not in labelled:
            labelled.add(row)
            x, y = pieces.centre(h)
            out.append(
                format_html(
                    '<text class="odds infiltrate-mod" x="{}" y="{}" text-anchor="middle">{}</text>',
                    pieces.num(x),
                    pieces.num(y + 3),
                    f"PH {signed(mod)}",
                )
            )
    return out
