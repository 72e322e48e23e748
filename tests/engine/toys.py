"""Two toy systems for the contract and the generic search: "race21", a two-player card race
with hidden hands that determinizes correctly, and "leaky21", the same game whose view shows
every hand (the contract's hidden-information check must catch it).

Race to 21: a shuffled deck of cards worth 1 to 8 (two copies each, ids like "c7b"), three in
each hand. In turn, a seat plays one card from its hand onto the shared total and draws one if
the deck has any. Reaching 21 exactly wins; going over 21 loses; when no card is left to play,
the game is drawn.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass, replace

from games.engine.protocol import (
    JSON,
    Event,
    IllegalMove,
    MalformedMove,
    Outcome,
    SystemDefaults,
    Transition,
)
from games.engine.rng import Rng

CARDS = tuple(f"c{v}{copy}" for v in range(1, 9) for copy in "ab")
HAND = 3
TARGET = 21


def value(card: str) -> int:
    return int(card[1:-1])


@dataclass(frozen=True)
class State:
    deck: tuple[str, ...]
    hands: tuple[tuple[str, ...], tuple[str, ...]]
    played: tuple[str, ...] = ()
    total: int = 0
    current: int = 0
    result: Outcome | None = None


class Race21(SystemDefaults):
    key = "race21"
    version = 1
    state_schema = 1
    min_seats = 2
    max_seats = 2

    def validate_config(self, config: Mapping[str, JSON], seats: int) -> dict[str, JSON]:
        if seats != 2 or dict(config):
            raise ValueError("Race to 21 is for two players and has no options.")
        return {}

    def setup(self, config: Mapping[str, JSON], seats: int, rng: Rng) -> Transition:
        self.validate_config(config, seats)
        deck, rng = rng.shuffled(CARDS)
        state = State(deck=deck[2 * HAND :], hands=(deck[:HAND], deck[HAND : 2 * HAND]))
        return Transition(state, (Event("GameStarted"),), rng, reveals=True)

    def to_act(self, state: State) -> tuple[int, ...]:
        return () if state.result is not None else (state.current,)

    def legal_moves(self, state: State, seat: int) -> list[JSON]:
        if seat not in self.to_act(state):
            return []
        return [{"card": c} for c in sorted(state.hands[seat])]

    def apply(self, state: State, seat: int, move: JSON, rng: Rng) -> Transition:
        if not isinstance(move, dict) or not isinstance(move.get("card"), str):
            raise MalformedMove("A move is {'card': id}.")
        if seat not in self.to_act(state):
            raise IllegalMove("It is not your turn.", "not_your_turn")
        card = move["card"]
        if card not in state.hands[seat]:
            raise IllegalMove("That card is not in your hand.", "no_such_card")
        hand = tuple(c for c in state.hands[seat] if c != card)
        events = [Event("CardPlayed", {"seat": seat, "card": card})]
        deck = state.deck
        if deck:
            hand, deck = (*hand, deck[0]), deck[1:]
            events.append(
                Event("CardDrawn", {"seat": seat, "card": hand[-1]}, (seat,), {"seat": seat})
            )
        hands = (hand, state.hands[1]) if seat == 0 else (state.hands[0], hand)
        total = state.total + value(card)
        result = None
        if total == TARGET:
            result = Outcome(ranks=(0, 1) if seat == 0 else (1, 0), reason="twenty_one")
        elif total > TARGET:
            result = Outcome(ranks=(1, 0) if seat == 0 else (0, 1), reason="bust")
        elif not any(hands):
            result = Outcome(ranks=(0, 0), reason="no_cards")
        new = State(deck, hands, (*state.played, card), total, 1 - seat, result)
        return Transition(new, tuple(events), rng, reveals=len(events) > 1, ends_turn=True)

    def outcome(self, state: State) -> Outcome | None:
        return state.result

    def view(self, state: State, seat: int | None) -> JSON:
        out: dict[str, JSON] = {
            "seat": seat,
            "total": state.total,
            "current": state.current,
            "played": list(state.played),
            "deck_count": len(state.deck),
            "hand_counts": [len(h) for h in state.hands],
            "outcome": None if state.result is None else list(state.result.ranks),
            "reason": None if state.result is None else state.result.reason,
        }
        if seat is not None:
            out["hand"] = list(state.hands[seat])
        return out

    def state_to_json(self, state: State) -> JSON:
        result = state.result
        return {
            "deck": list(state.deck),
            "hands": [list(h) for h in state.hands],
            "played": list(state.played),
            "total": state.total,
            "current": state.current,
            "result": None if result is None else [list(result.ranks), result.reason],
        }

    def state_from_json(self, data: JSON) -> State:
        result = data["result"]
        return State(
            deck=tuple(data["deck"]),
            hands=(tuple(data["hands"][0]), tuple(data["hands"][1])),
            played=tuple(data["played"]),
            total=int(data["total"]),
            current=int(data["current"]),
            result=None if result is None else Outcome(tuple(result[0]), reason=result[1]),
        )

    def forfeit(self, state: State, seat: int, reason: str) -> Transition:
        ranks = (1, 0) if seat == 0 else (0, 1)
        return Transition(replace(state, result=Outcome(ranks, reason=reason)), (), Rng("forfeit"))

    def determinize(self, view: JSON, seat: int, rng: Rng) -> State:
        """The cards this seat has not seen (not in its hand, not played), sorted, then dealt
        to the other hand and the deck."""
        mine = tuple(view["hand"])
        unseen = sorted(set(CARDS) - set(mine) - set(view["played"]))
        dealt, _ = rng.shuffled(unseen)
        theirs = dealt[: view["hand_counts"][1 - seat]]
        hands = (mine, theirs) if seat == 0 else (theirs, mine)
        result = view["outcome"]
        return State(
            deck=dealt[len(theirs) :],
            hands=hands,
            played=tuple(view["played"]),
            total=view["total"],
            current=view["current"],
            result=None if result is None else Outcome(tuple(result), reason=view["reason"]),
        )


class Leaky21(Race21):
    """Race to 21 whose view shows every hand: a bug the contract test must catch."""

    key = "leaky21"

    def view(self, state: State, seat: int | None) -> JSON:
        out: dict[str, JSON] = super().view(state, seat)
        out["hands"] = [list(h) for h in state.hands]
        return out


def secrets(state: State, seat: int | None) -> list[str]:
    """What `seat` (None: a spectator) must not find in its view: the other hands' cards and
    the deck's order."""
    found = [json.dumps(c) for i, hand in enumerate(state.hands) if i != seat for c in hand]
    if len(state.deck) > 1:
        found.append(json.dumps(list(state.deck)))
    return found


RACE21 = Race21()
LEAKY21 = Leaky21()
