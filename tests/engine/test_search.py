"""The generic computer opponent (games/engine/search.py): legal, deterministic, blind to what its
seat cannot see, stronger than chance, and it defers to a system's own bot."""

from __future__ import annotations

from dataclasses import replace

import pytest
from toys import RACE21, Race21

from games.engine import search
from games.engine.neuroshima import legal
from games.engine.neuroshima.system import SYSTEM as NEUROSHIMA
from games.engine.neuroshima.system import apply_move
from games.engine.protocol import Outcome, Transition
from games.engine.rng import Rng


class WithoutItsOwnBot:
    """A registered system seen without its `choose_move`, so the generic search plays it."""

    def __init__(self, system: object) -> None:
        self._system = system

    def __getattr__(self, name: str) -> object:
        if name == "choose_move":
            raise AttributeError(name)
        return getattr(self._system, name)


GENERIC_NEUROSHIMA = WithoutItsOwnBot(NEUROSHIMA)


def race_states(seed: str) -> list:
    """Every state of one random race, the finished one aside."""
    rng = Rng(seed)
    state = RACE21.setup({}, 2, rng).state
    out = []
    while state.result is None:
        out.append(state)
        move, rng = rng.choice(RACE21.legal_moves(state, state.current))
        state = RACE21.apply(state, state.current, move, rng).state
    return out


def neuroshima_states(seed: str, every: int = 7) -> list:
    rng = Rng(seed)
    state = NEUROSHIMA.setup({"armies": ["moloch", "hegemonia"]}, 2, rng).state
    out = []
    n = 0
    while state.phase != "over":
        if n % every == 0:
            out.append(state)
        seat = legal.to_act(state)[0]
        move, rng = legal.random_move(state, seat, rng)
        state = apply_move(state, seat, move, rng).state
        n += 1
    return out


def race_rearranged(state, seat: int, rng: Rng):
    """The race as `seat` cannot tell it from `state`: the other hand and the deck dealt again."""
    other = 1 - seat
    pool, _ = rng.shuffled(state.hands[other] + state.deck)
    theirs = pool[: len(state.hands[other])]
    hands = (state.hands[0], theirs) if other == 1 else (theirs, state.hands[1])
    return replace(state, hands=hands, deck=pool[len(theirs) :])


def neuroshima_rearranged(state, seat: int, rng: Rng):
    """Neuroshima as `seat` cannot tell it apart: the others' unshown hand tiles and every pile
    (its own too) dealt again."""
    seats = []
    for i, s in enumerate(state.seats):
        hidden = [] if i == seat else [k for k, shown in enumerate(s.shown) if not shown]
        dealt, rng = rng.shuffled([s.hand[k] for k in hidden] + list(s.deck))
        hand = list(s.hand)
        for n, k in enumerate(hidden):
            hand[k] = dealt[n]
        seats.append(replace(s, hand=tuple(hand), deck=tuple(dealt[len(hidden) :])))
    return replace(state, seats=tuple(seats))


def test_every_level_plays_a_legal_move_of_the_race_and_of_neuroshima():
    for n, state in enumerate(race_states("legal")):
        move = search.bot_move(RACE21, state, state.current, Rng(f"l{n}"), 1 + n % 3)
        assert move in RACE21.legal_moves(state, state.current)
    for n, state in enumerate(neuroshima_states("legal", every=13)):
        seat = legal.to_act(state)[0]
        move = search.bot_move(GENERIC_NEUROSHIMA, state, seat, Rng(f"l{n}"), 1 + n % 3)
        assert move in NEUROSHIMA.legal_moves(state, seat), (state.phase, move)


