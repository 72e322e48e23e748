"""One move's working context (games/engine/context.py) over paintball's state and d6s."""

from __future__ import annotations

from games.engine.context import MoveContext
from games.engine.context import refuse as refuse
from games.engine.paintball.dice import Dice
from games.engine.paintball.state import State


class Ctx(MoveContext[State, Dice]):
    def roll(self) -> int:
        return self.dice.d6()

    @property
    def over(self) -> bool:
        return self.state.phase == "over"
