"""The coach's tips (games/hexpanse_site/coach.py), situation by situation, from the engine's own
view of the player's seat: each tip in the situation it is for and not otherwise, nothing for a
spectator, a finished game or a player out of it, and nothing hidden from the seat in them (nor
changing them)."""

from __future__ import annotations

import copy
from dataclasses import replace

from django.utils import translation

from games.engine.hexpanse.data import CARD_CODES, card
from games.engine.hexpanse.patterns import mission_placements
from games.engine.hexpanse.position import state_from_json, state_to_json
from games.engine.hexpanse.state import Result
from games.engine.hexpanse.system import SYSTEM
from games.engine.rng import Rng
from games.hexpanse_site.coach import MAX_TIPS, RULES_SECTIONS, tips
from games.hexpanse_site.site import SITE
from tests.engine.hexpanse.hxp import load, play, position
from tests.hexpanse_site.conftest import mission_names

EN = "en"


def coach(state, seat):
    with translation.override(EN):
        return tips(SYSTEM.view(state, seat), seat)


def keys(state, seat) -> list[str]:
    return [t.key for t in coach(state, seat)]


def text(state, seat, key) -> str:
    return next(t.text for t in coach(state, seat) if t.key == key)


WARLORDS = {"0,0": (0, "warlord"), "-3,0": (1, "warlord")}  # far apart: no fight tips


def mid(**kw):
    """Seat 0 in its action phase, past its first turns (no first-round lessons), both
    warlords on the board."""
    units = {**WARLORDS, **kw.pop("units", {})}
    turn = {"number": 9, **kw.pop("turn", {})}
    return load(position(units=units, turn=turn, **kw))


def shape(code="MS03", board="small", seats=2):
    return sorted(mission_placements(code, board, seats)[0])


def _key(h) -> str:
    return f"{h[0]},{h[1]}"


# --- setup --------------------------------------------------------------------------------------


def _setup_until(step: str, mode="amiral"):
    state = SYSTEM.setup({"first_player": 0, "mode": mode}, 2, Rng("coach")).state
    while state.setup is not None and state.setup.step != step:
        seat = SYSTEM.to_act(state)[0]
        state = SYSTEM.apply(state, seat, SYSTEM.legal_moves(state, seat)[0], Rng("c")).state
    return state


def test_each_setup_choice_is_explained_to_its_chooser_and_the_goal_to_the_one_waiting():
    faction = _setup_until("faction")
    assert keys(faction, 0) == ["setup-faction"]
    assert "Terran Empire" in text(faction, 0, "setup-faction")
    assert keys(faction, 1) == ["goal"]
    minor = _setup_until("minor")
    chooser = SYSTEM.to_act(minor)[0]
    assert keys(minor, chooser) == ["setup-minor"]
    assert keys(minor, 1 - chooser) == ["goal"]
    mission = _setup_until("mission")
    picker = SYSTEM.to_act(mission)[0]
    assert keys(mission, picker) == ["setup-mission"]
    assert "setup-mission" not in keys(mission, 1 - picker)


# --- the turn -----------------------------------------------------------------------------------


def test_the_first_turn_tells_the_income_paid_two_actions_and_the_goal_to_the_others():
    first = load(position(income=[3, 1], turn={"number": 1}))
    assert keys(first, 0)[0] == "turn"
    assert "income: 3 hexilum" in text(first, 0, "turn")
    assert keys(first, 1) == ["goal"]  # not their turn: what wins
    assert "goal" not in keys(first, 0)
    one_left = play(first, {"seat": 0, "do": "gain"}).state
    assert "turn" not in keys(one_left, 0)
    assert "turn" not in keys(mid(), 0) and "goal" not in keys(mid(), 0)  # later turns