def test_with_the_same_seed_it_picks_the_same_move_in_states_its_seat_cannot_tell_apart():
    differed = 0
    cases = [(RACE21, s, race_rearranged) for s in race_states("blind")]
    cases += [
        (GENERIC_NEUROSHIMA, s, neuroshima_rearranged) for s in neuroshima_states("blind")[:12]
    ]
    for n, (system, state, rearranged) in enumerate(cases):
        seat = system.to_act(state)[0]
        other = rearranged(state, seat, Rng(f"deal-{n}"))
        assert system.view(other, seat) == system.view(state, seat)
        differed += other != state
        for level in (1, 2, 3):
            rng = Rng(f"blind-{n}-{level}")
            assert search.bot_move(system, other, seat, rng, level) == search.bot_move(
                system, state, seat, rng, level
            )
    assert differed > 10


def test_the_same_rng_gives_the_same_move_and_leaves_the_state_alone():
    for n, state in enumerate(neuroshima_states("same", every=17)[:6]):
        seat = legal.to_act(state)[0]
        before = NEUROSHIMA.state_to_json(state)
        first = search.bot_move(GENERIC_NEUROSHIMA, state, seat, Rng(f"s{n}"), 2)
        assert search.bot_move(GENERIC_NEUROSHIMA, state, seat, Rng(f"s{n}"), 2) == first
        assert NEUROSHIMA.state_to_json(state) == before


def test_the_medium_search_wins_most_races_against_a_random_player():
    scores = []
    for g in range(100):
        me = g % 2
        rng = Rng(f"race-{g}")
        state = RACE21.setup({}, 2, rng).state
        while state.result is None:
            seat = state.current
            if seat == me:
                move = search.bot_move(RACE21, state, seat, rng, 2)
            else:
                move, _ = rng.choice(RACE21.legal_moves(state, seat))
            state = RACE21.apply(state, seat, move, rng).state
            rng = Rng(rng.seed, rng.counter + 1)
        ranks = state.result.ranks
        scores.append(0.5 if ranks[0] == ranks[1] else float(ranks[me] == 0))
    assert sum(scores) >= 65, sum(scores)


def test_a_system_with_its_own_bot_is_asked_instead():
    asked = []

    class OwnBot(Race21):
        def choose_move(self, state, seat, rng, level):
            asked.append(level)
            return self.legal_moves(state, seat)[-1]

    state = race_states("own")[0]
    move = search.bot_move(OwnBot(), state, state.current, Rng("o"), "hard")
    assert asked == [3] and move == RACE21.legal_moves(state, state.current)[-1]


def test_a_system_that_cannot_determinize_yet_is_searched_on_its_state():
    class NoDeal(Race21):
        determinize = Race21.__mro__[1].determinize  # SystemDefaults': NotImplementedError

    state = race_states("nodeal")[2]
    move = search.bot_move(NoDeal(), state, state.current, Rng("n"), 2)
    assert move in RACE21.legal_moves(state, state.current)


def test_levels_are_one_to_three_or_their_names():
    state = race_states("levels")[1]
    seat = state.current
    for name, number in search.LEVELS.items():
        assert search.bot_move(RACE21, state, seat, Rng("v"), name) == search.bot_move(
            RACE21, state, seat, Rng("v"), number
        )
    for bad in (0, 4, "expert"):
        with pytest.raises(ValueError):
            search.bot_move(RACE21, state, seat, Rng("v"), bad)


def test_a_seat_with_nothing_to_decide_is_refused():
    state = race_states("idle")[0]
    with pytest.raises(ValueError):
        search.search(RACE21, RACE21.view(state, 1 - state.current), 1 - state.current, Rng("i"))


