"""The board and hand of a seat view, ready for the template (board.html partials).

Everything the player may do comes from `view["legal_moves"]` through selection.choose: the UI
highlights, never decides. Links carry the selection in the query string of the match page
(relative, so they stay short): without JS they load the page, with htmx they fetch the same
address, which answers an htmx request aimed at `#board` with the board and hand partials only.
"""

from __future__ import annotations

import json
from typing import Any

from django.utils.translation import gettext

from games.engine.neuroshima.tiles import army_tiles, hq_of
from games.neuroshima_site import describe, presenters, selection
from games.neuroshima_site.battle_steps import flatten

HAND_VIEWBOX = "-48 -44 96 88"


def move_fields(move: dict[str, Any]) -> list[tuple[str, str]]:
    """A legal move as the hidden inputs of its confirm form (site.move_from_post reads them)."""
    fields = [("type", move["type"])]
    for key, value in move.items():
        if key == "type":
            continue
        if key == "choice":
            fields.append((key, json.dumps(value, sort_keys=True)))
        elif isinstance(value, list):
            fields.append((key, presenters.hex_key(value)))
        else:
            fields.append((key, str(value)))
    return fields


def status_bar(view: dict[str, Any]) -> list[dict[str, Any]]:
    out = []
    for i, s in enumerate(view["seats"]):
        out.append(
            {
                "seat": i,
                "army": s["army"],
                "name": describe.army_label(s["army"]),
                "initial": presenters.ARMY_INITIALS.get(s["army"], "?"),
                "hq_points": s["hq_points"],
                "deck": s["deck_count"],
                "hand": s["hand_count"],
                "kept": [describe.tile_name(t) for t in s.get("kept", ())],
                "points": s.get("points"),
                "eliminated": s["eliminated"],
                "current": view.get("current") == i and view.get("outcome") is None,
                "me": view.get("seat") == i,
            }
        )
    return out


def _hand(view, seat, choice, legal, urls) -> list[dict[str, Any]]:
    if seat is None:
        return []
    hand = view["seats"][seat].get("hand") or []
    out = []
    for i, tile_id in enumerate(hand):
        mine = [m for m in legal if m.get("tile_index") == i]
        buttons = [
            {"label": _button_label(m), "fields": move_fields(m), "testid": _testid(m)}
            for m in mine
            if m["type"] in ("Discard", "PlayBattle")
        ]
        pickable = any(m["type"] in selection.STEPS for m in mine)
        out.append(
            {
                "index": i,
                "tile": presenters.tile_drawing(tile_id),
                "name": describe.tile_name(tile_id),
                "selected": choice.selection.get("tile_index") == i,
                "pickable": pickable,
                "buttons": buttons,
                "href": selection.to_query({"tile_index": i}) if pickable else "",
            }
        )
    return out


def _button_label(move: dict[str, Any]) -> str:
    return {
        "Discard": gettext("Discard"),
        "PlayBattle": gettext("Start the battle"),
        "EndTurn": gettext("End turn"),
    }[move["type"]]


def _testid(move: dict[str, Any]) -> str:
    base = {"Discard": "discard", "PlayBattle": "play-battle", "EndTurn": "end-turn"}[move["type"]]
    return f"{base}-{move['tile_index']}" if "tile_index" in move else base


def _step_prompt(step: str | None, kind: str | None) -> str:
    if step is None:
        return gettext("Turn the tile if needed, then confirm.") if kind else ""
    prompts = {
        "hex": gettext("Choose a hex."),
        "from": gettext("Choose the unit to move."),
        "to": gettext("Choose where it goes."),
        "pusher": gettext("Choose your unit that pushes."),
        "target": gettext("Choose the target."),
        "centre": gettext("Choose the centre of the strike."),
    }
    return prompts.get(step, "")


def _preview(view, seat, choice) -> tuple[list[dict], dict[str, str], list[dict]]:
    """Tiles to add (a preview), classes for tiles already there, attack rays of the preview."""
    sel, kind = choice.selection, choice.kind
    rot = choice.rotation if choice.rotation is not None else 0
    hexes: dict[str, str] = {}
    if "from" in sel:
        hexes[presenters.hex_key(sel["from"])] = "selected"
    if "pusher" in sel:
        hexes[presenters.hex_key(sel["pusher"])] = "selected"
    tile_id = None
    at = None
    if kind in ("PlaceTile", "PlaceHQ") and "hex" in sel:
        at = tuple(sel["hex"])
        if kind == "PlaceHQ":
            tile_id = hq_of(view["seats"][seat]["army"]).id
        else:
            tile_id = view["seats"][seat]["hand"][sel["tile_index"]]
    elif kind in ("MoveUnit", "PlayMove") and "to" in sel and "from" in sel:
        placed = next((t for t in view["position"]["tiles"] if t["hex"] == list(sel["from"])), None)
        if placed is not None:
            tile_id, at = placed["tile"], tuple(sel["to"])
            hexes[presenters.hex_key(sel["from"])] = "ghost"
    if tile_id is None or at is None:
        return [], hexes, []
    drawing = presenters.tile_drawing(
        tile_id,
        rotation=rot,
        centre=presenters.hex_centre(at),
        extra_class="preview",
    )
    return [drawing], hexes, presenters.attack_rays(tile_id, at, rot)


