"""The shared working context of a move (games/engine/context.py): what its events let each
seat see, and the refusal with a system's code."""

from __future__ import annotations

from games.engine.context import MoveContext, refuse
from games.engine.protocol import ALL_SEATS


def test_an_event_said_to_one_seat_shows_the_others_only_its_redacted_part():
    ctx = MoveContext(state="before", dice=None)
    ctx.emit("DieRolled", value=4)
    ctx.emit("SentryEntered", only=1, redacted={"figure": "b1"}, figure="b1", policy="ask")
    public, private = ctx.events
    assert (public.kind, public.data, public.visible_to) == ("DieRolled", {"value": 4}, ALL_SEATS)
    assert private.visible_to == (1,)
    assert private.for_seat(1) == {"kind": "SentryEntered", "figure": "b1", "policy": "ask"}
    assert private.for_seat(0) == {"kind": "SentryEntered", "figure": "b1"}


def test_a_refusal_carries_the_systems_code_and_sentence():
    refused = refuse("not_enough_ap", "Sentry mode costs 2 action points.")
    assert (refused.code, str(refused)) == ("not_enough_ap", "Sentry mode costs 2 action points.")