def test_the_goal_names_the_common_mission_or_the_players_own_secret_one():
    common = load(position(turn={"number": 1}))
    assert mission_names("MS03")[1] in text(common, 1, "goal")
    secret = position(mode="amiral", secret=["MS05", "MS07"], turn={"number": 2, "seat": 1})
    assert mission_names("MS05")[1] in text(load(secret), 0, "goal")
    secret["turn"] = {**secret["turn"], "seat": 0}
    assert mission_names("MS07")[1] in text(load(secret), 1, "goal")
    teams = load(position(seats=4, teams=[[0, 2], [1, 3]], turn={"number": 4}))
    assert "teammate" in text(teams, 1, "goal")
    assert "teammate" not in text(common, 1, "goal")


def test_a_warlord_still_on_its_mothership_is_a_lesson_until_it_is_placed():
    state = load(position(units={"-3,0": (1, "warlord")}, turn={"number": 9}))
    assert "warlord-place" in keys(state, 0)
    assert "minor units" in text(state, 0, "warlord-place")  # Capitaine: M06 waits for it
    sailor = load(position(mode="marin", units={"-3,0": (1, "warlord")}, turn={"number": 9}))
    assert "minor units" not in text(sailor, 0, "warlord-place")
    assert "warlord-place" not in keys(mid(), 0)
    placed = play(state, {"seat": 0, "do": "place", "unit": "warlord", "hex": "0,0"}).state
    assert "warlord-place" not in keys(placed, 0)


def test_a_unit_next_to_an_enemy_can_attack_and_an_elite_stays_on_the_board():
    facing = mid(units={"1,0": (0, "normal"), "2,0": (1, "normal")})
    assert "attack" in keys(facing, 0) and "elite" not in keys(facing, 0)
    elite = mid(elite=1, units={"1,0": (0, "elite"), "2,0": (1, "normal")})
    assert "elite" in keys(elite, 0) and "attack" not in keys(elite, 0)
    apart = mid(elite=1, units={"1,0": (0, "elite"), "1,-3": (1, "normal")})
    assert "elite" not in keys(apart, 0) and "attack" not in keys(apart, 0)
    assert "attack" not in keys(facing, 1)  # seat 1 waits: it is not its turn
    friends = load(
        position(
            seats=4,
            teams=[[0, 2], [1, 3]],
            units={"0,0": (0, "warlord"), "1,0": (0, "normal"), "2,0": (2, "normal")},
            turn={"number": 9},
        )
    )
    assert "attack" not in keys(friends, 0)  # a teammate is no enemy


def test_units_on_the_healing_ship_can_be_brought_back():
    state = mid(healing=[{"normal": 2, "M06": 1}, {}])
    assert "3 of your units are on the healing ship" in text(state, 0, "healing")
    assert "healing" not in keys(mid(healing=[{}, {"normal": 2}]), 0)


def test_cards_in_hand_and_a_mercenary_on_its_card_say_what_they_cost_and_do():
    action = next(c for c in CARD_CODES if not card(c).is_merc)
    merc = next(c for c in CARD_CODES if card(c).is_merc and c != "C23")
    state = mid(hands=[[action], []], mercs=[{merc: 1}, {}])
    assert card(action).name in text(state, 0, "action-card")
    assert card(merc).name in text(state, 0, "mercenary")
    none = mid(hands=[[], [action]], mercs=[{}, {merc: 1}])
    assert "action-card" not in keys(none, 0) and "mercenary" not in keys(none, 0)


def test_raising_the_income_is_suggested_early_when_the_player_can_pay():
    rich = load(position(units=WARLORDS, hexilum=[2, 0], turn={"number": 3}))
    assert "income to 2 for 2 hexilum" in text(rich, 0, "income")
    poor = load(position(units=WARLORDS, hexilum=[1, 0], turn={"number": 3}))
    assert "income" not in keys(poor, 0)
    top = load(position(units=WARLORDS, hexilum=[9, 0], income=[4, 1], turn={"number": 3}))
    assert "income" not in keys(top, 0)


def test_the_market_phase_and_the_buyers_extra_cards():
    market = play(mid(hexilum=[4, 0]), {"seat": 0, "do": "end_actions"}).state
    assert keys(market, 0)[0] == "market"
    assert "your 4 hexilum" in text(market, 0, "market")
    assert "market" not in keys(market, 1) and "market" not in keys(mid(), 0)
    extra = state_to_json(market)
    extra["turn"]["extra_cards"] = extra["deck"][:5]
    extra["deck"] = extra["deck"][5:]
    shown = state_from_json(extra)
    assert keys(shown, 0)[:2] == ["extra-cards", "market"]
    assert "extra-cards" not in keys(shown, 1)


