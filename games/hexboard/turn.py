"""A seat's turn as template context (`turn_context`), for any system.

Everything the player may do comes from the engine's legal moves through `picks.choose`: the
board highlights the legal next hexes as links, a complete move gets a Confirm button, moves
that need no board pick are plain buttons (in the hand when they name a hand item), and a
pending decision shows its options. Moves are posted as one JSON field (`move`).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from typing import Any
from urllib.parse import urlsplit

from django.http import QueryDict
from django.utils.translation import gettext

from games.hexboard import hand_parts, picks
from games.hexboard.grid import target_points
from games.hexboard.keys import hex_key
from games.hexboard.protocol import BaseSite, Button, Link, Preview, move_json
from games.hexboard.svg import num


def picks_query(request, page: str) -> Mapping[str, Any]:
    """The player's picks so far. A live refetch (a GET of the match's partials after the match
    changed) keeps the ones in the page's address, so a notification does not wipe a half-made
    move; they are checked against the new legal moves like any pick (`picks.choose`): one the
    position no longer allows is dropped, and the page says so (`pick_reset`)."""
    current = request.headers.get("HX-Current-URL")
    if request.method != "GET" or not current or request.path == page:
        return request.GET
    # The refetch's own parameters (`since`, the version the page shows) are not picks: only
    # the page's address holds them.
    return QueryDict(urlsplit(current).query)


def _target(site: BaseSite, view, choice: picks.Choice, value: Any) -> dict[str, str]:
    x, y = site.layout.to_pixel((value[0], value[1]))
    return {
        "hex": hex_key(value),
        "x": num(x),
        "y": num(y),
        "label": site.target_label(view, choice.step or "", value),
        "href": picks.to_query(site.picks, {**choice.selection, choice.step: value}),
    }


def _distinct(targets) -> list[dict[str, str]]:
    """Targets whose words are the same ("the bushes", "Go here") get the hex's coordinates as
    the board writes them (its coordinates toggle): a screen reader lists the board's links by
    name, and two links of one name would be two places a player cannot tell apart."""
    out = list(targets)
    counts = Counter(t["label"] for t in out)
    for t in out:
        if counts[t["label"]] > 1:
            t["label"] = f"{t['label']} ({t['hex']})"
    return out


def _option(site: BaseSite, view, choice: picks.Choice, value: Any) -> Link:
    return Link(
        label=site.target_label(view, choice.step or "", value),
        href=picks.to_query(site.picks, {**choice.selection, choice.step: value}),
        testid=f"pick-{choice.step}-{value}",
    )


def board_layer(site: BaseSite, view: Mapping[str, Any], preview: Preview | None = None) -> dict:
    """The still grid and the pieces of a view: what a read-only board needs (replays, steps)."""
    preview = preview or Preview()
    viewbox, cells = site.grid(view)
    return {
        "viewbox": viewbox,
        "cells": cells,
        "target_points": target_points(site.layout),
        "pieces": [*site.pieces(view, dict(preview.marks)), *preview.pieces],
        "arrows": list(preview.arrows),
    }


def turn_context(
    site: BaseSite,
    *,
    view: Mapping[str, Any],
    seat: int | None,
    legal: Sequence[dict[str, Any]],
    query: Mapping[str, Any],
    urls: Mapping[str, str],
    version: int,
    names: Sequence[str] = (),
    coach: bool = False,
) -> dict[str, Any]:
    """The board layer and the seat's side for `seat` (None: a spectator). `coach`: the player
    wants the system's tips (the platform decides who; a spectator never gets them)."""
    spec = site.picks
    # Picks work on each move's pick form (often the move itself); Confirm posts the move.
    selection = picks.parse(spec, query)
    listed = legal  # the engine's list, before the site's pick forms filter it
    pairs = site.pick_forms_given(view, seat, legal, selection) if seat is not None else []
    forms = [form for form, _ in pairs]
    legal = [move for _, move in pairs]
    move_of = {id(form): move for form, move in pairs}
    choice = picks.choose(spec, forms, selection)
    preview = site.preview(view, seat, choice) if seat is not None and legal else Preview()
    layer = board_layer(site, view, preview)

    targets, options = [], []
    if choice.step is not None:
        if choice.step in spec.hex_fields:
            targets = _distinct(_target(site, view, choice, v) for v in choice.targets)
        else:
            options = [_option(site, view, choice, v) for v in choice.targets]

    decision = site.decision_named(view, seat, names)
    deciding = decision is not None and decision[1]
    plain = [m for f, m in pairs if f.get("type") not in spec.order]
    decision_options = []
    if deciding:
        decision_options = [
            Button(site.move_label(m, view), move_json(m), f"decision-option-{i}")
            for i, m in enumerate(legal)
        ]
        plain = []
    in_hand: dict[int, list[Button]] = {}
    controls: list[Button] = []
    for m in plain:
        button = Button(site.move_label(m, view), move_json(m), site.move_testid(m))
        if spec.from_hand is not None and isinstance(m.get(spec.from_hand), int):
            in_hand.setdefault(m[spec.from_hand], []).append(button)
        else:
            controls.append(button)

    cycle = None
    if choice.move is not None and len(choice.cycle_values) > 1:
        back, forward = site.cycle_labels(choice.cycle_field or "")
        cycle = {
            "field": choice.cycle_field,
            "back": back,
            "forward": forward,
            "prev": picks.to_query(spec, picks.turned(choice, -1)),
            "next": picks.to_query(spec, picks.turned(choice, 1)),
        }
    hand_field = spec.from_hand
    pickable = {
        f.get(hand_field)
        for f in forms
        if hand_field and f.get("type") in spec.order and hand_field in spec.order[f["type"]]
    }

    def hand_href(index: int) -> str:
        """The link picking hand item `index`, or "" when no board move starts with it."""
        return picks.to_query(spec, {hand_field: index}) if index in pickable else ""

    hand = site.hand(view, seat, choice, in_hand, hand_href) if seat is not None else ()
    links = _links(site, view, seat, urls)
    # The coach's tips, from this seat's own view only (drawn in its hand: they redraw with
    # every pick and move).
    coach = tuple(site.coach(view, seat, listed)) if coach and seat is not None else ()
    return {
        **layer,
        "site": site,
        "view": view,
        "version": version,
        "seat": seat,  # the seat the page plays: its move forms name it (one person, two seats)
        "urls": urls,
        "targets": targets,
        "options": options,
        "prompt": ""
        if deciding or seat is None
        else site.instruction(view, seat, choice, legal, query=query, names=names),
        "confirm": None if choice.move is None else _confirm(site, view, choice, move_of),
        "cycle": cycle,
        "cancel": picks.to_query(spec, {}) if choice.selection else None,
        "controls": controls,
        "decision": None
        if decision is None
        else {"text": decision[0], "mine": deciding, "options": decision_options},
        "hand": hand,
        "hand_viewbox": site.hand_viewbox,
        "seats": site.seats(view, seat),
        "links": links,
        "recent": site.recent(view, names),
        "coach": coach,
        # What the coach's tips and the links are drawn from: a page showing them as they are
        # keeps its own, undrawn (hand_parts.py).
        "coach_key": hand_parts.coach_key(coach, urls) if coach else None,
        "links_key": hand_parts.links_key(links),
        "my_turn": bool(legal),
        # A half-made move the position no longer allows was dropped: the hand says so, and
        # the page's script takes the picks out of its address (static/hexboard/board.js).
        "pick_reset": choice.reset and seat is not None,
    }


