"""Helpers for skirmish rules tests: hand-written positions (§12) and forced dice (§14)."""

from games.engine.skirmish import moves as mv
from games.engine.skirmish import rules
from games.engine.skirmish.dice import Dice
from games.engine.skirmish.position import state_from_json
from games.engine.skirmish.state import SEAT_NAMES

TROOPER = {"move": 9, "melee": 2, "shoot": 3, "armour": 2}


def model(seat, hex, **fields):
    return {"seat": seat, "hex": list(hex), **TROOPER, **fields}


def position(models, **fields):
    data = {"schema": 1, "board": "standard", "models": models}
    data.update(fields)
    return state_from_json(data)


def play(state, seat, move, dice=()):
    """Apply one move with forced dice; every die must be used."""
    forced = Dice(forced=list(dice))
    seat_index = None if seat is None else SEAT_NAMES.index(seat)
    new, events = rules.play(state, seat_index, mv.decode(move), forced)
    assert forced.unused == 0, f"{forced.unused} dice unused"
    return new, events


def kinds(events):
    return [e.kind for e in events]


def fire(kind, *orders):
    return {"type": kind, "orders": [{"model": m, "targets": list(t)} for m, *t in orders]}
