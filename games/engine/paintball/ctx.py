"""One move's working context: the state so far, the events said, the dice rolled.

The rules functions replace `ctx.state` with new frozen states; the input state of `apply` is
never touched, and an IllegalMove raised before any change leaves nothing behind.
"""

from __future__ import annotations

from typing import Any

from games.engine.paintball.board import SEATS
from games.engine.paintball.dice import Dice
from games.engine.paintball.state import State
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
        only: str | None = None,
        redacted: dict[str, Any] | None = None,
        **data: Any,
    ) -> None:
        """An event; `only` names the one team allowed to see all of it (others see `redacted`)."""
        visible: str | tuple[int, ...] = ALL_SEATS if only is None else (SEATS.index(only),)
        self.events.append(Event(kind, data, visible, redacted))

    def roll(self) -> int:
        return self.dice.d6()

    @property
    def over(self) -> bool:
        return self.state.phase == "over"


def refuse(code: str, reason: str) -> IllegalMove:
    return IllegalMove(reason, code)
