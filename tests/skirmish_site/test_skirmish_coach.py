"""The skirmish coach's tips (games/skirmish_site/coach.py), situation by situation, from the
engine's own view of the player's seat: each tip in the step it is for and not otherwise, in a
player's words (unit names, never hexes), and nothing hidden from the seat (the other side's
unrevealed orders, skirmish.md §11) changes them."""

from __future__ import annotations

from dataclasses import replace

import pytest
from django.test import Client
from django.utils import translation

from games.engine.rng import Rng
from games.engine.skirmish.state import State
from games.engine.skirmish.system import SYSTEM
from games.skirmish_site.coach import MAX_TIPS, RULES_SECTIONS, tips
from games.skirmish_site.site import SITE
from tests.engine.skirmish.sk import fire, model, play, position


def keys(state: State, seat: int) -> list[str]:
    return [t.key for t in tips(SYSTEM.view(state, seat), seat)]


def text(state: State, seat: int, key: str) -> str:
    with translation.override("en"):
        found = [t.text for t in tips(SYSTEM.view(state, seat), seat) if t.key == key]
    assert found, f"no {key} tip for seat {seat}: {keys(state, seat)}"
    return found[0]


def walk(until, state: State | None = None, seed: str = "coach") -> State:
    """A real battle (default armies, pitched battle, small board), each acting seat playing
    its first legal move, up to the first position `until` accepts."""
    rng = Rng(seed)
    if state is None:
        config = {"scenario": "pitched_battle", "board": "small"}
        state = SYSTEM.setup(config, 2, rng).state
    for _ in range(500):
        if until(state):
            return state
        seat = SYSTEM.to_act(state)[0]
        state = SYSTEM.apply(state, seat, SYSTEM.legal_moves(state, seat)[0], rng).state
    raise AssertionError("never reached")


def pending(state: State, kind: str) -> bool:
    return state.pending is not None and state.pending.kind == kind


# --- setting up ----------------------------------------------------------------------------------


def test_the_terrain_then_the_edge_are_explained_to_the_player_choosing_them():
    state = walk(lambda s: pending(s, "choose_layout"))
    chooser = state.pending.seat
    assert keys(state, chooser)[0] == "terrain"
    assert "terrain" not in keys(state, 1 - chooser)
    assert "table edge" in text(state, chooser, "terrain")
    state = walk(lambda s: pending(s, "choose_edge"), state)
    assert keys(state, state.pending.seat)[0] == "edge"
    assert "edge" not in keys(state, 1 - state.pending.seat)


def test_deploying_explains_units_zones_range_heroes_and_the_scenario():
    state = walk(lambda s: s.phase == "deployment")
    deploying = SYSTEM.to_act(state)[0]
    assert keys(state, deploying) == ["deploy", "heroes", "scenario"]
    assert keys(state, 1 - deploying) == ["heroes", "scenario"]  # waiting: no "deploy"
    heroes = text(state, deploying, "heroes")
    captain = next(m for m in state.models if m.seat == deploying and m.hero)
    assert heroes.startswith("Captain carries the ")
    assert "nearest target" in heroes and "initiative" in heroes
    from games.skirmish_site.describe import ITEM_EFFECTS

    with translation.override("en"):
        assert str(ITEM_EFFECTS[captain.item]) in heroes
    assert "Pitched battle" in text(state, deploying, "scenario")
    assert "100" in text(state, deploying, "scenario")
    assert "6 hexes (18'')" in text(state, deploying, "deploy")


def test_a_teleporter_and_an_army_without_heroes():
    state = walk(lambda s: s.phase == "deployment")
    seat = SYSTEM.to_act(state)[0]
    captain = next(m for m in state.models if m.seat == seat and m.hero)
    teleporting = state.with_models(replace(captain, item="teleporter"))
    assert "deploys anywhere 3 hexes or more from every enemy" in text(teleporting, seat, "heroes")
    no_hero = state.with_models(replace(captain, hero=False, item=None))
    assert "heroes" not in keys(no_hero, seat)


def test_the_rescue_explains_the_prison_and_the_prisoner_to_whoever_chooses():
    state = walk(
        lambda s: pending(s, "place_prison"),
        SYSTEM.setup({"scenario": "rescue", "board": "small"}, 2, Rng("rescue")).state,
    )
    defender = state.pending.seat
    assert keys(state, defender)[0] == "prison"
    assert "frees the prisoner" in text(state, defender, "prison")
    assert "prison" not in keys(state, 1 - defender)
    state = walk(lambda s: pending(s, "choose_prisoner"), state)
    attacker = state.pending.seat
    assert keys(state, attacker)[0] == "prisoner"
    assert "2 hexes (6'')" in text(state, attacker, "prisoner")
    assert "prisoner" not in keys(state, 1 - attacker)


