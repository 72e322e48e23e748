"""Where the d6 come from ("Tous les dés utilisés sont des d6 classiques"): the match's seeded
Rng, or a forced list (command line `--dice`, rules tests), or none at all (S5)."""

from __future__ import annotations

from collections.abc import Sequence

from games.engine.rng import Rng


class DiceExhausted(Exception):
    """A procedure needed a die that the forced list no longer holds."""


class Dice:
    """A d6 source local to one `apply` (it never outlives the call, so state stays immutable)."""

    def __init__(self, rng: Rng | None = None, forced: Sequence[int] | None = None) -> None:
        self.rng = rng
        self.forced = None if forced is None else list(forced)
        self.used = 0

    def d6(self) -> int:
        if self.forced is not None:
            if self.used >= len(self.forced):
                raise DiceExhausted()
            value = self.forced[self.used]
        elif self.rng is not None:
            index, self.rng = self.rng.below(6)
            value = index + 1
        else:
            raise DiceExhausted()
        self.used += 1
        return value

    def roll(self, n: int) -> list[int]:
        return [self.d6() for _ in range(n)]

    @property
    def unused(self) -> int:
        return 0 if self.forced is None else len(self.forced) - self.used
