"""The paintball coach's tips (games/paintball_site/coach.py), situation by situation, from the
engine's own view of the player's seat: each tip at the step it is for and not otherwise, only
when the seat has a choice to make, in a player's words (figures by name, never a hex), and
nothing the view hides (the other team's sentry policies, its secret setup or deployment)
changes them."""

from __future__ import annotations

import re
from typing import Any

import pytest
from django.test import Client
from django.utils import translation

from games.engine.paintball.state import State
from games.engine.paintball.system import SYSTEM
from games.engine.rng import Rng
from games.paintball_site.coach import MAX_TIPS, RULES_SECTIONS, tips
from games.paintball_site.site import SITE
from tests.engine.paintball.pbh import CHARGE_EXAMPLE, fig, position

RED, BLUE = 0, 1
CTF = {"scenario": "capture_the_flag"}
FAR_MARSHALS = {"m1": {"hex": [-2, 4]}, "m2": {"hex": [-2, -2]}}


def keys(state: State, seat: int) -> list[str]:
    return [t.key for t in tips(SYSTEM.view(state, seat), seat)]


def text(state: State, seat: int, key: str) -> str:
    with translation.override("en"):
        found = [t.text for t in tips(SYSTEM.view(state, seat), seat) if t.key == key]
    assert found, f"no {key} tip for seat {seat}: {keys(state, seat)}"
    return found[0]


def every_text(state: State, seat: int) -> str:
    with translation.override("en"):
        return " ".join(t.text for t in tips(SYSTEM.view(state, seat), seat))


def started(config: dict[str, Any], seed: str = "coach") -> State:
    return SYSTEM.setup(config, 2, Rng(seed)).state


def apply(state: State, seat: int, move: dict[str, Any], seed: str = "coach") -> State:
    return SYSTEM.apply(state, seat, move, Rng(seed)).state


def deployed(config: dict[str, Any]) -> State:
    """The first turn, both teams placed by their first listed deployment."""
    state = started(config)
    for seat in (RED, BLUE):
        state = apply(state, seat, SYSTEM.legal_moves(state, seat)[0])
    return state


def skirmish(**fields: Any) -> State:
    """Capture the flag, turn 3, red's phase: red 1 and blue 1 face each other three hexes
    apart in the open, the others at home."""
    figures = {
        "r1": fig("red", (0, 1)),
        "r2": fig("red", (0, 3), activated=True),
        "b1": fig("blue", (0, -2)),
        "b2": fig("blue", (0, -3)),
    }
    figures.update(fields.pop("figures", {}))
    data = {
        "scenario": "capture_the_flag",
        "turn": 3,
        "activations": {"red": 2, "blue": 2},
        "command_dice": {"red": 2, "blue": 2},
        "marshals": FAR_MARSHALS,
        **fields,
    }
    return position(figures, **data)


# --- who gets tips -------------------------------------------------------------------------------


def test_a_spectator_a_finished_match_and_the_waiting_team_get_no_tip():
    state = skirmish()
    assert keys(state, RED)
    assert tips(SYSTEM.view(state, None), None) == []
    assert tips(SYSTEM.view(state, RED), None) == []
    assert keys(state, BLUE) == []  # red's phase: blue waits
    assert tips(SYSTEM.view(state, BLUE), RED) == []  # another seat's view
    over = skirmish(phase="over", winner="blue", win_reason="flag_captured")
    assert keys(over, RED) == [] and keys(over, BLUE) == []


def test_a_team_with_nothing_left_to_do_but_end_its_phase_gets_no_tip():
    done = skirmish(
        figures={"r1": fig("red", (0, 1), activated=True)}, activations={"red": 0, "blue": 2}
    )
    assert {m["type"] for m in SYSTEM.legal_moves(done, RED)} == {"end_phase"}
    assert keys(done, RED) == []
    assert keys(skirmish(), RED)  # with an activation left, tips


# --- setting up ----------------------------------------------------------------------------------


