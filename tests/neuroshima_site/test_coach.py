"""The coach's tips (games/neuroshima_site/coach.py), situation by situation, from the engine's
own view of the player's seat: what they say, that they say only what is in front of that
player, and that nothing hidden from the seat changes them."""

from __future__ import annotations

from dataclasses import replace

from django.utils import translation

from games.engine.neuroshima.position import PlacedTile
from games.engine.neuroshima.state import PendingPush, State
from games.engine.neuroshima.system import SYSTEM
from games.engine.neuroshima.tiles import CELLS, deck_of, tile
from games.engine.rng import Rng
from games.neuroshima_site.coach import RULES_SECTIONS, tips

RNG = Rng("coach")


def new_game(armies=("moloch", "posterunek")) -> State:
    return SYSTEM.setup({"armies": list(armies)}, len(armies), RNG).state


def play(state: State, seat: int, move: dict) -> State:
    return SYSTEM.apply(state, seat, move, RNG).state


def after_hqs(armies=("moloch", "posterunek")) -> State:
    state = new_game(armies)
    state = play(state, 0, {"type": "PlaceHQ", "hex": [0, -2]})
    return play(state, 1, {"type": "PlaceHQ", "hex": [0, 2]})


def mid_game(hand: list[str], tiles=(), current: int = 0, armies=("moloch", "posterunek")):
    """Seat `current` in its play phase, past the first round, with `hand` and `tiles` (id,
    seat, hex) on the board besides the two HQs."""
    state = after_hqs(armies)
    placed = [*state.position.tiles, *(PlacedTile(t, s, h, 0) for t, s, h in tiles)]
    state = replace(
        state, position=state.position.with_tiles(placed), phase="play", current=current, turn=5
    )
    return state.with_seat(current, hand=tuple(hand), shown=(False,) * len(hand))


def keys(state: State, seat: int) -> list[str]:
    return [t.key for t in tips(SYSTEM.view(state, seat), seat)]


def test_placing_the_hq_explains_what_the_hq_does_for_that_army():
    state = new_game(("borgo", "hegemonia"))
    with translation.override("en"):
        (hq,) = tips(SYSTEM.view(state, 0), 0)
        assert hq.key == "hq" and hq.section == "starting"
        assert "20 points" in hq.text and "+1 initiative" in hq.text  # Borgo's HQ
        (theirs,) = tips(SYSTEM.view(state, 1), 1)  # waiting for the first HQ: the same lesson
        assert "+1 melee strength" in theirs.text  # Hegemonia's
    with translation.override("fr"):
        assert "20 points" in tips(SYSTEM.view(state, 0), 0)[0].text


def test_a_spectator_and_a_finished_game_get_no_tips():
    state = after_hqs()
    assert tips(SYSTEM.view(state, None), None) == []
    view = SYSTEM.view(state, 0)
    assert tips({**view, "outcome": {"ranks": [0, 1], "scores": [], "reason": "x"}}, 0) == []
    assert tips(view, 1) == []  # a view is one seat's: it coaches no other


def test_the_first_turns_draw_one_then_two_tiles_and_discard_nothing():
    state = after_hqs()
    assert keys(state, 0)[0] == "first-turn"
    with translation.override("en"):
        assert "only 1 tile" in tips(SYSTEM.view(state, 0), 0)[0].text
    state = play(state, 0, {"type": "EndTurn"})
    assert keys(state, 1)[0] == "first-turn"
    with translation.override("en"):
        assert "only 2 tiles" in tips(SYSTEM.view(state, 1), 1)[0].text
    assert "first-turn" not in keys(state, 0)  # not their turn: nothing about their turn


def test_from_the_second_turn_the_player_draws_three_and_must_discard_one():
    state = play(play(after_hqs(), 0, {"type": "EndTurn"}), 1, {"type": "EndTurn"})
    assert state.phase == "discard" and state.current == 0
    found = keys(state, 0)
    assert found[0] == "discard" and "first-turn" not in found


def test_only_the_kinds_of_tile_in_the_hand_are_explained():
    state = mid_game(["moloch.bataille", "moloch.repousser", "moloch.cyborg"])
    found = keys(state, 0)
    assert {"unit", "instant-battle", "instant-push_back"} <= set(found)
    assert not {"module", "instant-move", "instant-sniper", "instant-grenade"} & set(found)
    assert "initiative" in found  # a battle is in the player's hand
    assert found.index("unit") < found.index("instant-battle") < found.index("instant-push_back")
    modules = keys(mid_game(["moloch.officier", "moloch.officier"]), 0)
    assert modules.count("module") == 1 and "unit" not in modules and "initiative" not in modules


def test_each_instant_action_is_named_as_the_hand_names_it():
    hands = {
        "moloch": ["moloch.bombe", "moloch.mouvement"],
        "posterunek": ["posterunek.tireur_d_elite"],
        "borgo": ["borgo.grenade"],
    }
    expected = {
        "moloch": ["instant-move", "instant-air_strike"],
        "posterunek": ["instant-sniper"],
        "borgo": ["instant-grenade"],
    }
    for army, hand in hands.items():
        state = mid_game(hand, armies=(army, "hegemonia"))
        shown = tips(SYSTEM.view(state, 0), 0)
        assert [t.key for t in shown] == expected[army]
        assert all(t.section == "instants" for t in shown)
        with translation.override("en"):
            names = {tile(t).name_en for t in hand}
            texts = " ".join(t.text for t in tips(SYSTEM.view(state, 0), 0))
            assert all(name in texts for name in names)


