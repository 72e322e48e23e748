"""The step viewer: every activation of the match, one action at a time (a step of a move, a
volley with its dice, a sentry's shot, a charge round), drawn on the board as it stood.

The board is followed from the match's start view through the events the reader may see, so a
step shows nothing the reader could not see at the time (the other team's sentry policies
never appear: its events carry none)."""

from __future__ import annotations

import copy
from collections.abc import Mapping, Sequence
from typing import Any

from django.utils.safestring import SafeString
from django.utils.translation import gettext

from games.hexboard.protocol import Step
from games.hexboard.svg import line
from games.paintball_site import describe, drawing, pieces
from games.paintball_site.words import figure_name

Event = Mapping[str, Any]
# Events that start a new activation, and those that start a new step inside one.
OPENERS = ("FigureActivated", "ChargeDeclared")
CLOSERS = ("PhaseEnded", "TurnStarted", "GameOver")
ACTIONS = (
    "FigureMoved",
    "AimTaken",
    "VolleyDeclared",
    "SentryEntered",
    "Reloaded",
    "GrenadeThrown",
    "ChargeRoundRolled",
    "SentryFired",
    "SentryHeld",
    "FigureFaced",
)


def sequences(
    start: Mapping[str, Any], events: Sequence[Event], names: Sequence[str]
) -> list[list[Step]]:
    board = copy.deepcopy(dict(start))
    out: list[list[Step]] = []
    steps: list[Step] | None = None
    group: list[Event] = []

    def flush() -> None:
        nonlocal group
        if steps is not None and group:
            steps.append(_step(board, group, names))
        group = []

    def close() -> None:
        nonlocal steps
        flush()
        if steps is not None and len(steps) > 1:
            out.append(steps)
        steps = None

    for e in events:
        kind = e.get("kind")
        if kind in OPENERS and not (kind == "FigureActivated" and _charging(group)):
            close()
            steps = [_first(board, e, names)]  # the board before, and who acts
            apply(board, e)
            if kind == "ChargeDeclared":
                group.append(e)  # a charge's first action is its approach
            continue
        if kind in CLOSERS:
            close()
        elif kind in ACTIONS:
            flush()
        if steps is not None:
            group.append(e)
        apply(board, e)
    close()
    return out


def _charging(group: Sequence[Event]) -> bool:
    return any(e.get("kind") == "ChargeDeclared" for e in group)


def _first(board: Mapping[str, Any], e: Event, names: Sequence[str]) -> Step:
    who = figure_name(e.get("figure")) if e.get("figure") else None
    title = (
        gettext("Turn %(turn)s · %(fig)s acts") % {"turn": board.get("turn", 1), "fig": who}
        if who
        else gettext("Turn %(turn)s · a charge") % {"turn": board.get("turn", 1)}
    )
    return Step(
        title=title,
        pieces=tuple(pieces.pieces(board, {})),
        lines=(describe.describe(dict(e), names),),
    )


def _step(board: Mapping[str, Any], group: Sequence[Event], names: Sequence[str]) -> Step:
    """One action: `board` is the field after it; figures it put out are marked where they
    stood."""
    overlays: list[SafeString] = []
    for e in group:
        _overlay(board, e, overlays)
    lines = tuple(t for t in (describe.describe(dict(e), names) for e in group) if t)
    return Step(
        title=lines[0] if lines else gettext("Action"),
        pieces=tuple(pieces.pieces(board, {})),
        overlays=tuple(overlays),
        lines=lines,
    )


def _overlay(board: Mapping[str, Any], e: Event, overlays: list[SafeString]) -> None:
    figs = board.get("figures") or {}
    kind = e.get("kind")
    if kind == "FigureMoved":
        (x1, y1), (x2, y2) = drawing.centre(e["start"]), drawing.centre(e["to"])
        overlays.append(line(x1, y1, x1 + (x2 - x1) * 0.8, y1 + (y2 - y1) * 0.8, "path"))
    elif kind in ("VolleyDeclared", "SentryFired"):
        shooter = figs.get(e.get("figure"))
        target_id = (e.get("targets") or [e.get("target")])[0]
        target = figs.get(target_id)
        if shooter and target:
            overlays.append(drawing.sight_line(shooter["hex"], target["hex"], "los shot"))
    elif kind == "ShotDiceRolled":
        shooter = figs.get(e.get("figure"))
        if shooter:
            x, y = drawing.centre(shooter["hex"])
            dice = " ".join(str(v) for v in e.get("dice") or [])
            overlays.append(drawing.badge(x, y - 30, f"{dice} · {e.get('need')}+", "dice"))
    elif kind == "FigureOut":
        fig = figs.get(e.get("figure"))
        if fig is not None:
            x, y = drawing.centre(fig["hex"])
            overlays.append(drawing.badge(x, y + 26, "✕ " + figure_name(e.get("figure")), "out"))


