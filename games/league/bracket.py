"""Single-elimination brackets, pure: seeding, byes, who meets whom next, who wins a tie, and
the drawing's geometry (the SVG itself is a template: league/_bracket.html).

A bracket of size B (a power of two, at least the number of qualifiers n) has log2(B) rounds.
Seeds follow the usual order (1 v B, B/2 v B/2+1, ...: seeds 1 and 2 can only meet in the
final); a seed above n is a bye, so the best seeds get the byes. Round r, slot s is fed by
round r-1, slots 2s and 2s+1. The optional third-place tie is played by the semi-finals'
losers (round = last round, slot 1).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

THIRD_PLACE_SLOT = 1


def bracket_size(qualifiers: int) -> int:
    size = 2
    while size < qualifiers:
        size *= 2
    return size


def rounds_in(size: int) -> int:
    return size.bit_length() - 1


def seed_order(size: int) -> list[int]:
    """Seeds in bracket order: [1, 8, 4, 5, 2, 7, 3, 6] for 8."""
    order = [1, 2]
    while len(order) < size:
        total = 2 * len(order) + 1
        order = [x for s in order for x in (s, total - s)]
    return order


def first_round(qualifiers: int) -> list[tuple[int, int | None]]:
    """(higher seed, lower seed or None for a bye) per first-round slot."""
    order = seed_order(bracket_size(qualifiers))
    pairs = []
    for i in range(0, len(order), 2):
        a, b = sorted(order[i : i + 2])
        pairs.append((a, b if b <= qualifiers else None))
    return pairs


def feeders(round_number: int, slot: int) -> tuple[tuple[int, int], tuple[int, int]]:
    """The two ties whose winners meet in (round, slot)."""
    return (round_number - 1, 2 * slot), (round_number - 1, 2 * slot + 1)


def next_tie(round_number: int, slot: int) -> tuple[int, int, int]:
    """(round, slot, side 0/1) the winner of (round, slot) goes to."""
    return round_number + 1, slot // 2, slot % 2


@dataclass(frozen=True)
class TieGame:
    """One game of a tie from the tie's point of view: `ranks` and `scores` for (a, b)."""

    ranks: tuple[int, int]
    scores: tuple[float, float] | None = None
    forfeited: tuple[bool, bool] = (False, False)


@dataclass(frozen=True)
class TieDecision:
    winner: int  # 0 = a, 1 = b
    how: str  # "games" | "score" | "seed"


def decide(games: Sequence[TieGame], seed_a: int, seed_b: int) -> TieDecision:
    """Who goes through: more games won (a draw is half); level, the greater difference of
    the system's scores (such as HQ points left; forfeits bring none); still level, the higher
    seed: the standings decided it before (our rule; NeuroDuel's tie-break is the HQ points)."""
    won = [0.0, 0.0]
    score = [0.0, 0.0]
    for g in games:
        if g.ranks[0] == g.ranks[1]:
            won[0] += 0.5
            won[1] += 0.5
        else:
            won[0 if g.ranks[0] < g.ranks[1] else 1] += 1
        if g.scores is not None and not any(g.forfeited):
            score[0] += g.scores[0] - g.scores[1]
            score[1] += g.scores[1] - g.scores[0]
    if won[0] != won[1]:
        return TieDecision(0 if won[0] > won[1] else 1, "games")
    if score[0] != score[1]:
        return TieDecision(0 if score[0] > score[1] else 1, "score")
    return TieDecision(0 if seed_a < seed_b else 1, "seed")


# --- drawing ---------------------------------------------------------------------------------

BOX_W, BOX_H, GAP_X, GAP_Y, LINE = 150, 44, 40, 12, 22


@dataclass(frozen=True)
class Box:
    round_number: int
    slot: int
    x: float
    y: float
    third_place: bool = False

    @property
    def mid_y(self) -> float:
        return self.y + BOX_H / 2


def layout(size: int, third_place: bool) -> tuple[list[Box], list[str], tuple[int, int]]:
    """Boxes (one per tie), connector paths, and the drawing's (width, height). Each round's
    boxes sit midway between the two boxes that feed them."""
    rounds = rounds_in(size)
    boxes: dict[tuple[int, int], Box] = {}
    for slot in range(size // 2):
        boxes[(1, slot)] = Box(1, slot, 0, slot * (BOX_H + GAP_Y))
    paths = []
    for r in range(2, rounds + 1):
        for slot in range(size // 2**r):
            top, bottom = (boxes[f] for f in feeders(r, slot))
            x = (r - 1) * (BOX_W + GAP_X)
            y = (top.mid_y + bottom.mid_y) / 2 - BOX_H / 2
            boxes[(r, slot)] = Box(r, slot, x, y)
            elbow = x - GAP_X / 2
            for feeder in (top, bottom):
                paths.append(
                    f"M{feeder.x + BOX_W:g} {feeder.mid_y:g} H{elbow:g} V{y + BOX_H / 2:g} H{x:g}"
                )
    height = (size // 2) * (BOX_H + GAP_Y) - GAP_Y
    out = list(boxes.values())
    if third_place and rounds >= 2:
        final = boxes[(rounds, 0)]
        out.append(Box(rounds, THIRD_PLACE_SLOT, final.x, final.y + BOX_H + 3 * GAP_Y, True))
        height = max(height, int(final.y + 2 * BOX_H + 3 * GAP_Y))
    width = rounds * (BOX_W + GAP_X) - GAP_X
    return out, paths, (int(width), int(height))
