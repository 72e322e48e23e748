"""The turn (§5.5 «Aperçu d'un tour de jeu»): income, two actions, market; and the runner that
carries the automatic steps until a seat has something to decide (spec section 14.4: "the
engine never stops at a step that needs no decision").
"""

from __future__ import annotations

from games.engine.hexpanse import victory
from games.engine.hexpanse.data import card as card_data
from games.engine.hexpanse.state import ACTIONS_PER_TURN, EXTRA_CARDS
from games.engine.hexpanse.steps import execute
from games.engine.hexpanse.work import Work


def run(w: Work) -> None:
    """Steps first (the current effect completes before the next ability, R112), then
    automatic abilities at the head of the queue, then the phase changes. Victory after every
    step (R126); an active player eliminated in its own turn ends it at once (R125)."""
    from games.engine.hexpanse.abilities import auto_resolve, is_automatic

    victory.check(w)
    while w.result is None:
        if w.setup is not None:
            return
        if not w.seats[w.turn.seat].alive:
            w.steps, w.pending = [], []
            next_turn(w)
            continue
        if w.steps:
            execute(w, w.steps.pop(0))
            victory.check(w)
            continue
        if w.pending:
            head = w.pending[0]
            if is_automatic(w, head):
                w.pending.pop(0)
                auto_resolve(w, head)
                victory.check(w)
                continue
            return
        if w.turn.phase == "income":
            income(w)
            continue
        if w.turn.phase == "actions" and w.turn.actions_left <= 0:
            start_market(w)
        return


def income(w: Work) -> None:
    """R68: the income phase pays the income level at once."""
    seat = w.turn.seat
    w.gain(seat, w.seats[seat].income, "income")
    w.turn.phase = "actions"
    w.turn.actions_left = ACTIONS_PER_TURN


def next_turn(w: Work) -> None:
    """R85, R125: the next living seat clockwise plays; its income comes at once."""
    n = w.players
    seat = w.turn.seat
    for _ in range(n):
        seat = (seat + 1) % n
        if w.seats[seat].alive:
            break
    t = w.turn
    t.number += 1
    t.seat = seat
    t.phase = "income"
    t.actions_left = ACTIONS_PER_TURN
    t.warlord_actions_used = []
    t.activated = []
    t.extra_market = 0
    t.extra_cards = []
    w.emit("TurnStarted", seat=seat, number=t.number)


def draw(w: Work) -> str | None:
    """The deck's top card; an empty deck takes the shuffled discard first (R84)."""
    if not w.deck:
        if not w.discard:
            return None
        cards, w.rng = w.rng.shuffled(w.discard)
        w.deck, w.discard = list(cards), []
        w.shuffled = True
        w.emit("DeckReshuffled", cards=len(w.deck))
    w.shuffled = True
    return w.deck.pop(0)


def start_market(w: Work) -> None:
    """The market phase; extra-card effects draw 5 cards each for the buyer's eyes (R83)."""
    w.turn.phase = "market"
    w.turn.actions_left = 0
    seat = w.turn.seat
    drawn: list[str] = []
    for _ in range(EXTRA_CARDS * w.turn.extra_market):
        c = draw(w)
        if c is not None:
            drawn.append(c)
    w.turn.extra_cards = drawn
    if drawn:
        w.emit(
            "ExtraCardsDrawn",
            only=(seat,),
            redacted={"seat": seat, "count": len(drawn)},
            seat=seat,
            cards=drawn,
            count=len(drawn),
        )
    w.emit("MarketPhase", seat=seat)


def end_turn(w: Work) -> None:
    """R82, R83, R85: unbought extra cards go face down to the discard, empty slots are filled
    in slot order, and the next seat's turn begins."""
    if w.turn.extra_cards:
        w.discard.extend(w.turn.extra_cards)
        w.turn.extra_cards = []
    refilled: list[tuple[int, str]] = []
    for i, slot in enumerate(w.market):
        if slot is None:
            c = draw(w)
            w.market[i] = c
            if c is not None:
                refilled.append((i, c))
    if refilled:
        w.emit("MarketRefilled", cards=[c for _, c in refilled], slots=[i for i, _ in refilled])
    next_turn(w)


def buy(w: Work, seat: int, code: str) -> None:
    """R80-R81: a bought card lies face up before its buyer; a mercenary's token waits on it."""
    c = card_data(code)
    s = w.seats[seat]
    if code in w.market:
        w.market[w.market.index(code)] = None
        secret = False
    else:
        w.turn.extra_cards.remove(code)
        secret = True
    s.hexilum -= c.cost
    if c.is_merc:
        s.mercs[code] = c.tokens
    else:
        s.hand.append(code)
    w.emit("CardBought", seat=seat, card=code, cost=c.cost, extra=secret)