def test_a_market_the_player_cannot_afford_says_so_rather_than_to_buy():
    # The walk's market with 0 hexilum read « with your 0 hexilum, buy as many cards as you can
    # pay for »: every card costs at least 1 (13.5), so the tip tells to end the turn.
    broke = play(mid(hexilum=[0, 0]), {"seat": 0, "do": "end_actions"}).state
    words = text(broke, 0, "market")
    assert "buy as many" not in words and "end your turn" in words


# --- decisions ----------------------------------------------------------------------------------


def test_a_protector_decision_is_explained_to_the_defender_only():
    state = load(
        position(
            minors=[["M06"], ["M01"]],
            units={
                **WARLORDS,
                "1,0": (0, "normal"),
                "2,0": (1, "normal"),
                "2,-1": (1, "minor", "M01"),
            },
            turn={"number": 9},
        )
    )
    asked = play(state, {"seat": 0, "do": "attack", "from": "1,0", "to": "2,0"}).state
    assert asked.pending and asked.pending[0].kind == "protect"
    assert keys(asked, 1)[0] == "protect"
    assert "protect" not in keys(asked, 0)


def test_an_entry_ability_waiting_says_attacks_are_compulsory_and_placing_optional():
    state = mid(
        units={"1,0": (1, "normal")},
        minors=[["M06"], ["M07"]],
    )
    entered = play(state, {"seat": 0, "do": "place", "unit": "minor", "hex": "1,-1"}).state
    if entered.pending:
        assert entered.pending[0].seat == 0
        assert keys(entered, 0)[0] == "entry-ability"
        assert "Cymurai" in text(entered, 0, "entry-ability")
        assert "entry-ability" not in keys(entered, 1)
    else:  # resolved by itself (one target): the tip must wait for a real choice
        raise AssertionError("the Cymurai's entry attack should wait for a choice")


# --- dangers and near wins ----------------------------------------------------------------------


def test_a_warlord_low_on_life_is_a_danger_and_healing_it_an_action():
    two = mid(life=[2, 6])
    assert "one wound from its skull" in text(two, 0, "warlord-danger")
    skull = mid(life=[1, 6])
    assert "on its skull" in text(skull, 0, "warlord-danger")
    assert "warlord-danger" in keys(skull, 0) and "warlord-danger" not in keys(skull, 1)
    assert "warlord-danger" not in keys(mid(life=[3, 6]), 0)
    waiting = mid(life=[6, 1])
    assert "warlord-danger" in keys(waiting, 1)  # told while waiting too


def test_an_enemy_warlord_on_its_skull_and_the_last_one_wins():
    last = mid(life=[6, 1])
    assert "and you win" in text(last, 0, "enemy-skull")
    three = load(
        position(
            seats=3,
            units={**WARLORDS, "3,-3": (2, "warlord")},
            life=[6, 1, 6],
            turn={"number": 9},
        )
    )
    assert "out of the game" in text(three, 0, "enemy-skull")
    assert "enemy-skull" not in keys(mid(life=[6, 2]), 0)


def _near(held: int):
    """Seat 1's normal units on `held` hexes of one placement of the common mission (MS03), the
    warlords off it."""
    cells = [_key(h) for h in shape()]
    free = [h for h in ("0,0", "-3,0", "3,-3", "-3,3", "0,3", "3,0", "0,-3") if h not in cells]
    units = {free[0]: (0, "warlord"), free[1]: (1, "warlord")}
    units.update(dict.fromkeys(cells[:held], (1, "normal")))
    return load(position(units=units, turn={"number": 9}))