def test_the_setup_explains_experts_and_grenades_to_the_team_still_choosing():
    state = started({**CTF, "experts": True, "grenades": True})
    experts, grenades = state.setup_counts[RED]
    assert keys(state, RED) == ["setup", "goal"]
    assert experts >= 1 and grenades >= 1  # the dice of this seed
    words = text(state, RED, "setup")
    chosen = "Choose your expert:" if experts == 1 else f"Choose your {experts} experts:"
    given = "Give your grenade (" if grenades == 1 else f"Give your {grenades} grenades ("
    assert words.startswith(chosen) and given in words
    assert "3 action points instead of 2" in words and "still 2 hexes of movement" in words
    assert "a 1 or a 6, on a 1 only for an expert" in words
    state = apply(state, RED, SYSTEM.legal_moves(state, RED)[0])
    assert keys(state, RED) == []  # chosen: waiting for blue
    assert keys(state, BLUE) == ["setup", "goal"]


def test_the_deployment_tip_says_where_and_that_both_place_in_secret():
    state = started(CTF)
    assert state.phase == "deploy"
    assert keys(state, RED) == ["deploy", "goal"]
    words = text(state, RED, "deploy")
    assert "start zone" in words and "at the same time, unseen" in words
    assert "only on a 6" in words
    goal = text(state, RED, "goal")
    assert goal.startswith("Capture the flag, 12 turns") and "the blue flag" in goal
    assert "into your base" in goal and "the most figures in play wins" in goal
    state = apply(state, RED, SYSTEM.legal_moves(state, RED)[0])
    assert keys(state, RED) == []
    assert "the red flag" in text(state, BLUE, "goal")


def test_in_base_assault_the_defender_deploys_first_and_each_side_is_told_its_goal():
    state = started({"scenario": "base_assault"})
    defender = BLUE  # red attacks unless told otherwise
    assert keys(state, defender) == ["deploy", "goal"]
    assert "You deploy first, openly" in text(state, defender, "deploy")
    assert "you defend" in text(state, defender, "goal")
    state = apply(state, defender, SYSTEM.legal_moves(state, defender)[0])
    assert "The defence is placed" in text(state, RED, "deploy")
    assert "you attack" in text(state, RED, "goal")


# --- a turn --------------------------------------------------------------------------------------


def test_the_first_turn_explains_activations_and_moving():
    state = deployed(CTF)
    first = SYSTEM.to_act(state)[0]
    assert keys(state, first) == ["activations", "move"]
    assert keys(state, 1 - first) == []
    assert "First turn, no limit from the command die: 6 more figures may act this turn" in (
        text(state, first, "activations")
    )
    assert "2 hexes a turn at most" in text(state, first, "move")


def test_later_turns_count_the_command_die_and_offer_the_volley_when_a_shot_is_possible():
    state = skirmish()
    assert keys(state, RED) == ["activations", "shoot"]
    assert "2 more figures may act this turn" in text(state, RED, "activations")
    assert text(state, RED, "shoot").startswith("A volley: 1 or 2 shots")
    # Nobody in sight: moving instead.
    hidden = skirmish(
        figures={"b1": fig("blue", (0, -3))}, terrain=[{"hex": [0, -1], "type": "hill"}]
    )
    assert keys(hidden, RED) == ["activations", "move"]


def test_the_figure_acting_is_named_with_its_volley_then_what_follows_a_hit():
    state = skirmish(current="r1", figures={"r1": fig("red", (0, 1), activated=True, ap=2)})
    assert keys(state, RED) == ["shoot", "cover"]
    words = text(state, RED, "shoot")
    assert words.startswith("Red 1 may fire up to 2 shots") and "(3 hexes: 4+)" in words
    cover = text(state, RED, "cover")
    assert "only on a 6" in cover and "a marshal within 2 hexes" in cover
    moved = skirmish(
        current="r1", figures={"r1": fig("red", (0, 1), activated=True, ap=1, moved=1)}
    )
    assert text(moved, RED, "shoot").startswith("Red 1 may fire 1 shot (1 point)")


BEHIND_A_HILL = {"terrain": [{"hex": [0, -1], "type": "hill"}]}


