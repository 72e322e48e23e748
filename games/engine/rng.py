"""Counter-based deterministic randomness.

Draw n of a game is derived from a hash of (seed, n), so a replay never depends on Python's
`random` module or its algorithms. The seed lives on the Match row, never in a state or a view;
the counter lives in the state, so applying a move is a pure function of (state, move, seed).
"""

from __future__ import annotations

import hashlib
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TypeVar

T = TypeVar("T")


@dataclass(frozen=True)
class Rng:
    """An immutable random source: every draw returns a value and the next Rng."""

    seed: str
    counter: int = 0

    def _word(self) -> int:
        digest = hashlib.blake2b(f"{self.seed}:{self.counter}".encode(), digest_size=8).digest()
        return int.from_bytes(digest, "big")

    def below(self, n: int) -> tuple[int, Rng]:
        """A uniform integer in [0, n) (rejection sampling, so no modulo bias)."""
        if n <= 0:
            raise ValueError("n must be positive")
        limit = (1 << 64) - ((1 << 64) % n)
        rng = self
        while True:
            word = rng._word()
            rng = Rng(rng.seed, rng.counter + 1)
            if word < limit:
                return word % n, rng

    def shuffled(self, items: Sequence[T]) -> tuple[tuple[T, ...], Rng]:
        """Fisher-Yates shuffle of a copy of items."""
        out = list(items)
        rng = self
        for i in range(len(out) - 1, 0, -1):
            j, rng = rng.below(i + 1)
            out[i], out[j] = out[j], out[i]
        return tuple(out), rng

    def choice(self, items: Sequence[T]) -> tuple[T, Rng]:
        index, rng = self.below(len(items))
        return items[index], rng
