"""The shared working context of a move (games/engine/context.py): what its events let each
seat see, and the refusal with a system's code (and its values, games/engine/protocol.py)."""

from __future__ import annotations

import json

from games.engine.context import MoveContext, refuse
from games.engine.protocol import ALL_SEATS, IllegalMove, Term


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


def test_a_refusal_with_values_keeps_its_english_sentence_and_carries_its_template():
    refused = refuse("off_board", "Hex {hex} is not on the board.", hex=(5, 7))
    assert refused.reason == str(refused) == "Hex [5, 7] is not on the board."  # as before
    assert refused.template == "Hex {hex} is not on the board."
    assert refused.values == {"hex": [5, 7]}
    assert json.loads(json.dumps(refused.values)) == refused.values


def test_a_term_is_named_in_english_and_carried_by_its_key():
    refused = IllegalMove(
        "{tile} has no Mobility here.", "not_mobile", tile=Term("moloch.hunter_killer", "Hunter")
    )
    assert refused.reason == "Hunter has no Mobility here."
    assert refused.values == {"tile": "moloch.hunter_killer"}


def test_a_sentence_without_values_has_no_template_and_keeps_its_braces():
    refused = IllegalMove("Each entry is {seat, move}.", "malformed")
    assert (refused.reason, refused.template, refused.values) == (
        "Each entry is {seat, move}.",
        None,
        {},
    )