class Gambles(Race21):
    """One decision: a sure move worth 0.5, or one of twenty gambles that a die decides (worth
    0.7 on 4-6, a lost game on 1-3: 0.35 on average). The seat judges with `evaluate`."""

    def setup(self, config, seats, rng):
        return Transition(state={"value": None, "over": False}, events=(), rng=rng)

    def to_act(self, state):
        return () if state["value"] is not None else (0,)

    def legal_moves(self, state, seat):
        if state["value"] is not None:
            return []
        return [{"type": "gamble", "n": n} for n in range(20)] + [{"type": "sure"}]

    def apply(self, state, seat, move, rng):
        if move["type"] == "sure":
            return Transition(state={"value": 0.5, "over": False}, events=(), rng=rng)
        die, rng = rng.below(6)
        won = die >= 3
        return Transition(state={"value": 0.7 if won else 0.0, "over": not won}, events=(), rng=rng)

    def outcome(self, state):
        return Outcome((1, 0), (), "lost") if state["over"] else None

    def evaluate(self, state, seat):
        return state["value"]

    def view(self, state, seat):
        return dict(state)

    def determinize(self, view, seat, rng):
        return dict(view)


def test_a_move_chance_decides_is_judged_over_several_outcomes_and_a_sure_one_once():
    system, state, rng = Gambles(), {"value": None, "over": False}, Rng("judge")
    sure = search.one_move_value(system, state, 0, {"type": "sure"}, rng, samples=8)
    assert sure == 0.5
    gambles = [
        search.one_move_value(system, state, 0, {"type": "gamble", "n": 0}, Rng(f"g{k}"), 8)
        for k in range(10)
    ]
    single = [
        search.one_move_value(system, state, 0, {"type": "gamble", "n": 0}, Rng(f"g{k}"), 1)
        for k in range(10)
    ]
    assert set(single) == {0.0, 0.7}  # one roll: all or nothing
    assert all(0.0 < g < 0.7 for g in gambles)  # eight rolls: both outcomes weigh in
    assert abs(sum(gambles) / len(gambles) - 0.35) < 0.1


def test_a_system_trusting_its_evaluation_keeps_the_sure_move_among_gambles_worse_on_average():
    """Judged by one roll, every gamble that rolled well looks better than the sure move and
    crowds it out of the shortlist; judged over eight rolls and trusted as a prior (the system's
    own `search_budgets`), it rarely does (the seeds are fixed: the counts are the same every
    run)."""
    state = {"value": None, "over": False}

    def sure_picks(system: Gambles) -> int:
        picks = [search.bot_move(system, state, 0, Rng(f"pick{k}"), 2) for k in range(30)]
        return sum(p == {"type": "sure"} for p in picks)

    class TrustingGambles(Gambles):
        search_budgets = {
            level: replace(budget, samples=8, prior=3) for level, budget in search.BUDGETS.items()
        }

    judged_by_one_roll = sure_picks(Gambles())
    judged_over_rolls = sure_picks(TrustingGambles())
    assert judged_by_one_roll <= 5 and judged_over_rolls >= 15, (
        judged_by_one_roll,
        judged_over_rolls,
    )


def test_the_default_budgets_judge_one_roll_and_trust_only_the_simulations():
    # Every system without budgets of its own searches as it did before the two knobs came.
    assert all(b.samples == 1 and b.prior == 0 for b in search.BUDGETS.values())
    assert search.budget_of(Gambles(), "medium") is search.BUDGETS[2]


class LowestCardPlayouts(Race21):
    """Race to 21 whose playouts play each seat's lowest card (`playout_moves`), or any card
    when the narrowing leaves none; the cards played are kept."""

    def __init__(self, keep: bool = True) -> None:
        self.keep, self.played = keep, []

    def playout_moves(self, state, seat, moves):
        return moves[:1] if self.keep else []

    def apply(self, state, seat, move, rng):
        self.played.append((move["card"], min(state.hands[seat])))
        return super().apply(state, seat, move, rng)


def test_a_system_may_narrow_the_moves_its_playouts_pick_among():
    state = race_states("narrow")[0]
    narrowed = LowestCardPlayouts()
    search.playout(narrowed, state, 0, Rng("p"), depth=6)
    assert narrowed.played and all(card == low for card, low in narrowed.played)
    emptied = LowestCardPlayouts(keep=False)  # a narrowing to nothing leaves the legal moves
    search.playout(emptied, state, 0, Rng("p"), depth=6)
    assert any(card != low for card, low in emptied.played)
