"""One move's working context, for the systems whose rules functions pass it along: the state
so far, the events said, the dice rolled. The rules replace `ctx.state` with new frozen states,
so the input of `apply` is never touched and a refusal before any change leaves nothing behind.
"""

from __future__ import annotations

from typing import Any, Generic, TypeVar

from games.engine.protocol import ALL_SEATS, Event, IllegalMove

StateT = TypeVar("StateT")
DiceT = TypeVar("DiceT")


class MoveContext(Generic[StateT, DiceT]):
    def __init__(self, state: StateT, dice: DiceT) -> None:
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
        """An event; `only` names the one seat allowed to see all of it (the others see
        `redacted`, or nothing)."""
        visible: str | tuple[int, ...] = ALL_SEATS if only is None else (only,)
        self.events.append(Event(kind, data, visible, redacted))


def refuse(code: str, reason: str, **values: Any) -> IllegalMove:
    """An illegal move with one of the stable codes of the system's spec; a `reason` naming
    values is a template, the values given by name (`IllegalMove`)."""
    return IllegalMove(reason, code, **values)