def test_passing_the_barrel_is_explained_when_the_carrier_may_pass_it():
    models = {
        "r1": model("red", (0, 0), name="Rangers", unit="rangers"),
        "r2": model("red", (0, 1), name="Scouts", unit="scouts"),
        "b1": model("blue", (0, -5), name="Raiders", unit="raiders"),
    }

    def at(carrier):
        barrel = {"hex": [0, 0] if carrier else [2, 2], "carrier": carrier}
        return position(
            models,
            scenario="radioactive_barrel",
            scenario_state={"barrel": barrel},
            phase="movement",
        )

    assert keys(at("r1"), 0) == ["movement", "barrel"]
    assert "once a turn" in text(at("r1"), 0, "barrel")
    assert "barrel" not in keys(at(None), 0)  # lying on the ground: nothing to pass


def test_every_scenario_has_its_goal():
    state = walk(lambda s: s.phase == "deployment")
    seat = SYSTEM.to_act(state)[0]
    words = {
        "hold_the_ground": "terrain piece",
        "king_of_the_hill": "hill",
        "rescue": "prison",
        "radioactive_barrel": "barrel",
        "looting": "credits",
    }
    for scenario, word in words.items():
        assert word in text(replace(state, scenario=scenario), seat, "scenario")
    assert "scenario" not in keys(replace(state, scenario=None), seat)  # free play


# --- a turn ----------------------------------------------------------------------------------------


def test_the_initiative_winner_is_told_what_moving_first_means():
    state = walk(lambda s: pending(s, "choose_first"))
    winner = state.pending.seat
    assert keys(state, winner) == ["initiative"]
    assert "initiative" not in keys(state, 1 - winner)


def troopers(phase: str, red: dict, blue: dict, **fields) -> State:
    return position(
        {
            "r1": model("red", red.pop("hex"), **{"name": "Rangers", "unit": "rangers", **red}),
            "b1": model("blue", blue.pop("hex"), **{"name": "Raiders", "unit": "raiders", **blue}),
        },
        phase=phase,
        **fields,
    )


def test_snap_fire_is_explained_only_to_a_side_that_can_take_it():
    state = troopers("snap_fire", {"hex": (0, 4)}, {"hex": (0, -3), "shoot": 1})
    assert keys(state, 0) == ["snap-fire"]
    assert "Shoot −1" in text(state, 0, "snap-fire")
    assert keys(state, 1) == []  # Shoot 1 − 1: nothing to decide, nothing to learn now


def test_movement_and_the_models_in_contact_by_their_names():
    apart = troopers("movement", {"hex": (0, 4)}, {"hex": (0, -3)})
    assert keys(apart, 0) == ["movement"]
    assert keys(apart, 1) == []  # not their move yet
    assert "more than half" in text(apart, 0, "movement")
    close = troopers("movement", {"hex": (0, 4)}, {"hex": (0, 3)})
    close = close.with_models(replace(close.model("r1"), moved=False))
    # Red's only model is engaged: it has nothing to move, so "move" is not in its menu.
    assert "movement" not in keys(close, 0)
    third = model("red", (3, 3), name="Scouts", unit="scouts")
    both = position(
        {
            "r1": model("red", (0, 4), name="Rangers", unit="rangers"),
            "r2": third,
            "b1": model("blue", (0, 3), name="Raiders", unit="raiders"),
        },
        phase="movement",
    )
    assert keys(both, 0) == ["movement", "engaged"]
    engaged = text(both, 0, "engaged")
    assert engaged.startswith("Rangers is in contact") and "Scouts" not in engaged
    assert "(0" not in engaged  # no coordinates


def test_aimed_fire_the_models_that_cannot_shoot_and_the_enemy_hero():
    state = troopers("aimed_fire", {"hex": (0, 4)}, {"hex": (0, -3)})
    assert keys(state, 0) == ["aimed-fire"]
    assert "8 hexes (24'')" in text(state, 0, "aimed-fire")
    ran = position(
        {
            "r1": model("red", (0, 4), name="Rangers", unit="rangers"),
            "r2": model("red", (2, 3), name="Scouts", unit="scouts", mp_spent=4),  # 6 MP: > half
            "r3": model("red", (-2, 4), name="Snipers", unit="snipers", mp_spent=3),  # half
            "b1": model("blue", (0, -3), name="Lord", unit="lord", hero=True, item="holo_field"),
        },
        phase="aimed_fire",
    )
    assert keys(ran, 0) == ["aimed-fire", "cannot-shoot", "enemy-hero"]
    cannot = text(ran, 0, "cannot-shoot")
    assert cannot.startswith("Scouts cannot shoot") and "Snipers" not in cannot
    hero = text(ran, 0, "enemy-hero")
    assert "Lord is a Hero" in hero and "nearest target" in hero and "holo-field" in hero


