"""Pairings, pure (no database)."""

from __future__ import annotations

from collections import Counter
from itertools import combinations

from hypothesis import given, settings
from hypothesis import strategies as st

from games.league import pairing
from games.league.pairing import SwissPlayer, pod_sizes, pods, round_robin, swiss_round


@given(n=st.integers(min_value=2, max_value=16), double=st.booleans())
def test_round_robin_is_complete_and_balanced(n, double):
    rounds = round_robin(list(range(n)), double=double)
    per = n - 1 if n % 2 == 0 else n
    assert len(rounds) == per * (2 if double else 1)
    meetings = Counter()
    firsts = Counter()
    for rnd in rounds:
        seen = [p for pair in rnd for p in pair if p is not None]
        assert sorted(seen) == list(range(n))  # everyone once: a game or the bye
        for a, b in rnd:
            assert a is not None and a != b
            if b is not None:
                meetings[frozenset((a, b))] += 1
                firsts[a] += 1
    assert set(meetings) == {frozenset(p) for p in combinations(range(n), 2)}
    assert set(meetings.values()) == {2 if double else 1}
    if double:
        assert all(firsts[p] == n - 1 for p in range(n))  # each pair once each way round
    else:
        games = per - (1 if n % 2 else 0)
        assert all(abs(firsts[p] - (games - firsts[p])) <= 1 for p in range(n))


def _play_swiss(n: int, rounds: int, seed: int):
    import random

    rng = random.Random(seed)
    met = {i: set() for i in range(n)}
    score = dict.fromkeys(range(n), 0.0)
    byes = dict.fromkeys(range(n), 0)
    for _ in range(rounds):
        order = sorted(range(n), key=lambda i: (-score[i], i))
        players = [
            SwissPlayer(id=i, score=score[i], rank=k, opponents=frozenset(met[i]), byes=byes[i])
            for k, i in enumerate(order)
        ]
        made = swiss_round(players)
        yield players, made
        for a, b in made.pairs:
            met[a].add(b)
            met[b].add(a)
            w = rng.choice([a, b])
            score[w] += 1
        if made.bye is not None:
            byes[made.bye] += 1
            score[made.bye] += 1


@settings(max_examples=40, deadline=None)
@given(n=st.integers(min_value=2, max_value=40), seed=st.integers(0, 10**6), data=st.data())
def test_swiss_never_repeats_never_self_and_byes_once_while_avoidable(n, seed, data):
    # repeats are always avoidable while rounds < (n - 2) / 2 (Dirac); byes while rounds <= n
    rounds = data.draw(st.integers(min_value=1, max_value=max(1, (n - 2) // 2)))
    seen_pairs = set()
    bye_count = Counter()
    for players, made in _play_swiss(n, rounds, seed):
        ids = [x for pair in made.pairs for x in pair] + (
            [made.bye] if made.bye is not None else []
        )
        assert sorted(ids) == sorted(p.id for p in players)  # everyone exactly once
        for a, b in made.pairs:
            assert a != b
            assert frozenset((a, b)) not in seen_pairs
            seen_pairs.add(frozenset((a, b)))
        if made.bye is not None:
            bye_count[made.bye] += 1
    assert all(c <= 1 for c in bye_count.values())


def test_swiss_bye_goes_to_the_lowest_ranked_player_without_one():
    players = [SwissPlayer(id=i, score=5 - i, rank=i, byes=1 if i == 4 else 0) for i in range(5)]
    assert swiss_round(players).bye == 3


def test_swiss_pairs_within_score_groups():
    players = [SwissPlayer(id=i, score=[2, 2, 1, 1, 0, 0][i], rank=i) for i in range(6)]
    pairs = {frozenset(p) for p in swiss_round(players).pairs}
    assert pairs == {frozenset((0, 1)), frozenset((2, 3)), frozenset((4, 5))}


def test_swiss_repeats_only_when_impossible_otherwise():
    a = SwissPlayer(id="a", opponents=frozenset({"b"}))
    b = SwissPlayer(id="b", opponents=frozenset({"a"}), rank=1)
    assert swiss_round([a, b]).pairs == (("a", "b"),)


@given(n=st.integers(min_value=3, max_value=40))
def test_pods_hold_three_or_four_players_and_everyone_plays_or_has_a_bye(n):
    players = [SwissPlayer(id=i, rank=i) for i in range(n)]
    groups, byes = pods(players)
    assert all(len(g) in (3, 4) for g in groups)
    assert sorted([p for g in groups for p in g] + byes) == list(range(n))
    assert len(byes) <= 1
    assert sum(pod_sizes(n)) + len(byes) == n


def test_pods_avoid_repeated_meetings_when_a_swap_helps():
    met = {0: {1, 2, 3}, 1: {0, 2, 3}, 2: {0, 1, 3}, 3: {0, 1, 2}}
    players = [SwissPlayer(id=i, rank=i, opponents=frozenset(met.get(i, ()))) for i in range(8)]
    groups, _ = pods(players)
    repeats = sum(1 for g in groups for a, b in combinations(g, 2) if b in met.get(a, ()))
    assert repeats < 6


def test_the_first_round_keeps_club_mates_apart_when_it_can():
    players = ["a1", "a2", "b1", "b2", "c1", "c2"]
    clubs = {"a1": "Aix", "a2": "aix ", "b1": "Brest", "b2": "Brest", "c1": "Caen", "c2": "Caen"}
    order = pairing.first_round_apart(players, clubs)
    assert sorted(order) == sorted(players)
    for a, b in pairing.round_robin(order)[0]:
        assert b is None or clubs[a].strip().casefold() != clubs[b].strip().casefold()


def test_with_no_clubs_the_order_changes_only_to_pair_neighbours():
    players = [1, 2, 3, 4, 5]
    order = pairing.first_round_apart(players, {})
    assert sorted(order) == players
    assert len([p for p in pairing.round_robin(order)[0] if p[1] is None]) == 1


def test_a_club_too_big_to_keep_apart_still_gets_a_full_first_round():
    players = ["a1", "a2", "a3", "b1"]
    clubs = {"a1": "A", "a2": "A", "a3": "A", "b1": "B"}
    order = pairing.first_round_apart(players, clubs)
    pairs = pairing.round_robin(order)[0]
    assert len(pairs) == 2 and sum(1 for a, b in pairs if {clubs[a], clubs[b]} == {"A"}) == 1
