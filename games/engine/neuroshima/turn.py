"""The turn: HQ placement, drawing, the compulsory discard, keeping tiles, the end of a turn and
the last turns before the final battle.
Rulebook: ../shared/rules/seeds/000_cfef6f07b7368e93.txt (DÉBUT DU JEU, DÉROULEMENT DU JEU,
FIN DU JEU, JEU À 3 OU 4 JOUEUR: DEBUT DU JEU, BATAILLE FINALE).
"""

from __future__ import annotations

from games.engine.hexgrid import Hex
from games.engine.neuroshima.position import PlacedTile
from games.engine.neuroshima.state import State
from games.engine.neuroshima.tiles import CELLS, hq_of
from games.engine.protocol import Event, IllegalMove

HAND = 3  # "à aucun moment du jeu le joueur ne peut posséder devant lui plus de 3 tuiles"

Events = tuple[Event, ...]


def place_hq(state: State, seat: int, h: Hex) -> tuple[State, Events]:
    """DÉBUT DU JEU: each player in turn order puts the HQ on any free hex ("les deux tuiles
    pouvant même se toucher"). When the last HQ is down the first player's first turn begins."""
    if h not in CELLS:
        raise IllegalMove("Hex {hex} is not on the board.", "off_board", hex=h)
    if h in state.position.occupied():
        raise IllegalMove("Hex {hex} is already taken.", "occupied", hex=h)
    hq = hq_of(state.config.armies[seat]).id
    position = state.position.put(PlacedTile(tile=hq, seat=seat, hex=h))
    state = state.but(position=position)
    events: Events = (Event("HQPlaced", {"seat": seat, "hex": list(h), "tile": hq}),)
    following = [s for s in state.active_seats() if s > seat and state.position.hq(s) is None]
    if following:
        return state.but(current=following[0]), events
    more_state, more = start_turn(state, state.active_seats()[0])
    return more_state, events + more


def draw_target(state: State) -> int:
    """How many tiles the hand is filled to: 1, 2, 3 for the first players of the first round
    (DÉBUT DU JEU; with 3-4 players "le troisième joueur tire trois tuiles"), then 3."""
    if state.turn < state.config.seats:
        return min(HAND, state.turn + 1)
    return HAND


def start_turn(state: State, seat: int) -> tuple[State, Events]:
    """The seat draws up to three tiles. With three in hand it must first throw one away; with
    fewer (first round, or the pile ran out) it does not (DÉROULEMENT DU JEU: "il n'a plus à
    défausser de tuile")."""
    me = state.seats[seat]
    count = max(0, min(draw_target(state) - len(me.hand), len(me.deck)))
    drawn, deck = me.deck[:count], me.deck[count:]
    hand = me.hand + drawn
    state = state.with_seat(
        seat,
        {
            "current": seat,
            "moved": (),
            "push": None,
            "turn": state.turn + 1,
            "phase": "discard" if len(hand) == HAND else "play",
        },
        deck=deck,
        hand=hand,
        shown=me.shown + (False,) * count,
    )
    events: list[Event] = [Event("TurnStarted", {"seat": seat, "turn": state.turn})]
    if count:
        events.append(
            Event(
                "TileDrawn",
                {"seat": seat, "count": count, "tiles": list(drawn), "left": len(deck)},
                visible_to=(seat,),
                redacted={"seat": seat, "count": count, "left": len(deck)},
            )
        )
        if not deck and state.last_tile_by is None:
            # FIN DU JEU: this turn, then one more turn for every other player, then the final
            # battle; from now on nobody may play a Battle tile.
            order = state.active_seats()
            later = tuple(s for s in order if s > seat) + tuple(s for s in order if s < seat)
            state = state.but(last_tile_by=seat, last_turns=later)
            events.append(Event("LastTileDrawn", {"seat": seat, "last_turns": list(later)}))
    return state, tuple(events)


def check_hand_index(hand: tuple[str, ...], index: int) -> None:
    """A place in the hand, counted from 0. One before the first named no tile a player could
    count (« tuile numéro 0 » once the site counts from 1): that refusal says what to do."""
    if index < 0:
        raise IllegalMove("Choose one of the tiles in your hand.", "no_such_tile")
    if index >= len(hand):
        raise IllegalMove(
            "There is no tile number {index} in your hand.", "no_such_tile", index=index
        )


def discard(state: State, seat: int, index: int) -> tuple[State, Events]:
    me = state.seats[seat]
    check_hand_index(me.hand, index)
    tile_id = me.hand[index]
    forced = state.phase == "discard"
    state = state.with_seat(
        seat,
        {"phase": "play"} if forced else None,
        hand=me.hand[:index] + me.hand[index + 1 :],
        shown=me.shown[:index] + me.shown[index + 1 :],
        discard=me.discard + (tile_id,),
    )
    return state, (Event("TileDiscarded", {"seat": seat, "tile": tile_id, "forced": forced}),)


def take_from_hand(state: State, seat: int, index: int) -> tuple[State, str]:
    """Removes a played tile from the hand; instants go to the discard pile (JOUER UNE TUILE)."""
    me = state.seats[seat]
    tile_id = me.hand[index]
    return (
        state.with_seat(
            seat,
            hand=me.hand[:index] + me.hand[index + 1 :],
            shown=me.shown[:index] + me.shown[index + 1 :],
        ),
        tile_id,
    )


def end_turn(state: State) -> tuple[State, Events]:
    """The tiles left in hand are kept and shown to everybody; the next player's turn begins, or
    after the last turns the final battle (FIN DU JEU; BATAILLE FINALE for 3-4 players)."""
    seat = state.current
    me = state.seats[seat]
    events: list[Event] = []
    after = {"moved": (), "push": None, "phase": "play"}
    if state.active(seat):
        state = state.with_seat(seat, after, shown=(True,) * len(me.hand))
        if me.hand:
            events.append(Event("TilesKept", {"seat": seat, "tiles": list(me.hand)}))
    else:
        state = state.but(**after)
    events.append(Event("TurnEnded", {"seat": seat}))
    if state.last_turns is not None:
        owed = tuple(s for s in state.last_turns if state.active(s))
        if not owed:
            from games.engine.neuroshima import endgame

            final_state, more = endgame.start_battle(state, "final")
            return final_state, tuple(events) + more
        state = state.but(last_turns=owed[1:])
        nxt = owed[0]
    else:
        nxt = next_seat(state, seat)
    next_state, more = start_turn(state, nxt)
    return next_state, tuple(events) + more


def next_seat(state: State, seat: int) -> int:
    order = state.active_seats()
    later = [s for s in order if s > seat]
    return later[0] if later else order[0]