def apply(board: dict[str, Any], e: Event) -> None:
    """What one event changes on the board (the public facts the step viewer draws)."""
    kind = e.get("kind")
    figs = board.setdefault("figures", {})
    fig = figs.get(e.get("figure")) if e.get("figure") in figs else None
    if kind == "Deployed":
        for fid, h in (e.get("hexes") or {}).items():
            if fid in figs:
                figs[fid]["hex"] = list(h)
    elif kind == "TeamsSetUp":
        for chosen in (e.get("teams") or {}).values():
            for fid in chosen.get("experts") or []:
                if fid in figs:
                    figs[fid]["expert"] = True
            for fid, kinds in (chosen.get("grenades") or {}).items():
                if fid in figs:
                    figs[fid]["grenades"] = [*figs[fid].get("grenades", []), *kinds]
    elif kind == "TurnStarted":
        board["turn"] = e.get("turn")
        board["phase"] = "activation"
        for f in figs.values():
            f["activated"] = False
            f["ap"] = 3 if f.get("expert") else 2
    elif kind == "CommandDiceRolled":
        board["command_dice"] = {"red": e.get("red"), "blue": e.get("blue")}
        board["active"] = "red" if (e.get("red") or 0) > (e.get("blue") or 0) else "blue"
    elif kind == "OrderChosen":
        seat = e.get("seat")
        board["active"] = seat if e.get("play") == "first" else ("blue" if seat == "red" else "red")
    elif kind == "PhaseEnded":
        board["active"] = "blue" if e.get("seat") == "red" else "red"
        board["current"] = None
    elif kind == "FigureActivated" and fig is not None:
        fig["activated"] = True
        board["current"] = e.get("figure")
    elif kind == "FigureMoved" and fig is not None:
        fig["hex"] = list(e["to"])
        fig["ap"] = max(0, int(fig.get("ap", 2)) - 1)
        for flag in (board.get("flags") or {}).values():
            if flag.get("carrier") == e.get("figure"):
                flag["hex"] = list(e["to"])
    elif kind == "VolleyDeclared" and fig is not None:
        fig["ap"] = max(0, int(fig.get("ap", 2)) - len(e.get("targets") or []))
    elif kind in ("AimTaken",) and fig is not None:
        fig["ap"] = max(0, int(fig.get("ap", 2)) - 1)
    elif kind in ("SentryEntered", "Reloaded", "GrenadeThrown") and fig is not None:
        fig["ap"] = max(0, int(fig.get("ap", 2)) - 2)
        fig["state"] = "sentry" if kind == "SentryEntered" else "ready"
        if kind == "Reloaded":
            fig["disabled_by"] = None
    elif kind in ("SentryLeft", "FigureStoodUp", "JamCleared") and fig is not None:
        fig["state"], fig["disabled_by"] = "ready", None
    elif kind == "FigureDisabled" and fig is not None:
        fig["state"], fig["disabled_by"] = "disabled", e.get("by")
    elif kind == "FigureNeutral" and fig is not None:
        fig["state"] = "neutral"
    elif kind == "FigureOut" and fig is not None:
        fig["state"] = "out"
    elif kind == "FigureFaced" and fig is not None:
        fig["facing"] = e.get("facing")
    else:
        _apply_field(board, e)


def _apply_field(board: dict[str, Any], e: Event) -> None:
    """Marshals, flags, smoke."""
    kind = e.get("kind")
    marshals = board.setdefault("marshals", {})
    flags = board.setdefault("flags", {})
    if kind == "MarshalPlaced" and e.get("marshal") in marshals:
        m = marshals[e["marshal"]]
        m["hex"] = list(e["hex"])
        if e.get("jam"):
            m["busy"] = {"jam": e["jam"], "arrived_turn": board.get("turn")}
    elif kind == "MarshalWalked" and e.get("marshal") in marshals:
        m = marshals[e["marshal"]]
        m["hex"] = list(e["to"])
        if e.get("jam"):
            m["busy"] = {"jam": e["jam"], "arrived_turn": None}
    elif kind == "JamCleared" and e.get("marshal") in marshals:
        marshals[e["marshal"]]["busy"] = None
    elif kind == "FlagPickedUp" and e.get("flag") in flags:
        flags[e["flag"]]["carrier"] = e.get("figure")
    elif kind == "FlagDropped" and e.get("flag") in flags:
        flags[e["flag"]].update(carrier=None, hex=list(e["hex"]))
    elif kind == "SmokePlaced":
        smoke = board.setdefault("smoke", [])
        if list(e["hex"]) not in smoke:
            smoke.append(list(e["hex"]))
    elif kind == "SmokeCleared":
        board["smoke"] = [h for h in board.get("smoke") or [] if h != list(e["hex"])]
