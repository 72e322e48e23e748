"""Chain reactions (§5.7 «Combinaison de cartes»; spec R111-R116): the rulebook's example, the
queue order, one action for the whole chain, and abilities whose unit has gone."""

from hxp import play, position

from games.engine.hexpanse.system import SYSTEM


def test_the_rulebooks_chain_example_cheyen_the_baron_then_jake_is_one_action():
    """§5.7: Cheyen (A17) places a normal unit and The Baron (C09); The Baron attacks a
    territory (the enemy there goes to its healing ship) and places a normal unit and a
    mercenary (the text's "Phyton (C5)", which no card list has: C11 Jake, who places two);
    that mercenary places two normal units and the chain stops."""
    pos = position(
        hands=[["A17"], []],
        mercs=[{"C09": 1, "C11": 1}, {}],
        units={"0,-1": (1, "normal")},
    )
    step1 = play(
        pos,
        {
            "seat": 0,
            "do": "play",
            "card": "A17",
            "option": 1,
            "at": "0,0",
            "rotation": 0,
            "place": [
                {"hex": "0,0", "unit": "merc", "card": "C09"},
                {"hex": "0,1", "unit": "normal"},
            ],
        },
    )
    assert step1.at("0,0") == {"owner": 0, "kind": "merc", "card": "C09"}
    assert step1.json["pending"] == [{"seat": 0, "kind": "ability", "source": "0,0", "card": "C09"}]
    step2 = play(
        step1.state,
        {
            "seat": 0,
            "do": "resolve",
            "source": "0,0",
            "rotation": 0,
            "place": [
                {"hex": "-1,0", "unit": "normal"},
                {"hex": "1,-1", "unit": "merc", "card": "C11"},
            ],
        },
    )
    assert step2.at("0,-1") is None and step2.seat(1)["healing"]["normal"] == 1
    assert step2.json["pending"] == [
        {"seat": 0, "kind": "ability", "source": "1,-1", "card": "C11"}
    ]
    step3 = play(
        step2.state,
        {
            "seat": 0,
            "do": "resolve",
            "source": "1,-1",
            "rotation": 0,
            "place": [{"hex": "0,-1", "unit": "normal"}, {"hex": "2,-2", "unit": "normal"}],
        },
    )
    assert step3.at("0,-1")["owner"] == 0 and step3.at("2,-2")["owner"] == 0
    assert step3.json["pending"] == []
    assert step3.json["turn"]["actions_left"] == 1  # the whole chain was one action (R113)
    assert step3.seat(0)["reserve"]["normal"] == 9 - 4


def cheyen_brings(first, second):
    """Cheyen (A17, option 1) places mercenary `first` on 0,0 and `second` on 0,1."""
    pos = position(hands=[["A17"], []], mercs=[{first: 1, second: 1}, {}])
    place = [
        {"hex": "0,0", "unit": "merc", "card": first},
        {"hex": "0,1", "unit": "merc", "card": second},
    ]
    move = {"seat": 0, "do": "play", "card": "A17", "option": 1, "at": "0,0", "rotation": 0}
    return play(pos, {**move, "place": place})


def test_several_units_brought_in_by_one_effect_resolve_first_in_first_out_R114():
    done = cheyen_brings("C20", "C05")
    assert [p["card"] for p in done.json["pending"]] == ["C20", "C05"]


def test_an_ability_whose_unit_was_removed_before_its_turn_is_lost():
    """The Baron's attack cell falls on the J.H.O.N.5 token that entered with it: its ability
    waiting behind the Baron's is lost (a house decision)."""
    step1 = cheyen_brings("C09", "C16")
    done = play(step1.state, {"seat": 0, "do": "resolve", "rotation": 3})
    assert done.at("0,1") is None and "C16" in done.json["out_of_game"]
    assert done.json["pending"] == [] and "AbilityLost" in done.kinds()


def test_no_other_move_is_legal_while_an_ability_waits_R116():
    pos = position(mercs=[{"C05": 1}, {}])
    after = play(pos, {"seat": 0, "do": "place", "unit": "merc", "card": "C05", "hex": "1,0"})
    moves = SYSTEM.legal_moves(after.state, 0)
    assert {m["do"] for m in moves} == {"resolve"}
    from hxp import refused

    assert refused(after.state, {"seat": 0, "do": "gain"}).code == "pending_decision"
    assert refused(position(), {"seat": 0, "do": "resolve", "skip": True}).code == (
        "no_pending_decision"
    )