def test_an_opponent_near_the_common_mission_and_the_player_near_it():
    threat = _near(7)
    assert "7 of the 9 hexes" in text(threat, 0, "mission-threat")
    assert mission_names("MS03")[1] in text(threat, 0, "mission-threat")
    assert "mission-threat" not in keys(threat, 1)
    assert "2 more units of yours" in text(threat, 1, "mission-close")  # told while waiting
    assert "mission-close" not in keys(threat, 0)
    far = _near(6)
    assert "mission-threat" not in keys(far, 0) and "mission-close" not in keys(far, 1)


def test_nothing_for_a_spectator_a_finished_game_or_a_player_out_of_it():
    state = load(position(turn={"number": 1}, life=[1, 6]))
    assert tips(SYSTEM.view(state, None), None) == []
    over = replace(state, result=Result((1,), "last_warlord"))
    assert coach(over, 0) == [] and coach(over, 1) == []
    out = load(position(seats=3, alive=[True, True, False], turn={"number": 1}))
    assert coach(out, 2) == [] and coach(out, 0)


def test_never_more_than_a_few_tips_the_most_pressing_first():
    busy = load(
        position(
            units={"-3,0": (1, "warlord")},
            life=[1, 1],
            healing=[{"normal": 2}, {}],
            hexilum=[5, 0],
            turn={"number": 1},
        )
    )
    assert keys(busy, 0)[:2] == ["warlord-danger", "enemy-skull"]
    assert len(keys(busy, 0)) == MAX_TIPS


# --- hidden information -------------------------------------------------------------------------


def _amiral_three():
    pos = position(
        seats=3,
        mode="amiral",
        secret=["MS02", "MS09", "MS11"],
        hands=[[], ["A19", "A05"], ["A24"]],
        units={"0,0": (0, "warlord")},
        turn={"number": 2, "seat": 1},  # seat 0 waits: its goal names its own secret mission
    )
    return load(pos)


def test_no_tip_names_another_seats_secret_mission_and_hidden_parts_change_nothing():
    state = _amiral_three()
    others = {name for m in ("MS09", "MS11") for name in mission_names(m)}
    for lang in ("en", "fr"):
        with translation.override(lang):
            said = " ".join(t.text for t in tips(SYSTEM.view(state, 0), 0))
            assert mission_names("MS02")[1] in said or mission_names("MS02")[0] in said  # its own
            for name in others:
                assert name not in said
    # The opponents' secrets swapped, the deck reordered, another seat's extra cards drawn: the
    # seat cannot tell, and its tips do not change.
    j = state_to_json(state)
    j["seats"][1]["secret_mission"], j["seats"][2]["secret_mission"] = "MS11", "MS09"
    j["deck"] = list(reversed(j["deck"]))
    other = state_from_json(j)
    assert coach(other, 0) == coach(state, 0)
    j2 = copy.deepcopy(j)
    j2["turn"]["seat"] = 1
    j2["turn"]["phase"] = "market"
    j2["turn"]["extra_cards"], j2["deck"] = j2["deck"][:5], j2["deck"][5:]
    theirs = state_from_json(j2)
    with translation.override(EN):
        said = " ".join(t.text for t in tips(SYSTEM.view(theirs, 0), 0))
    for code in j2["turn"]["extra_cards"]:
        assert card(code).name not in said
    assert "extra-cards" not in keys(theirs, 0) and "extra-cards" in keys(theirs, 1)


# --- words --------------------------------------------------------------------------------------


def test_every_tip_reads_in_french_and_points_at_a_rules_section():
    state = mid(life=[2, 1], healing=[{"normal": 1}, {}], hands=[["A19"], []])
    with translation.override("fr"):
        french = tips(SYSTEM.view(state, 0), 0)
        linked = SITE.coach(SYSTEM.view(state, 0), 0)
    english = coach(state, 0)
    assert french and [t.key for t in french] == [t.key for t in english]
    for fr, en in zip(french, english, strict=True):
        assert fr.text != en.text and fr.section in RULES_SECTIONS
    assert "crâne" in french[0].text
    assert all(t.href.startswith("/hexpanse/rules/#") for t in linked)
    assert all(t.link_label.startswith("Règles") for t in linked)