def test_flee_then_melee_powerful_models_and_vehicles():
    close = troopers("melee_flee", {"hex": (0, 4)}, {"hex": (0, 3)})
    assert keys(close, 0) == ["flee"] and keys(close, 1) == ["flee"]
    assert "strikes nothing back" in text(close, 0, "flee")
    melee = troopers("melee_attack", {"hex": (0, 4)}, {"hex": (0, 3)})
    assert keys(melee, 0) == ["melee"]
    assert "still strikes" in text(melee, 0, "melee")
    heavy = troopers(
        "melee_attack",
        {"hex": (0, 4)},
        {"hex": (0, 3), "name": "Walker", "vehicle": True, "powerful": True, "armour": 4},
    )
    assert keys(heavy, 0) == ["melee", "powerful", "vehicles"]
    assert text(heavy, 0, "vehicles").startswith("Walker (enemy) is a Vehicle")
    assert "6 it explodes" in text(heavy, 0, "vehicles")
    assert text(heavy, 1, "powerful").startswith("Walker (yours) is Powerful")


def test_the_last_turns_recall_the_scenario_and_the_box_stays_short():
    def at(turn: int, scenario: str | None = "pitched_battle") -> State:
        return troopers("movement", {"hex": (0, 4)}, {"hex": (0, -3)}, turn=turn, scenario=scenario)

    assert "last-turns" not in keys(at(4), 0)
    assert text(at(5), 0, "last-turns").startswith("Turn 5 of 6")
    assert text(at(6), 1, "last-turns").startswith("Last turn")  # waiting: told too
    assert "last-turns" not in keys(at(6, None), 0)  # free play has no last turn
    crowded = position(
        {
            "r1": model("red", (0, 4), name="Rangers", unit="rangers", mp_spent=6),
            "r2": model("red", (2, 3), name="Tank", unit="tank", vehicle=True, powerful=True),
            "b1": model("blue", (0, -3), name="Lord", unit="lord", hero=True),
        },
        phase="aimed_fire",
        scenario="pitched_battle",
        turn=6,
    )
    assert keys(crowded, 0) == ["aimed-fire", "cannot-shoot", "last-turns"]
    assert len(keys(crowded, 0)) == MAX_TIPS


# --- who gets tips, and what they never tell ---------------------------------------------------------


def test_a_spectator_and_a_finished_battle_get_no_tips():
    state = troopers("movement", {"hex": (0, 4)}, {"hex": (0, -3)})
    assert keys(state, 0)  # a player gets some...
    assert tips(SYSTEM.view(state, None), None) == []  # ...a spectator none
    assert tips(SYSTEM.view(state, 0), 1) == []  # a view is one seat's: it coaches no other
    last = replace(state, turn=6, scenario="pitched_battle", turn_limit=6)
    assert "last-turns" in keys(last, 1)  # waiting, on the last turn: told so...
    over = replace(last, phase="over", winner="red", active=None)
    assert keys(over, 0) == [] and keys(over, 1) == []  # ...but not once it is over


def test_the_other_sides_secret_orders_change_no_tip():
    """Red's submitted orders are hidden from blue until the reveal: two positions that differ
    only in them give blue the very same tips (and the coach reads blue's view only)."""
    state = position(
        {
            "r1": model("red", (0, 4), name="Rangers", unit="rangers"),
            "b1": model("blue", (0, -3), name="Raiders", unit="raiders"),
            "b2": model("blue", (2, -3), name="Lord", unit="lord", hero=True),
        },
        phase="aimed_fire",
    )
    at_raiders, _ = play(state, "red", fire("aimed_orders", ("r1", "b1")))
    holding, _ = play(state, "red", fire("aimed_orders"))
    assert at_raiders.orders != holding.orders
    with translation.override("en"):
        seen = [tips(SYSTEM.view(s, 1), 1) for s in (at_raiders, holding)]
    assert seen[0] == seen[1] and [t.key for t in seen[0]] == ["aimed-fire"]


@pytest.mark.django_db
def test_each_tip_links_to_its_section_of_the_rules_page_in_both_languages():
    state = troopers("movement", {"hex": (0, 4)}, {"hex": (0, 3)}, turn=5, scenario="looting")
    with translation.override("en"):
        shown = SITE.coach(SYSTEM.view(state, 1), 1)
    assert shown and all(t.href.startswith("/skirmish/rules/#") for t in shown)
    assert shown[0].link_label.startswith("Rules: ")
    for language in ("fr", "en"):
        html = Client(headers={"accept-language": language}).get("/skirmish/rules/")
        for section in RULES_SECTIONS:
            assert f'id="{section}"' in html.content.decode(), (language, section)


def test_the_tips_are_in_french_too():
    state = troopers("aimed_fire", {"hex": (0, 4)}, {"hex": (0, -3)})
    with translation.override("fr"):
        (tip,) = tips(SYSTEM.view(state, 0), 0)
    assert "8 hexagones" in tip.text
