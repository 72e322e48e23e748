"""One move's working context (games/engine/context.py) over Infinity's state and d20s."""

from __future__ import annotations

from games.engine.context import MoveContext
from games.engine.context import refuse as refuse
from games.engine.infinity.dice import Dice
from games.engine.infinity.state import State


class Ctx(MoveContext[State, Dice]):
    pass