def test_a_figure_with_no_target_is_told_about_standing_sentry_else_its_move():
    state = skirmish(
        current="r1",
        figures={"r1": fig("red", (0, 1), activated=True, ap=2), "b1": fig("blue", (0, -3))},
        **BEHIND_A_HILL,
    )
    assert keys(state, RED) == ["sentry", "move"]
    assert text(state, RED, "sentry").startswith("Red 1 has no target. Standing sentry")
    assert text(state, RED, "move").startswith("Red 1 may still move 2 hexes this turn")
    # One point left: too few to stand sentry (2), one hex to move.
    tired = skirmish(
        current="r1",
        figures={
            "r1": fig("red", (0, 1), activated=True, ap=1, moved=1),
            "b1": fig("blue", (0, -3)),
        },
        **BEHIND_A_HILL,
    )
    assert keys(tired, RED) == ["move"]
    assert text(tired, RED, "move").startswith("Red 1 may still move 1 hex this turn")


def test_a_charge_is_offered_when_an_enemy_figure_is_down_within_reach():
    state = position(
        CHARGE_EXAMPLE["figures"],
        scenario="elimination",
        board="field_5",
        turn=2,
        marshals=CHARGE_EXAMPLE["marshals"],
    )
    assert keys(state, RED) == ["activations", "charge"]
    words = text(state, RED, "charge")
    assert words.startswith("Blue 1 and Blue 2 are down")
    assert "out of paint is out at once" in words and "you on a tie" in words
    assert "charge" not in keys(skirmish(), RED)


def test_an_enemy_sentry_is_named_without_telling_what_it_will_do():
    state = skirmish(figures={"b1": fig("blue", (0, -2), state="sentry", sentry_policy="ask")})
    assert keys(state, RED) == ["activations", "enemy-sentry"]
    words = text(state, RED, "enemy-sentry")
    assert words.startswith("Blue 1 stands sentry") and "suppression" in words
    assert "enemy-sentry" not in keys(skirmish(), RED)


# --- warnings ------------------------------------------------------------------------------------


def test_figures_down_are_named_with_what_it_means_for_them():
    state = skirmish(
        figures={
            "r2": fig("red", (0, 3), state="disabled", disabled_by="ammo"),
            "r3": fig("red", (0, 3), state="neutral"),
        }
    )
    assert keys(state, RED)[0] == "down"
    words = text(state, RED, "down")
    assert "Red 2 is out of paint" in words and "reload" in words
    assert "Red 3 has a jammed gun" in words
    assert "down" not in keys(skirmish(), RED)


def test_the_enemy_carrying_our_flag_home_comes_first():
    state = skirmish(
        figures={"b1": fig("blue", (0, -2))}, flags={"red": {"hex": [0, -2], "carrier": "b1"}}
    )
    assert keys(state, RED)[0] == "danger"
    words = text(state, RED, "danger")
    assert words.startswith("Blue 1 carries the red flag 1 hex from where it scores")
    assert "Blue wins" in words
    assert "danger" not in keys(skirmish(), RED)
    # Our own carrier: where to bring it.
    ours = skirmish(
        figures={"r1": fig("red", (0, 1))}, flags={"blue": {"hex": [0, 1], "carrier": "r1"}}
    )
    assert "danger" not in keys(ours, RED)
    assert text(ours, RED, "flag").startswith("Red 1 carries the blue flag, 2 hexes from your base")


def test_an_attacker_at_the_door_of_the_defended_base_is_a_warning():
    figures = {
        "r1": fig("red", (0, -3)),
        "r2": fig("red", (0, 3)),
        "b1": fig("blue", (0, -5)),
        "b2": fig("blue", (1, -5)),
    }
    state = position(
        figures, board="field_5", scenario="base_assault", turn=3, active="blue", first="blue"
    )
    assert keys(state, BLUE)[0] == "danger"
    assert text(state, BLUE, "danger").startswith("Red 1 can reach your base this turn")
    inside = position(
        {**figures, "r1": fig("red", (0, -5))},
        board="field_5",
        scenario="base_assault",
        turn=3,
        active="blue",
        first="blue",
    )
    assert "Red 1 stands in your base" in text(inside, BLUE, "danger")


