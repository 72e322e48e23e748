"""The Neuroshima Hex site adapter (games/matches/systems.py SiteAdapter)."""

from __future__ import annotations

import functools
import json
from collections.abc import Sequence
from typing import Any
from urllib.parse import urlsplit

from django.http import QueryDict
from django.urls import NoReverseMatch, reverse
from django.utils.translation import get_language, gettext, gettext_lazy

from games.engine.protocol import MalformedMove
from games.neuroshima_site import boards, describe
from games.neuroshima_site.battle_steps import flatten
from games.neuroshima_site.forms import NeuroshimaConfigForm
from games.neuroshima_site.selection import HEX_KEYS, STEPS, parse_hex

# Move type -> the form fields it takes (the engine's JSON keys), see boards.move_fields.
MOVE_FIELDS: dict[str, tuple[str, ...]] = {
    **{kind: steps for kind, steps in STEPS.items()},
    "Discard": ("tile_index",),
    "PlayBattle": ("tile_index",),
    "EndTurn": (),
    "Decide": ("choice",),
}
# Names of the platform's move endpoint, in the order we try them.
MOVE_URL_NAMES = ("matches:move", "matches:submit_move", "matches:match_move")


def _int(raw: str, key: str) -> int:
    try:
        return int(raw)
    except (TypeError, ValueError):
        raise MalformedMove(gettext("'%(key)s' must be a whole number.") % {"key": key}) from None


def move_url(match) -> str:
    for name in MOVE_URL_NAMES:
        try:
            return reverse(name, args=[match.pk])
        except NoReverseMatch:
            continue
    return ""


def _selection_query(request, page: str):
    """The player's picks so far. A live refetch (GET of the match's partials when the match
    changed) keeps the ones in the page's address, so a notification does not wipe a half-made
    move; a stale pick matches no legal move and simply starts again."""
    current = request.headers.get("HX-Current-URL")
    if request.method != "GET" or request.GET or not current or request.path == page:
        return request.GET
    return QueryDict(urlsplit(current).query)


def match_page_url(match) -> str:
    try:
        return reverse("matches:match", args=[match.pk])
    except NoReverseMatch:
        return ""


class NeuroshimaSite:
    key = "neuroshima"
    name = gettext_lazy("Neuroshima Hex")
    board_template = "neuroshima_site/board.html"

    def config_form(self, data=None) -> NeuroshimaConfigForm:
        return NeuroshimaConfigForm(data)

    def board_context(self, *, view: dict, seat: int | None, request, match) -> dict:
        page = match_page_url(match) or request.path
        urls = {
            "page": page,
            "post": move_url(match) or page,
            "battle": reverse("neuroshima_site:battle_latest", args=[match.pk]),
            "since": reverse("neuroshima_site:since", args=[match.pk]),
        }
        nh = boards.play_context(view, seat, _selection_query(request, page), urls)
        nh["version"] = match.version
        nh["match_id"] = match.pk
        return {"nh": nh}

    def move_from_post(self, post) -> Any:
        kind = post.get("type", "")
        if kind not in MOVE_FIELDS:
            raise MalformedMove(gettext("This move could not be read."))
        move: dict[str, Any] = {"type": kind}
        for key in MOVE_FIELDS[kind]:
            raw = post.get(key)
            if raw in (None, ""):
                raise MalformedMove(gettext("This move is missing '%(key)s'.") % {"key": key})
            if key in HEX_KEYS:
                h = parse_hex(raw)
                if h is None:
                    raise MalformedMove(gettext("'%(key)s' must be a hex.") % {"key": key})
                move[key] = h
            elif key == "choice":
                try:
                    move[key] = json.loads(raw)
                except ValueError:
                    raise MalformedMove(gettext("This choice could not be read.")) from None
            else:
                move[key] = _int(raw, key)
        return move

    def describe_event(self, event: dict, seat_names: Sequence[str] = ()) -> str:
        # The match log describes its last records again on every page and every move: the
        # sentence only depends on the event, the names and the language, so remember it.
        try:
            as_json = json.dumps(event, sort_keys=True)
        except (TypeError, ValueError):  # not JSON: describe it every time
            return _describe_event(event, seat_names)
        return _described(as_json, tuple(seat_names), get_language())

    def seat_label(self, *, view: dict, seat: int) -> str:
        try:
            return describe.army_label(view["seats"][seat]["army"])
        except (KeyError, IndexError, TypeError):
            return ""


def _describe_event(event: dict, seat_names: Sequence[str]) -> str:
    if "data" in event and "visible_to" in event:
        event = flatten(event["kind"], event["data"])
    return describe.describe(event, seat_names)


@functools.lru_cache(maxsize=20_000)  # a few MB at most
def _described(event_json: str, seat_names: tuple[str, ...], language: str | None) -> str:
    # `language` is part of the key only: describe() translates in the active language.
    return _describe_event(json.loads(event_json), seat_names)


SITE = NeuroshimaSite()
