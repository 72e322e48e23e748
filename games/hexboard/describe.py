"""Event sentences, remembered. The log, the recent list, the since page, the replay and the
step viewer describe the same events again and again; a sentence depends only on the event,
the players' names and the language, so it is computed once per combination."""

from __future__ import annotations

import functools
import json
from collections.abc import Mapping, Sequence
from typing import Any

from django.utils.translation import get_language

from games.hexboard.protocol import BaseSite


def sentence(site: BaseSite, event: Mapping[str, Any], names: Sequence[str] = ()) -> str:
    """`site.describe_event(event, names)`, cached (events that are not JSON are not cached)."""
    try:
        as_json = json.dumps(event, sort_keys=True)
    except (TypeError, ValueError):
        return site.describe_event(event, names)
    return _sentence(site, as_json, tuple(names), get_language())


@functools.lru_cache(maxsize=20_000)  # a few MB at most
def _sentence(site: BaseSite, event_json: str, names: tuple[str, ...], language: str | None) -> str:
    # `language` is part of the key only: describe_event translates in the active language.
    return site.describe_event(json.loads(event_json), names)
