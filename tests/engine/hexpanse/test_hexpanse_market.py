"""The market phase and the turn's end (§5.5 «3. Phase de Marché», «1. Phase de Revenu»; spec
R68, R80-R85)."""

from hxp import play, position, refused

from games.engine.hexpanse.view import view

MARKET = ["A14", "C06", "A03", "C25", "A22"]


def market_game(**kw):
    kw.setdefault("market", list(MARKET))
    kw.setdefault("deck", ["A01", "A02", "A04", "A05", "A06", "A07", "A08"])
    return play(position(**kw), {"seat": 0, "do": "end_actions"})


def test_bought_cards_lie_face_up_and_slots_refill_only_at_the_end_in_slot_order_R80_R82():
    after = play(
        market_game(hexilum=[10, 0]).state,
        {"seat": 0, "do": "buy", "card": "A03"},
        {"seat": 0, "do": "buy", "card": "C06"},
    )
    assert after.seat(0)["hand"] == ["A03"] and after.seat(0)["mercs"] == {"C06": 1}
    assert after.seat(0)["hexilum"] == 10 - 2 - 2
    assert after.json["market"] == ["A14", None, None, "C25", "A22"]
    ended = play(after.state, {"seat": 0, "do": "end_turn"})
    assert ended.json["market"] == ["A14", "A01", "A02", "C25", "A22"]


def test_a_card_too_dear_or_not_for_sale_is_refused():
    state = market_game(hexilum=[1, 0]).state
    assert refused(state, {"seat": 0, "do": "buy", "card": "A03"}).code == "not_enough_hexilum"
    assert refused(state, {"seat": 0, "do": "buy", "card": "A01"}).code == "card_not_in_market"


def test_heinleins_squad_comes_with_three_tokens_R54():
    after = play(
        market_game(hexilum=[3, 0], market=["C23", "A14", "A03", "C25", "A22"]).state,
        {"seat": 0, "do": "buy", "card": "C23"},
    )
    assert after.seat(0)["mercs"] == {"C23": 3}


def test_the_next_living_seat_collects_its_income_when_the_turn_ends_R68_R85():
    after = play(market_game(income=[1, 3], hexilum=[0, 2]).state, {"seat": 0, "do": "end_turn"})
    assert after.json["turn"]["seat"] == 1 and after.json["turn"]["phase"] == "actions"
    assert after.seat(1)["hexilum"] == 5 and after.json["turn"]["actions_left"] == 2


def test_extra_card_effects_stack_and_stay_secret_R83():
    pos = position(
        hands=[["A14", "A08"], []],
        market=["C01", "C06", "A03", "C25", "A22"],
        deck=[f"A{n:02d}" for n in (1, 2, 4, 5, 6, 7, 9, 10, 11, 12, 13)],
    )
    after = play(
        pos,
        {"seat": 0, "do": "play", "card": "A14", "option": 2},
        {"seat": 0, "do": "play", "card": "A08", "option": 1},
    )
    assert after.json["turn"]["extra_cards"] == [
        "A01", "A02", "A04", "A05", "A06", "A07", "A09", "A10", "A11", "A12",
    ]  # fmt: skip
    assert view(after.state, 1)["turn"]["extra_cards"] == {"count": 10}
    assert after.json["turn"]["phase"] == "market"


def test_an_extra_card_can_be_bought_and_the_rest_goes_face_down_to_the_discard():
    pos = position(
        hands=[["A14"], []],
        hexilum=[5, 0],
        market=["C01", "C06", "A03", "C25", "A22"],
        deck=["A01", "A02", "A04", "A05", "A06", "A07", "A09"],
    )
    after = play(
        pos,
        {"seat": 0, "do": "play", "card": "A14", "option": 2},
        {"seat": 0, "do": "end_actions"},
        {"seat": 0, "do": "buy", "card": "A02"},
        {"seat": 0, "do": "end_turn"},
    )
    assert "A02" in after.seat(0)["hand"]
    assert after.json["discard"] == ["A14", "A01", "A04", "A05", "A06"]
    assert view(after.state, 1)["discard"] == {"count": 5}
    assert any(e["kind"] == "CardBought" and e["extra"] for e in after.events)


def test_an_empty_deck_takes_the_shuffled_discard_and_an_empty_discard_leaves_slots_empty_R84():
    codes = ["A01", "A02", "A04", "A05", "A06"]
    pos = position(market=list(MARKET), discard=codes, hexilum=[4, 0])
    pos["out_of_game"], pos["deck"] = pos["deck"], []
    after = play(
        pos,
        {"seat": 0, "do": "end_actions"},
        {"seat": 0, "do": "buy", "card": "A03"},
        {"seat": 0, "do": "end_turn"},
    )
    assert after.json["market"][2] in codes and len(after.json["deck"]) == 4
    assert any(e["kind"] == "DeckReshuffled" for e in after.events)
    bare = position(market=list(MARKET), hexilum=[4, 0])
    bare["out_of_game"], bare["deck"] = bare["deck"], []
    done = play(bare, {"seat": 0, "do": "end_actions"}, {"seat": 0, "do": "buy", "card": "A03"})
    ended = play(done.state, {"seat": 0, "do": "end_turn"})
    assert ended.json["market"][2] is None
