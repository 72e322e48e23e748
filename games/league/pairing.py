"""Pairings, pure: no Django, no clock, no module-level random.

- `round_robin`: the circle method (Berger tables), single or double, sides balanced.
- `swiss_round`: score groups by max-weight matching (networkx); no repeat unless impossible,
  never self, the bye to the lowest-ranked player who has not had one (lichess Swiss's one-point
  bye; the caller scores it).
- `pods`: groups of 3–4 for multi-player systems, by score.
"""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from dataclasses import dataclass, field

Player = Hashable
# networkx is imported where a pairing is computed, not with this module: its ~300 modules are
# ~20 MB in every process that loads the league (the web process and the worker, at start),
# for a pairing made a few times a week.


def round_robin(players: Sequence[Player], *, double: bool = False) -> list[list[tuple]]:
    """Rounds of pairs `(first, second)`; with an odd count each round has one `(p, None)` bye.

    `first` moves first (seat 0). Over a single round robin every player is first within one of
    half their games; the double round robin repeats it with the sides swapped.
    """
    slots: list = list(players)
    if len(slots) < 2:
        return []
    if len(slots) % 2:
        slots.insert(0, None)  # the bye is the fixed slot, so the sides stay balanced
    n = len(slots)
    rounds: list[list[tuple]] = []
    for r in range(n - 1):
        pairs = []
        for i in range(n // 2):
            a, b = slots[i], slots[n - 1 - i]
            # The fixed player alternates sides by round, the others by table, so nobody
            # keeps the same side for long (Berger's tables do the same).
            swap = (r % 2 == 1) if i == 0 else (i % 2 == 1)
            if swap:
                a, b = b, a
            if a is None:
                a, b = b, a
            pairs.append((a, b))
        rounds.append(pairs)
        slots = [slots[0], slots[-1], *slots[1:-1]]
    if double:
        rounds += [[(b, a) if b is not None else (a, b) for a, b in rnd] for rnd in rounds]
    return rounds


@dataclass(frozen=True)
class SwissPlayer:
    id: Player
    score: float = 0.0
    rank: int = 0  # 0 = best in the current standings
    opponents: frozenset = field(default_factory=frozenset)
    byes: int = 0


@dataclass(frozen=True)
class SwissRound:
    pairs: tuple[tuple, ...]
    bye: Player | None


_REPEAT = 10**9  # a repeat costs more than any score gap could
_BASE = 10**12  # every edge is worth more than all penalties, so cardinality comes first


def _weight(a: SwissPlayer, b: SwissPlayer) -> int:
    # Only the score gap matters inside the window: a rank-distance term made the blossom
    # algorithm ~30x slower at 512 players (many distinct weights) for no real benefit.
    gap = round(abs(a.score - b.score) * 2)
    return _BASE - (_REPEAT if b.id in a.opponents else 0) - gap * gap


def _match(players: list[SwissPlayer], window: int | None) -> list[tuple] | None:
    import networkx as nx

    graph = nx.Graph()
    graph.add_nodes_from(range(len(players)))
    for i, a in enumerate(players):
        stop = len(players) if window is None else min(len(players), i + 1 + window)
        for j in range(i + 1, stop):
            b = players[j]
            if window is not None and b.id in a.opponents:
                continue  # the sparse pass only tries fresh pairs
            graph.add_edge(i, j, weight=_weight(a, b))
    matching = nx.max_weight_matching(graph, maxcardinality=True)
    if 2 * len(matching) != len(players):
        return None
    return [(players[min(i, j)].id, players[max(i, j)].id) for i, j in matching]


def _match_brackets(players: list[SwissPlayer], size: int = 40) -> list[tuple] | None:
    """Pairs bracket by bracket down the standings (whole score groups, about `size` players),
    with whoever stays unpaired floating down to the next bracket, as Swiss systems do. Small
    complete graphs keep the blossom algorithm fast; None when the last bracket cannot close."""
    import networkx as nx

    pairs: list[tuple] = []
    carry: list[SwissPlayer] = []
    i = 0
    while i < len(players):
        j = min(len(players), i + size)
        while j < len(players) and players[j].score == players[j - 1].score and j - i < 2 * size:
            j += 1
        group, i = carry + players[i:j], j
        graph = nx.Graph()
        graph.add_nodes_from(range(len(group)))
        for x, a in enumerate(group):
            for y in range(x + 1, len(group)):
                if group[y].id not in a.opponents:
                    graph.add_edge(x, y, weight=_weight(a, group[y]))
        matching = nx.max_weight_matching(graph, maxcardinality=True)
        paired = {k for pair in matching for k in pair}
        pairs += [(group[min(x, y)].id, group[max(x, y)].id) for x, y in matching]
        carry = [a for k, a in enumerate(group) if k not in paired]
    return None if carry else pairs


def swiss_round(players: Sequence[SwissPlayer]) -> SwissRound:
    """Pairs the players in order of rank (the better-ranked player first)."""
    ordered = sorted(players, key=lambda p: (p.rank, -p.score))
    bye = None
    if len(ordered) % 2:
        fresh = [p for p in ordered if p.byes == 0] or ordered
        fewest = min(p.byes for p in fresh)
        bye = [p for p in fresh if p.byes == fewest][-1]
        ordered = [p for p in ordered if p is not bye]
    if not ordered:
        return SwissRound(pairs=(), bye=bye.id if bye else None)
    pairs = _match_brackets(ordered)
    # Players near each other in the standings first: a sparse graph is fast and almost always
    # enough; widen it, and finally allow repeats, only when it is not.
    window = 24
    while pairs is None and window < len(ordered):
        pairs = _match(ordered, window)
        window *= 4
    if pairs is None:
        pairs = _match(ordered, None)
    assert pairs is not None
    rank = {p.id: i for i, p in enumerate(ordered)}
    pairs.sort(key=lambda pr: rank[pr[0]])
    return SwissRound(pairs=tuple(pairs), bye=bye.id if bye else None)


def pod_sizes(n: int) -> list[int]:
    """Sizes of 4 and 3 summing to n (one fewer when n is 1, 2 or 5: that player has a bye)."""
    if n < 3:
        return []
    if n == 5:
        return [4]
    threes = (4 - n % 4) % 4
    return [4] * ((n - 3 * threes) // 4) + [3] * threes


def pods(players: Sequence[SwissPlayer]) -> tuple[list[list[Player]], list[Player]]:
    """Pods of 3–4 by rank, and who sits out (a bye, to the lowest-ranked without one).

    Within consecutive pods a player who met everyone in their pod swaps with the next pod's
    first player when that lowers the number of repeated meetings.
    """
    ordered = sorted(players, key=lambda p: (p.rank, -p.score))
    sizes = pod_sizes(len(ordered))
    byes: list[Player] = []
    while sum(sizes) < len(ordered):
        fresh = [p for p in ordered if p.byes == 0] or ordered
        out = fresh[-1]
        byes.append(out.id)
        ordered = [p for p in ordered if p is not out]
    groups: list[list[SwissPlayer]] = []
    start = 0
    for size in sizes:
        groups.append(ordered[start : start + size])
        start += size

    def repeats(group: list[SwissPlayer]) -> int:
        return sum(1 for a in group for b in group if b.id in a.opponents) // 2

    for k in range(len(groups) - 1):
        here, there = groups[k], groups[k + 1]
        for i in range(len(here)):
            for j in range(len(there)):
                a, b = here[i], there[j]
                before = repeats(here) + repeats(there)
                here[i], there[j] = b, a
                if repeats(here) + repeats(there) >= before:
                    here[i], there[j] = a, b
    return [[p.id for p in g] for g in groups], byes


def first_round_apart(players: Sequence[Player], clubs: dict) -> list[Player]:
    """An order of `players` for `round_robin` whose first round pairs no two players of one
    club or team when that is possible (a blank club is nobody's team-mate); within that, each
    player stays near their place in the given order (best first)."""
    import networkx as nx

    n = len(players)
    first = round_robin(list(range(n)))[0] if n >= 2 else []
    graph = nx.Graph()
    graph.add_nodes_from(range(n))
    for i in range(n):
        for j in range(i + 1, n):
            a, b = clubs.get(players[i], ""), clubs.get(players[j], "")
            apart = not a or not b or a.strip().casefold() != b.strip().casefold()
            graph.add_edge(i, j, weight=(10 * n if apart else 0) + n - (j - i))
    matched = sorted(tuple(sorted(e)) for e in nx.max_weight_matching(graph, maxcardinality=True))
    order: list = [None] * n
    pairs = [(a, b) for a, b in first if b is not None]
    for (slot_a, slot_b), (i, j) in zip(pairs, matched, strict=False):
        order[slot_a], order[slot_b] = players[i], players[j]
    left = [players[i] for i in range(n) if i not in {k for pair in matched for k in pair}]
    for slot, player in zip((s for s, o in enumerate(order) if o is None), left, strict=False):
        order[slot] = player
    return order
