"""`{% hexpanse_panel as p %}`: the seat's Hexpanse panels for the match page, from the turn
context hexboard built (its view and legal moves) and the picks in the page's address."""

from __future__ import annotations

from typing import Any

from django import template
from django.utils.translation import gettext

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
    if request is not None:
        request._hexpanse_panel = out
    return out


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
