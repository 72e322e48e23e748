"""What one seat (or a spectator) may know, as JSON (README.md, "View format").

Public: the board, HQ points, discard piles, tiles kept from an earlier turn (DÉROULEMENT DU JEU:
"Les tuiles conservées doivent être bien visibles pour les deux joueurs"), pile and hand sizes.
Private: a seat's own hand and its draws. Never shown: any pile's order.

`public` carries the rest of what everybody knows (which hand slots hold kept tiles, the tiles
killed so far, a running battle or push in full, counters), so that `determinize` can rebuild a
whole state from one seat's view without ever reading the true state.
"""

from __future__ import annotations

from collections import Counter

from games.engine.neuroshima import battle as rules
from games.engine.neuroshima import legal
from games.engine.neuroshima.state import SCHEMA, State
from games.engine.neuroshima.tiles import deck_of, tile
from games.engine.protocol import JSON


def _pending(state: State, seat: int | None) -> JSON:
    if state.phase == "push" and state.push is not None:
        push = state.push
        out: dict[str, JSON] = {"seat": push.seat, "kind": "push_destination"}
        if seat == push.seat:
            out["prompt"] = {"target": list(push.target), "pusher": list(push.pusher)}
            out["options"] = [list(h) for h in push.options]
        return out
    if state.phase == "battle" and state.battle is not None:
        decision = rules.pending(state.battle)
        if decision is None:
            return None
        out = {"seat": decision.seat, "kind": decision.kind}
        if seat == decision.seat:
            out["prompt"] = dict(decision.prompt)
            out["options"] = list(decision.options)
        return out
    return None


def _seat_view(state: State, i: int, seat: int | None) -> dict[str, JSON]:
    me = state.seats[i]
    data: dict[str, JSON] = {
        "army": state.config.armies[i],
        "deck_count": len(me.deck),
        "hand_count": len(me.hand),
        "kept": [t for t, shown in zip(me.hand, me.shown, strict=True) if shown],
        "discard": list(me.discard),
        "eliminated": me.eliminated is not None,
        "hq_points": state.position.hq_points(i),
    }
    if state.config.points_variant:
        data["points"] = me.points
    if i == seat:
        data["hand"] = list(me.hand)
    return data


def lost_tiles(state: State, i: int) -> list[str]:
    """Seat i's tiles that have left play (killed on the board): its army's tiles minus what
    is still in its pile, hand, discard pile or on the board. Each was seen by everybody while
    on the board, so the list is public; sorted, it says nothing of any order."""
    me = state.seats[i]
    on_board = [p.tile for p in state.position.of_seat(i) if tile(p.tile).kind != "hq"]
    left = Counter(deck_of(state.config.armies[i]))
    left.subtract(Counter([*me.deck, *me.hand, *me.discard, *on_board]))
    return sorted(left.elements())


def _public(state: State) -> dict[str, JSON]:
    return {
        "shown": [list(s.shown) for s in state.seats],
        "lost": [lost_tiles(state, i) for i in range(len(state.seats))],
        "eliminated": [s.eliminated for s in state.seats],
        "points": [s.points for s in state.seats],
        "battles": state.battles,
        "hq_hits": [list(h) for h in state.hq_hits],
        "push": None if state.push is None else state.push.to_json(),
        # A battle is fought in the open: its whole state and the board it started from.
        "battle_state": None if state.battle is None else state.battle.to_json(),
        "board_before": None if state.battle is None else state.position.to_json(),
    }


def view(state: State, seat: int | None) -> dict[str, JSON]:
    position = state.battle.position if state.battle is not None else state.position
    events = [e for e in (ev.for_seat(seat) for ev in state.recent) if e is not None]
    result = state.result
    return {
        "schema": SCHEMA,
        "seat": seat,
        "config": state.config.to_json(),
        "position": position.to_json(),
        "phase": state.phase,
        "current": state.current,
        "turn": state.turn,
        "to_act": list(legal.to_act(state)),
        "seats": [_seat_view(state, i, seat) for i in range(state.config.seats)],
        "moved": [list(h) for h in state.moved],
        "battle": state.battle_kind,
        "last_tile_drawn_by": state.last_tile_by,
        "last_turns": None if state.last_turns is None else list(state.last_turns),
        "pending": _pending(state, seat),
        "legal_moves": [] if seat is None else legal.encoded_moves(state, seat),
        "events": events,
        "outcome": None
        if result is None
        else {"ranks": list(result.ranks), "scores": list(result.scores), "reason": result.reason},
        "public": _public(state),
    }