def _confirm(
    site: BaseSite, view: Mapping[str, Any], choice: picks.Choice, move_of: Mapping[int, Any]
) -> Button:
    """Confirm: the move built so far posted, or the pick the site answers the step with."""
    assert choice.move is not None
    goes_on = site.confirm_picks(view, choice)
    href = picks.to_query(site.picks, {**choice.selection, **goes_on}) if goes_on else ""
    return Button(
        site.confirm_label(view, choice),
        move_json(move_of.get(id(choice.move), choice.move)),
        "confirm-move",
        primary=True,
        href=href,
    )


def _links(site: BaseSite, view: Mapping[str, Any], seat: int | None, urls) -> list[Link]:
    """The site's links beside the board, and for a player "since my last turn" first (a
    spectator has no last turn)."""
    links = list(site.links(view, seat, urls))
    if seat is not None and "since" in urls:
        since = Link(gettext("What happened since my last turn"), urls["since"], "since-link")
        links.insert(0, since)
    return links


def hand_form_context(context: Mapping[str, Any], turn: Mapping[str, Any]) -> dict[str, Any]:
    """What a site's own form in the seat's hand needs to post one move through the platform:
    the match id, the turn (its version, seat and page address) and the CSRF token, taken from
    the match page's template context (see infinity_site's and paintball_site's tags), and
    `page_shows`, so such a part can be left to a page that shows it already (left_to_page)."""
    match = context.get("match")
    return {
        "match_id": getattr(match, "pk", None),
        "turn": turn,
        "csrf_token": context.get("csrf_token"),
        "page_shows": context.get("page_shows"),
    }