def test_mobile_units_on_the_board_are_explained_when_they_may_move():
    state = mid_game([], tiles=[("posterunek.coureur", 1, (1, 0))], current=1)
    assert "mobility" in keys(state, 1)
    assert "mobility" not in keys(mid_game([], current=1), 1)


def test_a_nearly_full_board_warns_that_filling_it_starts_a_battle():
    free = [h for h in sorted(CELLS) if h not in {(0, -2), (0, 2)}]
    filler = deck_of("moloch")[0]
    state = mid_game([], tiles=[(filler, 0, h) for h in free[:-2]])
    found = keys(state, 0)
    assert "board-full" in found and "initiative" in found
    with translation.override("en"):
        text = next(t.text for t in tips(SYSTEM.view(state, 0), 0) if t.key == "board-full")
        assert "2 free hexes" in text
    assert "board-full" in keys(state, 1)  # the board is everybody's to see
    roomy = mid_game([], tiles=[(filler, 0, h) for h in free[:-3]])
    assert "board-full" not in keys(roomy, 0)


def test_the_last_turns_and_the_battle_tile_that_may_no_longer_be_played():
    state = mid_game(["moloch.bataille"]).but(last_tile_by=1, last_turns=())
    shown = {t.key: t for t in tips(SYSTEM.view(state, 0), 0)}
    assert {"last-turns", "initiative", "instant-battle"} <= set(shown)
    with translation.override("en"):
        shown = {t.key: t for t in tips(SYSTEM.view(state, 0), 0)}
        assert "Outpost drew the last tile" in shown["last-turns"].text
        assert "may not be played" in shown["instant-battle"].text
        mine = {t.key: t for t in tips(SYSTEM.view(state.but(last_tile_by=0), 0), 0)}
        assert mine["last-turns"].text.startswith("You drew the last tile")


def test_a_short_pile_announces_the_last_turns():
    state = mid_game([])
    state = state.with_seat(1, deck=state.seats[1].deck[:2])  # pile sizes are public
    assert "last-turns-soon" in keys(state, 0)
    with translation.override("en"):
        text = next(t.text for t in tips(SYSTEM.view(state, 0), 0) if t.key == "last-turns-soon")
        assert "only 2 tiles" in text
    assert "last-turns-soon" not in keys(mid_game([]), 0)


def test_the_owner_of_a_pushed_unit_is_told_that_they_choose_where_it_goes():
    state = mid_game([], tiles=[("moloch.cyborg", 0, (0, 0)), ("posterunek.coureur", 1, (0, 1))])
    push = PendingPush(seat=1, pusher=(0, 0), target=(0, 1), options=((1, 1), (-1, 2)))
    state = replace(state, phase="push", push=push)
    assert keys(state, 1) == ["pushed"]
    assert "pushed" not in keys(state, 0)


def test_a_battle_being_fought_is_explained_by_initiative():
    # (a battle waiting for a decision, as the view shows it: its kind and phase)
    view = {**SYSTEM.view(mid_game(["moloch.cyborg"]), 0), "phase": "battle", "battle": "battle"}
    assert [t.key for t in tips(view, 0)] == ["initiative"]


def test_every_tip_points_at_a_section_of_the_rules_page():
    states = [
        new_game(),
        after_hqs(),
        mid_game(["moloch.bataille", "moloch.officier", "moloch.cyborg"]),
        mid_game(["moloch.bombe", "moloch.mouvement", "moloch.repousser"]).but(last_tile_by=0),
    ]
    for state in states:
        for t in tips(SYSTEM.view(state, 0), 0):
            assert t.section in RULES_SECTIONS and t.text


def test_what_the_seat_may_not_see_never_changes_its_tips():
    """Two states that differ only in the opponent's hand and both piles' order: the same tips,
    and none of them names a tile of the opponent's hand."""
    theirs = ["posterunek.tireur_d_elite", "posterunek.liquidateur", "posterunek.commando"]
    a = mid_game(["moloch.cyborg"]).with_seat(1, hand=tuple(theirs), shown=(False,) * 3)
    others = ("posterunek.coureur", "posterunek.saboteur", "posterunek.hacker")
    b = a.with_seat(1, hand=others, shown=(False,) * 3, deck=tuple(reversed(a.seats[1].deck)))
    b = b.with_seat(0, deck=tuple(reversed(a.seats[0].deck)))
    for language in ("fr", "en"):
        with translation.override(language):
            seen_a = tips(SYSTEM.view(a, 0), 0)
            assert seen_a == tips(SYSTEM.view(b, 0), 0)
            text = " ".join(t.text for t in seen_a)
            for tile_id in theirs:
                assert tile(tile_id).name_fr not in text and tile(tile_id).name_en not in text


def test_the_points_variant_and_the_alliance_are_told_how_they_are_won():
    armies = ("moloch", "posterunek", "borgo")
    points = SYSTEM.setup({"armies": list(armies), "points_variant": True}, 3, RNG).state
    with translation.override("en"):
        (hq,) = tips(SYSTEM.view(points, 0), 0)
        assert "no HQ is ever destroyed" in hq.text and "20 points win" in hq.text
    four = ["moloch", "posterunek", "borgo", "hegemonia"]
    alliance = SYSTEM.setup({"armies": four, "mode": "alliance"}, 4, RNG).state
    alliance = replace(alliance, phase="play", current=0, turn=9, last_tile_by=2, last_turns=(3,))
    with translation.override("en"):
        shown = {t.key: t.text for t in tips(SYSTEM.view(alliance, 0), 0)}
        assert "the team whose HQs have the most points" in shown["last-turns"]