def test_the_last_figure_and_the_last_turns_are_warned_with_the_count():
    last = skirmish(figures={"r2": fig("red", (0, 3), state="out")})
    assert "Red 1 is your last figure in play" in text(last, RED, "last-figure")
    assert "last-figure" not in keys(skirmish(), RED)
    late = skirmish(turn=11)
    words = text(late, RED, "last-turns")
    assert words.startswith("Turn 11 of 12: the match ends after the next one")
    assert "you have 2, Blue 2" in words
    assert text(skirmish(turn=12), RED, "last-turns").startswith("Last turn")
    assert "last-turns" not in keys(skirmish(turn=10), RED)


# --- decisions -----------------------------------------------------------------------------------


def test_equal_command_dice_explain_the_choice_to_the_team_choosing():
    state = skirmish(
        pending={"seat": "blue", "kind": "choose_order", "options": ["first", "second"]}
    )
    assert keys(state, BLUE)[0] == "order"
    assert "you played second" in text(state, BLUE, "order")
    assert keys(state, RED) == []


def test_an_asking_sentry_and_a_charge_victim_are_explained_to_who_decides():
    asked = skirmish(
        figures={"b1": fig("blue", (0, -2), state="sentry", sentry_policy="ask")},
        pending={
            "seat": "blue",
            "kind": "sentry_fire",
            "options": [{"fire": True}, {"fire": True, "mode": "suppress"}, {"fire": False}],
            "context": {"sentry": "b1", "target": "r1"},
        },
    )
    assert keys(asked, BLUE)[0] == "sentry-fire"
    assert text(asked, BLUE, "sentry-fire").startswith("Blue 1 may shoot once at Red 1")
    assert keys(asked, RED) == []
    state = position(
        CHARGE_EXAMPLE["figures"],
        scenario="elimination",
        board="field_5",
        turn=2,
        marshals=CHARGE_EXAMPLE["marshals"],
    )
    charge = {"type": "charge", "hex": [0, 0], "figures": ["r1", "r2"]}
    from tests.engine.paintball.pbh import play

    victim = play(state, "red", charge, dice=[5, 2, 3, 5]).state
    assert victim.pending is not None and victim.pending.kind == "charge_victim"
    seat = 0 if victim.pending.seat == "red" else 1
    assert keys(victim, seat)[0] == "charge-victim"
    assert "the enemy with the highest die still to act" in text(victim, seat, "charge-victim")


def test_shared_hits_and_a_stray_grenade_are_explained_to_who_decides():
    allocate = skirmish(
        pending={"seat": "blue", "kind": "allocate_hits", "options": [["b1"]], "context": {}}
    )
    assert keys(allocate, BLUE)[0] == "allocate"
    assert "still saves on 1 or 6" in text(allocate, BLUE, "allocate")
    scatter = skirmish(
        pending={
            "seat": "blue",
            "kind": "grenade_scatter",
            "options": [[0, -1], [1, -1]],
            "context": {"kind": "paint", "hex": [0, 0]},
        }
    )
    assert keys(scatter, BLUE)[0] == "scatter"
    assert text(scatter, BLUE, "scatter").startswith("Red's grenade went astray")


# --- hidden information --------------------------------------------------------------------------


def test_the_other_teams_secret_setup_and_deployment_change_no_tip():
    state = started({**CTF, "experts": True, "grenades": True})
    choices = SYSTEM.legal_moves(state, BLUE)
    assert len(choices) >= 2  # two different secret setups
    tips_for = [tips(SYSTEM.view(apply(state, BLUE, c), RED), RED) for c in choices]
    assert tips_for[0] and all(t == tips_for[0] for t in tips_for)
    assert tips(SYSTEM.view(state, RED), RED) == tips_for[0]  # nor whether blue chose yet
    deploy = started(CTF)
    placements = SYSTEM.legal_moves(deploy, BLUE)
    assert len(placements) >= 2
    seen = [tips(SYSTEM.view(apply(deploy, BLUE, p), RED), RED) for p in placements]
    assert seen[0] and all(t == seen[0] for t in seen)


@pytest.mark.parametrize("policy", ["fire", "suppress", "ask"])
def test_the_other_teams_sentry_policy_changes_no_tip(policy):
    base = skirmish(figures={"b1": fig("blue", (0, -2), state="sentry", sentry_policy="fire")})
    other = skirmish(figures={"b1": fig("blue", (0, -2), state="sentry", sentry_policy=policy)})
    assert tips(SYSTEM.view(other, RED), RED) == tips(SYSTEM.view(base, RED), RED)
    assert "enemy-sentry" in keys(other, RED)


