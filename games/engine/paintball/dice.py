"""The d6 of one `apply` ("Le Jeu": only d6 are used).

Within one move the dice are drawn in the normative order of spec §15 from either the game's
counter-based Rng or, on the command line, a forced list. A Dice object lives for one move only;
the state never holds it.
"""

from __future__ import annotations

from games.engine.rng import Rng


class DiceExhausted(Exception):
    """A forced list (command line `--dice`) ran out."""


class Dice:
    def __init__(self, rng: Rng | None = None, forced: list[int] | None = None) -> None:
        self.rng = rng
        self.forced = forced
        self.used = 0

    def d6(self) -> int:
        self.used += 1
        if self.forced is not None:
            if not self.forced:
                raise DiceExhausted
            return self.forced.pop(0)
        if self.rng is None:
            raise DiceExhausted
        value, self.rng = self.rng.below(6)
        return value + 1
