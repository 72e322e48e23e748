"""One move's working context: the state so far, the events said, the dice rolled. Rules
functions replace `ctx.state` with new frozen states; the input of `apply` is never touched."""

from __future__ import annotations

from typing import Any

from games.engine.infinity.dice import Dice
from games.engine.infinity.state import State
from games.engine.protocol import ALL_SEATS, Event, IllegalMove


class Ctx:
    def __init__(self, state: State, dice: Dice) -> None:
        self.state = state
        self.dice = dice
        self.events: list[Event] = []

    def emit(
        self,
        kind: str,
        /,
        only: int | None = None,
        redacted: dict[str, Any] | None = None,
        **data: Any,
    ) -> None:
        """An event; `only` names the one seat allowed to see all of it (the other sees
        `redacted`, or nothing)."""
        visible: str | tuple[int, ...] = ALL_SEATS if only is None else (only,)
        self.events.append(Event(kind, data, visible, redacted))


def refuse(code: str, reason: str) -> IllegalMove:
    """An illegal move with one of the stable codes of spec E.4."""
    return IllegalMove(reason, code)