# --- over whole games ----------------------------------------------------------------------------

COORDINATES = re.compile(r"\(?-?\d+,\s*-?\d+\)?|\[-?\d+")


@pytest.mark.parametrize(
    "scenario", ["capture_the_flag", "centre_flag", "elimination", "base_assault"]
)
def test_over_random_games_tips_are_few_linked_to_a_section_and_name_no_hex(scenario):
    import random

    rnd = random.Random(scenario)
    rng = Rng(scenario)
    state = started({"scenario": scenario, "experts": True, "grenades": True}, seed=scenario)
    seen: set[str] = set()
    for _ in range(400):
        for seat in (RED, BLUE):
            with translation.override("en"):
                found = tips(SYSTEM.view(state, seat), seat)
            assert len(found) <= MAX_TIPS
            assert len({t.key for t in found}) == len(found)
            for t in found:
                assert t.section in RULES_SECTIONS
                assert not COORDINATES.search(t.text), t.text
                seen.add(t.key)
            if seat not in SYSTEM.to_act(state):
                assert found == []
        acting = SYSTEM.to_act(state)
        if not acting or state.phase == "over":
            break
        seat = acting[0]
        state = SYSTEM.apply(state, seat, rnd.choice(SYSTEM.legal_moves(state, seat)), rng).state
    assert {"setup", "deploy", "activations", "move", "shoot"} <= seen


@pytest.mark.django_db
def test_every_section_a_tip_links_to_is_on_the_rules_page_in_both_languages():
    for language in ("fr", "en"):
        html = Client(HTTP_ACCEPT_LANGUAGE=language).get("/paintball/rules/").content.decode()
        for section in RULES_SECTIONS:
            assert f'id="{section}"' in html, (language, section)
    with translation.override("en"):
        linked = SITE.coach(SYSTEM.view(skirmish(), RED), RED)
    assert linked[0].href == "/paintball/rules/#turn"
    assert linked[0].link_label == "Rules: A turn"


def test_the_tips_read_in_french():
    with translation.override("fr"):
        found = tips(SYSTEM.view(skirmish(current="r1"), RED), RED)
        linked = SITE.coach(SYSTEM.view(skirmish(), RED), RED)
    assert found[0].text.startswith("Rouge 1 peut tirer jusqu'à 2 fois")
    assert linked[0].text.startswith("Votre dé de commandement")
    assert linked[0].link_label == "Règles : Un tour"


def test_the_board_coach_reads_the_legal_moves_the_page_read_and_says_the_same():
    """The page gives the coach the seat's legal moves it read already (issue 14: they were
    worked out twice a page); the tips are those the view alone gives, at every step of a
    game, and a coach told of other moves says otherwise (the list given is the one read)."""
    import random

    from games.hexboard.turn import turn_context

    urls = {"page": "/m/1/", "post": "/m/1/move", "since": "/m/1/since/", "steps": "", "replay": ""}
    state = SYSTEM.setup(SYSTEM.validate_config({}, 2), 2, Rng("coach-legal")).state
    chooser = random.Random(5)
    told = 0
    with translation.override("en"):
        for step in range(120):
            to_act = SYSTEM.to_act(state)
            if not to_act:
                break
            seat = to_act[0]
            view = SYSTEM.view(state, seat)
            legal = SYSTEM.legal_moves(state, seat)
            turn = turn_context(
                SITE, view=view, seat=seat, legal=legal, query={}, urls=urls, version=1, coach=True
            )
            alone = [t.key for t in tips(view, seat)]
            assert [t.key for t in turn["coach"]] == alone, f"step {step}"
            told += bool(alone)
            if alone:  # told that only ending is left, the coach has nothing to say
                assert tips(view, seat, [{"type": "end_activation"}]) == [], f"step {step}"
            state = SYSTEM.apply(state, seat, chooser.choice(legal), Rng(f"cl-{step}")).state
    assert told > 10
