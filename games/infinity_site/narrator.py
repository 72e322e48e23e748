"""Infinity's story teller (hexboard.story.Narrator): each event told with its cast (cast.py),
followed from the match's start view, so the log names a trooper by its own profile and a TO
marker as the board does."""

from __future__ import annotations

import copy
from collections.abc import Mapping, Sequence
from typing import Any

from games.hexboard.describe import sentence
from games.hexboard.story import Narrator
from games.infinity_site.cast import Cast
from games.infinity_site.order_words import REACTED


class CastNarrator(Narrator):
    def __init__(self, site: Any, start: Mapping[str, Any] | None) -> None:
        super().__init__(site, start)
        self.cast = Cast(start)
        # Whether the reactive seat reacted since the last declaration (its `SkillDeclared`
        # opens the window): what the window's close says (order_words.window_closed).
        self.reacted = False

    def copy(self) -> CastNarrator:
        twin = copy.copy(self)
        twin.cast = self.cast.copy()
        return twin

    def tell(self, event: Mapping[str, Any], names: Sequence[str]) -> str:
        self.cast.follow(event)  # first: a marker deployed names its own kind
        kind = event.get("kind")
        if kind == "SkillDeclared":
            self.reacted = False
        elif kind == "AroDeclared":
            self.reacted = True  # only the reactive side reacts in a window
        elif kind == "WindowClosed":
            event = {**event, REACTED: self.reacted}
        return sentence(self.site, self.cast.told(event), names)