def _pending(view, seat, legal) -> dict[str, Any] | None:
    pending = view.get("pending")
    if not pending:
        return None
    kind = pending.get("kind", "")
    if seat != pending.get("seat"):
        return {
            "mine": False,
            "text": gettext("Waiting for %(who)s to decide.")
            % {"who": describe.army_label(view["seats"][pending["seat"]]["army"])},
        }
    options = []
    for i, m in enumerate(legal):
        if m["type"] == "Decide":
            options.append(
                {
                    "label": describe.option_label(kind, m["choice"]),
                    "fields": move_fields(m),
                    "testid": f"decision-option-{i}",
                }
            )
        elif m["type"] == "ChoosePushDestination":
            options.append(
                {
                    "label": describe.option_label("push_destination", m["to"]),
                    "fields": move_fields(m),
                    "testid": f"decision-option-{i}",
                }
            )
    return {"mine": True, "text": describe.decision_prompt(kind), "options": options}


def play_context(
    view: dict[str, Any], seat: int | None, query: Any, urls: dict[str, str]
) -> dict[str, Any]:
    """The template context under the key "nh" (see board.html)."""
    legal = list(view.get("legal_moves") or []) if seat is not None else []
    choice = selection.choose(legal, selection.parse_selection(query))
    additions, classes, rays = _preview(view, seat, choice) if seat is not None else ([], {}, [])
    for h in view.get("moved") or []:
        classes.setdefault(presenters.hex_key(h), "moved")
    tiles = presenters.placed_drawings(view["position"], classes) + additions
    targets = []
    for h in choice.targets:
        x, y = presenters.hex_centre((h[0], h[1]))
        targets.append(
            {
                "hex": presenters.hex_key(h),
                "x": presenters.number(x),
                "y": presenters.number(y),
                "label": gettext("Hex %(at)s") % {"at": describe.hex_label(h)},
                "href": selection.to_query({**choice.selection, choice.step: h}),
            }
        )
    rotate = None
    if choice.move is not None and len(choice.rotations) > 1:
        rotate = {
            "ccw": selection.to_query(selection.turned(choice, -1)),
            "cw": selection.to_query(selection.turned(choice, 1)),
        }
    events = [e for e in (view.get("events") or [])]
    battle_done = any(e.get("kind") in ("BattleEnded", "StrikeResolved") for e in events)
    end_turn = next((m for m in legal if m["type"] == "EndTurn"), None)
    return {
        "viewbox": presenters.VIEWBOX,
        "cells": presenters.board_cells(view["config"]["board"]),
        "hex_points": presenters.HEX_POINTS,
        "tiles": tiles,
        "rays": rays,
        "targets": targets,
        "prompt": _step_prompt(choice.step, choice.kind),
        "confirm": None if choice.move is None else move_fields(choice.move),
        "rotate": rotate,
        "cancel": selection.to_query({}) if choice.selection else None,
        "end_turn": None if end_turn is None else move_fields(end_turn),
        "pending": _pending(view, seat, legal) if seat is not None else None,
        "hand": _hand(view, seat, choice, legal, urls),
        "hand_viewbox": HAND_VIEWBOX,
        "status": status_bar(view),
        "my_turn": bool(legal),
        "battle_done": battle_done,
        "recent": [describe.describe(flatten(e["kind"], _data(e))) for e in events[-6:]],
        "outcome": view.get("outcome"),
        "urls": urls,
    }


def _data(e: dict[str, Any]) -> dict[str, Any]:
    # view events are flat: the event's name under "kind", its data beside it
    return {k: v for k, v in e.items() if k != "kind"}


def army_choices() -> list[tuple[str, str]]:
    from games.engine.neuroshima.tiles import ARMIES

    return [(a, describe.army_label(a)) for a in ARMIES if army_tiles(a)]
