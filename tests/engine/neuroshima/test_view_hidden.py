"""view(): each seat sees its own hand, others' hand sizes and kept tiles, pile counts only."""

import json

from nh import after_hqs, play, step

from games.engine.neuroshima.system import SYSTEM

ARMIES = ["moloch", "borgo"]


def game():
    state = after_hqs(ARMIES, [(0, 0), (2, 0)], piles={0: ["cyborg"], 1: ["mutant", "boucher"]})
    return play(state, 0, {"type": "EndTurn"})  # seat 0 keeps its Cyborg; seat 1 draws two


def test_own_hand_is_shown_others_only_by_size_and_kept_tiles():
    state = game()
    mine, theirs = SYSTEM.view(state, 1), SYSTEM.view(state, 0)
    assert mine["seats"][1]["hand"] == ["borgo.mutant", "borgo.boucher"]
    assert "hand" not in theirs["seats"][1] and theirs["seats"][1]["hand_count"] == 2
    assert theirs["seats"][1]["kept"] == []
    assert mine["seats"][0]["kept"] == ["moloch.cyborg"]  # kept tiles are public


def test_no_view_holds_a_pile_order_or_a_hidden_hand():
    state = game()
    for seat in (None, 0, 1):
        text = json.dumps(SYSTEM.view(state, seat))
        assert "deck" not in text.replace("deck_count", "")
        if seat != 1:
            assert "borgo.mutant" not in text and "borgo.boucher" not in text


def test_draw_events_are_redacted_for_the_others():
    state = after_hqs(ARMIES, [(0, 0), (2, 0)], piles={1: ["mutant", "boucher"]})
    _, events = step(state, 0, {"type": "EndTurn"})
    drawn = next(e for e in events if e.kind == "TileDrawn")
    assert drawn.for_seat(1)["tiles"] == ["borgo.mutant", "borgo.boucher"]
    assert drawn.for_seat(0) == {"kind": "TileDrawn", "seat": 1, "count": 2, "left": 32}
    assert drawn.for_seat(None) == drawn.for_seat(0)


def test_legal_moves_and_pending_prompts_go_to_their_seat_only():
    state = game()
    assert SYSTEM.view(state, 1)["legal_moves"] and SYSTEM.view(state, 0)["legal_moves"] == []
    assert SYSTEM.view(state, None)["legal_moves"] == []
    assert SYSTEM.view(state, 1)["to_act"] == [1]
