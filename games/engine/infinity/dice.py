"""The d20s of one `apply` (spec E.5): keyed "<id>.<roll>" (bs, ph, cc, wip, arm, bts, guts,
encounter, initiative), drawn from the game's counter-based Rng or, on the command line, from
forced lists consumed in order per key. A Dice object lives for one move; the state never
holds it."""

from __future__ import annotations

from games.engine.rng import Rng


class DiceExhausted(Exception):
    """A forced list ran out (command line exit 3)."""

    def __init__(self, key: str) -> None:
        super().__init__(key)
        self.key = key


class Dice:
    def __init__(self, rng: Rng | None = None, forced: dict[str, list[int]] | None = None) -> None:
        self.rng = rng
        self.forced = {k: list(v) for k, v in forced.items()} if forced is not None else None
        self.rolled: list[tuple[str, int]] = []

    def d20(self, key: str) -> int:
        if self.forced is not None:
            queue = self.forced.get(key)
            if not queue:
                raise DiceExhausted(key)
            value = queue.pop(0)
        else:
            if self.rng is None:
                raise DiceExhausted(key)
            drawn, self.rng = self.rng.below(20)
            value = drawn + 1
        self.rolled.append((key, value))
        return value

    def roll(self, key: str, n: int) -> list[int]:
        return [self.d20(key) for _ in range(n)]

    def unused(self) -> dict[str, list[int]]:
        if self.forced is None:
            return {}
        return {k: v for k, v in self.forced.items() if v}
