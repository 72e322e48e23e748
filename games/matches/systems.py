"""Glue between the platform and each game system's site part.

The engine (`games.engine.registry`) knows the rules; a *site adapter* knows how a system looks
on a page: its board template, its lobby options, how a posted form becomes a move, how an event
reads in the log. Adapters register from their AppConfig.ready. A system without an adapter gets
`GenericSite`, which shows the public view as a list and the legal moves as buttons, so the
platform works (and is testable) before any system has its own pages.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Any, Protocol

from django import forms
from django.http import QueryDict
from django.utils.translation import gettext

from games.engine import registry
from games.engine.protocol import MalformedMove


class SiteAdapter(Protocol):
    key: str  # same as the engine key
    name: str  # lazy-translated display name
    # A template with three partials, rendered with board_context below: "backdrop" (drawn once
    # with the page, under the board: styles, still layers), "board" (swapped after every move
    # and every pick, so keep it to what changes) and "hand" (the player's side, swapped with it).
    # Links in board or hand that fetch the match page's own address with htmx, aimed at
    # "#board", get board and hand back (views.match_page): that is how a move is picked.
    board_template: str

    def config_form(self, data=None) -> forms.Form:
        """The system's options in the lobby; form.cleaned_data -> engine config."""

    def board_context(self, *, view: dict, seat: int | None, request, match) -> dict: ...

    def move_from_post(self, post: QueryDict) -> Any:
        """Form fields -> move JSON (the engine re-validates everything)."""

    def describe_event(self, event: dict, seat_names: Sequence[str] = ()) -> str:
        """One localized sentence for the log; `seat_names[i]` names seat i's player."""

    def seat_label(self, *, view: dict, seat: int) -> str:
        """E.g. the army's name; may be ""."""


_sites: dict[str, SiteAdapter] = {}


def register_site(adapter):
    _sites[adapter.key] = adapter
    return adapter


def get_site(key: str) -> SiteAdapter:
    return _sites.get(key) or GenericSite(key)


def site_keys() -> tuple[str, ...]:
    return tuple(_sites)


def playable_keys() -> tuple[str, ...]:
    """Systems the lobby offers: every registered adapter or engine whose engine loads."""
    keys = []
    for key in (*site_keys(), *registry.system_keys(), *registry._systems):
        if key in keys:
            continue
        try:
            registry.get_system(key)
        except (KeyError, ImportError):
            continue
        keys.append(key)
    return tuple(keys)


class _NoOptions(forms.Form):
    pass


class GenericSite:
    """Fallback for systems without their own pages (see the module docstring)."""

    board_template = "matches/generic_board.html"

    def __init__(self, key: str) -> None:
        self.key = key
        self.name = key

    def config_form(self, data=None) -> forms.Form:
        return _NoOptions(data)

    def board_context(self, *, view: dict, seat: int | None, request, match) -> dict:
        moves: list[dict] = []
        if seat is not None and match.snapshot is not None and match.status == "active":
            system = registry.get_system(match.system)
            state = system.state_from_json(match.snapshot)
            if seat in system.to_act(state):
                moves = [
                    {"json": json.dumps(m, sort_keys=True), "label": _move_label(m)}
                    for m in system.legal_moves(state, seat)
                ]
        public = {k: v for k, v in view.items() if k != "hand"} if isinstance(view, dict) else {}
        hand = view.get("hand") if isinstance(view, dict) else None
        return {"public_items": sorted(public.items()), "hand": hand, "legal_moves": moves}

    def move_from_post(self, post: QueryDict) -> Any:
        try:
            return json.loads(post.get("move", ""))
        except ValueError:
            raise MalformedMove("This move could not be read.") from None

    def describe_event(self, event: dict, seat_names: Sequence[str] = ()) -> str:
        details = ", ".join(f"{k}: {v}" for k, v in sorted(event.items()) if k != "kind")
        kind = event.get("kind", "?")
        return gettext("%(kind)s (%(details)s)") % {"kind": kind, "details": details}

    def seat_label(self, *, view: dict, seat: int) -> str:
        return ""


def _move_label(move: Any) -> str:
    if isinstance(move, dict):
        return " ".join(f"{k}={v}" for k, v in move.items())
    return str(move)
