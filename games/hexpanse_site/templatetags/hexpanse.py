"""`{% hexpanse_panel as p %}`: the seat's Hexpanse panels for the match page, from the turn
context hexboard built (its view and legal moves) and the picks in the page's address."""

from __future__ import annotations

from typing import Any

from django import template
from django.utils.translation import gettext

from games.engine.hexpanse.state import ACTIONS_PER_TURN
from games.hexboard.protocol import Button, move_json
from games.hexboard.turn import picks_query
from games.hexpanse_site import panels

register = template.Library()


@register.simple_tag(takes_context=True)
def hexpanse_panel(context: Any) -> dict[str, Any]:
    turn = context["turn"]
    request = context.get("request")
    cache = getattr(request, "_hexpanse_panel", None) if request is not None else None
    if cache is not None:
        return cache
    seat = context.get("seat_index")
    names = [s.name for s in context.get("seats") or []]
    mine = {s.index for s in context.get("seats") or [] if getattr(s, "is_me", False)}
    query = picks_query(request, turn["urls"]["page"]) if request is not None else {}
    panel = panels.build_panel(turn, seat, query, names)
    view = turn["view"]
    out = {
        "panel": panel,
        "seats": panels.seat_boards(view, seat, names, mine),
        "market": panels.market(view, panel.kinds),
        "extra": panels.extra_cards(view, panel.kinds),
        "cards": panels.my_cards(view, seat, panel.kinds),
        "missions": panels.mission_panels(view, seat),
        "deck": (view.get("deck") or {}).get("count")
        if isinstance(view.get("deck"), dict)
        else None,
        "discard": (view.get("discard") or {}).get("count")
        if isinstance(view.get("discard"), dict)
        else None,
        "setup": view.get("setup"),
        "my_turn": seat is not None and seat in (view.get("to_act") or []),
    }
    out["policies"] = _policies(view, seat)
    out["market_id"], out["market_kept"] = _market_row(context, view)
    if request is not None:
        request._hexpanse_panel = out
    return out


def _market_row(context: Any, view: Any) -> tuple[str, bool]:
    """The id of the market's cards and whether this drawing may leave them to the page.

    The market's cards were the biggest part of a move's answer (issue 14) and change only in
    the market phase and when a turn begins (refilled slots). After a turn's first action a
    redraw (out of band: an answer, a push, a refetch; or a pick) sends them as an empty row
    htmx fills with the page's own (hx-preserve): the page drew them whole when that turn
    began. The id names the cards (and a market phase's buy buttons), so a page holding
    another market is left with the empty row and fetches itself once (hexboard/board.js). The
    whole page draws them. Otherwise the panel draws the row in {% left_to_page %}: a redraw
    before the turn's first action (a Protectors order) leaves it to a page whose version drew
    the same HTML, and a market phase's buy buttons or new cards come whole."""
    market = view.get("market")
    if not isinstance(market, list):
        return "", False
    t = view["turn"]
    row = "hx-market-" + "-".join(c or "0" for c in market)
    if t["phase"] != "actions":
        return f"{row}-{t['phase']}", False
    request = context.get("request")
    redraw = bool(context.get("oob") or getattr(request, "htmx", False))
    return row, redraw and t["actions_left"] < ACTIONS_PER_TURN


def _policies(view: Any, seat: int | None) -> list[tuple[str, Button]]:
    """The standing order of the seat's Protectors (R117), when it has some."""
    if seat is None or "M01" not in view["seats"][seat]["minors"]:
        return []
    current = view["seats"][seat]["protector_policy"]
    names = {
        "ask": gettext("Ask me"),
        "always": gettext("Always sacrifice"),
        "never": gettext("Never sacrifice"),
    }
    return [
        (
            value,
            Button(
                ("✓ " if value == current else "") + label,
                move_json({"seat": seat, "do": "set_policy", "policy": value}),
                f"policy-{value}",
                primary=value == current,
            ),
        )
        for value, label in names.items()
    ]
