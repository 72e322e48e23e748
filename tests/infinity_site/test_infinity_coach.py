"""The Infinity coach's tips (games/infinity_site/coach.py), decision by decision, from the
engine's own view of the player's seat: each tip when that seat must decide and it applies, not
otherwise; troopers by the names the board gives them, never a bare id or a hex; and nothing hidden from
the seat (the other side's Lieutenant, hidden trooper, standing reactions, the dice's seed)
changes a word of them."""

from __future__ import annotations

import copy
import random
import re
from pathlib import Path

import pytest
from django.utils import translation

from games.engine import registry
from games.engine.infinity.position import state_from_json, state_to_json
from games.engine.infinity.state import State
from games.engine.rng import Rng
from games.infinity_site.coach import MAX_TIPS, RULES_SECTIONS, tips
from games.infinity_site.coach_words import TrooperNames
from games.infinity_site.names import trooper_label
from games.infinity_site.site import RULES_HEADINGS
from tests.engine.infinity.infh import alguacil, keisotsu, position, run, trooper

SYSTEM = registry.get_system("infinity")
RULES = Path(__file__).parents[2] / "games/infinity_site/templates/infinity_site/rules.html"


def keys(state: State | dict, seat: int | None) -> list[str]:
    if isinstance(state, dict):
        state = state_from_json(state)
    return [t.key for t in tips(SYSTEM.view(state, seat), seat)]


def text(state: State | dict, seat: int, key: str) -> str:
    if isinstance(state, dict):
        state = state_from_json(state)
    with translation.override("en"):
        found = [t.text for t in tips(SYSTEM.view(state, seat), seat) if t.key == key]
    assert found, f"no {key} tip for seat {seat}: {keys(state, seat)}"
    return found[0]


def walk(until, config=None, seed: str = "coach") -> State:
    """A real new game (the two starter rosters), each acting seat playing its first legal move,
    up to the first position `until` accepts."""
    rng = Rng(seed)
    state = SYSTEM.setup(SYSTEM.validate_config(config or {}, 2), 2, rng).state
    for _ in range(400):
        if until(state):
            return state
        seat = SYSTEM.to_act(state)[0]
        state = SYSTEM.apply(state, seat, SYSTEM.legal_moves(state, seat)[0], rng).state
    raise AssertionError("never reached")


def pending(state: State, kind: str) -> bool:
    return state.turn.pending is not None and state.turn.pending.kind == kind


def deciding(state: State) -> int:
    return SYSTEM.to_act(state)[0]


# --- before the battle ---------------------------------------------------------------------------


def test_the_roll_off_winner_is_told_what_the_two_privileges_are_the_other_sees_nothing():
    state = walk(lambda s: pending(s, "initiative"))
    winner = deciding(state)
    assert keys(state, winner) == ["initiative"]
    said = text(state, winner, "initiative")
    assert "the Deployment who deploys first; the other player decides the other" in said
    assert keys(state, 1 - winner) == []  # no choice of theirs: no box


def test_the_roll_off_loser_is_told_what_the_privilege_left_means():
    state = walk(lambda s: pending(s, "deployment"))
    assert "Deploying second, you place your troopers knowing where" in text(
        state, deciding(state), "initiative"
    )
    state = walk(lambda s: pending(s, "initiative"))
    winner = deciding(state)
    move = {"type": "initiative", "seat": winner, "deploy": "first"}
    state = SYSTEM.apply(state, winner, move, Rng("coach")).state
    assert "your turn closes each game turn" in text(state, 1 - winner, "initiative")


def test_in_a_game_set_up_before_the_winner_hears_the_first_player_deploys_first():
    state = SYSTEM.setup({}, 2, Rng("coach")).state  # a stored config without setup_version
    assert "deploy first" in text(state, deciding(state), "initiative")


def test_deploying_explains_the_zone_the_secret_lieutenant_and_the_scenario():
    state = walk(lambda s: pending(s, "deploy"))
    seat = deciding(state)
    assert keys(state, seat) == ["deploy", "lieutenant", "goal"]
    assert keys(state, 1 - seat) == []
    assert "six rows" in text(state, seat, "deploy")
    assert "hidden" not in text(state, seat, "deploy")  # the lobby did not allow it
    lieutenant = text(state, seat, "lieutenant")
    name = {0: "Alguacil (Combi) a4", 1: "Keisotsu (Combi) k3"}[seat]
    plain = {0: "a plain Alguacil (Combi)", 1: "a plain Keisotsu (Combi)"}[seat]
    assert lieutenant.startswith(f"{name} is your Lieutenant") and plain in lieutenant
    assert "Annihilation, in 3 game turns" in text(state, seat, "goal")


def test_hidden_deployment_and_each_scenario_have_their_own_words():
    state = walk(lambda s: pending(s, "deploy"), {"hidden_deployment": True})
    assert "deploy hidden" in text(state, deciding(state), "deploy")
    zones = walk(lambda s: pending(s, "deploy"), {"scenario": "zone_control"})
    assert "three zones" in text(zones, deciding(zones), "goal")
    evacuation = walk(lambda s: pending(s, "deploy"), {"scenario": "civilian_evacuation"})
    assert "civilian you lead" in text(evacuation, deciding(evacuation), "goal")


def test_a_one_turn_game_says_one_game_turn_in_both_languages():
    """The lobby's shortest game: « en 1 tour de jeu », never « en 1 tours de jeu »."""
    state = walk(lambda s: pending(s, "deploy"), {"max_game_turns": 1})
    seat = deciding(state)
    assert "Annihilation, in 1 game turn:" in text(state, seat, "goal")
    with translation.override("fr"):
        goal = [t.text for t in tips(SYSTEM.view(state, seat), seat) if t.key == "goal"]
    assert goal[0].startswith("Annihilation, en 1 tour de jeu :"), goal


def test_finishing_the_deployment_offers_the_fireteam_then_the_standing_reactions():
    def all_deployed(s: State) -> bool:
        seat = s.turn.pending.seat if s.turn.pending else None
        return (
            pending(s, "deploy")
            and seat is not None
            and all(t.hex is not None for t in s.army(seat))
            and not any(f.seat == seat for f in s.fireteams)
        )

    state = walk(all_deployed)
    seat = deciding(state)
    assert keys(state, seat) == ["fireteam", "reactions", "goal"]
    unit = {0: "Alguacil", 1: "Keisotsu"}[seat]
    assert f"three to five of your {unit} troopers" in text(state, seat, "fireteam")
    assert "ask me" in text(state, seat, "reactions")
    members = [t.id for t in state.army(seat) if t.prof.name == unit][:3]
    state, _ = run(
        state,
        [{"type": "fireteam_form", "seat": seat, "leader": members[0], "members": members}],
    )
    assert keys(state, seat) == ["reactions", "goal"]  # a team already: nothing to offer


# --- one's own turn ------------------------------------------------------------------------------


def turn_position(**extra) -> dict:
    troopers = [
        alguacil("a1", (5, 11), kind="hmg"),
        alguacil("a2", (6, 11)),
        alguacil("a4", (7, 11), kind="lt"),
        alguacil("a5", (8, 11), kind="paramedic"),
        keisotsu("k1", (5, 3)),
        keisotsu("k3", (8, 2), kind="lt"),
    ]
    data = position(troopers, lieutenants=("a4", "k3"), **extra)
    data["scenario"]["max_game_turns"] = 3
    return data


def test_the_coach_names_each_trooper_as_the_board_and_the_log_do():
    """One name for one trooper: « Keisotsu (Combi) k3 » in a tip as in the board's titles, the
    log and the picks, not the rulebook's « Keisotsu (Combi) #3 » beside them (both sides'
    troopers, the other side's by their public profiles)."""
    view = SYSTEM.view(state_from_json(turn_position()), 0)
    names = TrooperNames(view)
    assert {t["id"]: names(t["id"]) for t in view["troopers"]} == {
        t["id"]: trooper_label(t["id"], view) for t in view["troopers"]
    }
    assert names("k3") == "Keisotsu (Combi) k3"


def test_the_order_pool_is_explained_kind_by_kind():
    data = turn_position(orders={0: {"regular": 4, "lieutenant": 1}})
    assert keys(data, 0) == ["orders"]
    assert keys(data, 1) == []
    words = text(data, 0, "orders")
    assert "4 regular orders" in words and "Lieutenant order" in words
    assert "Irregular" not in words and "Impetuous" not in words
    data = turn_position(orders={0: {"regular": 0, "irregular": {"a1": 1}, "impetuous": {"a2": 1}}})
    words = text(data, 0, "orders")
    assert "regular order" not in words.replace("Irregular", "").replace("irregular", "")
    assert "only the trooper that brings them: Alguacil (HMG) a1." in words
    assert "move toward the nearest enemy (Alguacil (Combi) a2)" in words
    assert "Lieutenant order" not in words


def test_declaring_explains_the_two_skills_the_reactions_and_the_shot():
    data = turn_position()
    state, _ = run(data, [{"type": "order", "seat": 0, "trooper": "a1"}])
    assert keys(state, 0) == ["skills", "fire"]
    assert "two short skills" in text(state, 0, "skills")
    fire = text(state, 0, "fire")
    assert fire.startswith("Alguacil (HMG) a1 shoots its HMG with a burst of 4")
    assert "BS 11" in fire and "Partial Cover" in fire and "face to face" in fire
    assert keys(state, 1) == []  # the reactive side waits: no box


def test_a_trooper_in_contact_is_told_it_may_only_fight_or_dodge():
    data = turn_position()
    data["troopers"][4]["hex"] = [5, 10]  # the Keisotsu k1 next to the HMG Alguacil
    state, _ = run(data, [{"type": "order", "seat": 0, "trooper": "a1"}])
    assert keys(state, 0) == ["engaged"]
    words = text(state, 0, "engaged")
    assert words.startswith("Alguacil (HMG) a1 is in contact with the enemy's Keisotsu (Combi) k1")
    assert "CC 13" in words and "dodge" in words
    state, _ = run(turn_position(), [{"type": "order", "seat": 0, "trooper": "a2"}])
    assert "engaged" not in keys(state, 0)


def test_a_trooper_beside_an_enemy_on_a_roof_is_not_told_it_is_engaged():
    """Base contact needs the same level (the engine README's "Height levels", D): the enemy on
    the roof above the HMG Alguacil does not engage it."""
    data = turn_position()
    data["troopers"][4]["hex"] = [5, 10]
    data["scenery"].append({"hex": [5, 10], "kind": "building", "level": 1})
    state, _ = run(data, [{"type": "order", "seat": 0, "trooper": "a1"}])
    assert "engaged" not in keys(state, 0)


def test_a_teardrop_weapon_is_explained_as_a_template_not_a_burst():
    data = turn_position(active=1, orders={1: {"regular": 2}})
    data["troopers"].append(trooper("d1", 1, "jsa.domaru.chain", (9, 3), 3))
    state, _ = run(data, [{"type": "order", "seat": 1, "trooper": "d1"}])
    fire = text(state, 1, "fire")
    assert fire.startswith("Domaru Butai (Chain Rifle) d1 fires its Chain Rifle: a teardrop")
    assert "without a roll" in fire and "burst" not in fire


def test_warnings_loss_of_lieutenant_retreat_and_the_last_turn():
    data = turn_position(game_turn=3)
    data["seats"][0]["loss_of_lieutenant"] = True
    assert keys(data, 0)[:2] == ["loss-of-lieutenant", "orders"]
    assert "last-turn" in keys(data, 0)
    assert "the enemy still plays after you" in text(data, 0, "last-turn")
    second = turn_position(game_turn=3, active=1, orders={1: {"regular": 2}})
    assert "very last player turn" in text(second, 1, "last-turn")
    assert "last-turn" not in keys(turn_position(game_turn=2), 0)

    data = turn_position()
    data["seats"][0]["retreat"] = True
    assert keys(data, 0)[0] == "retreat"
    assert "flee the battlefield" in text(data, 0, "retreat")  # Retreat! in full: no end


def test_close_to_retreat_warns_each_side_with_the_points():
    data = turn_position(points=(40, 40))
    # The HMG Alguacil (19 points) down: from 16 (40 % of 40) to 24 (60 %), a warning.
    data["troopers"][0]["state"] = "dead"
    data["troopers"][0]["wounds"] = 2
    words = text(data, 0, "retreat")
    assert "of your army's 40 points" in words and "60%" in words
    # The same casualties seen from the other side: its enemy near Retreat!.
    other = turn_position(points=(40, 40), active=1, orders={1: {"regular": 2}})
    other["troopers"][0]["state"] = "dead"
    other["troopers"][0]["wounds"] = 2
    assert "enemy-retreat" in keys(other, 1) and "retreat" not in keys(other, 1)
    assert "retreat" not in keys(turn_position(), 0)  # nothing down: no warning


def test_an_unconscious_trooper_and_who_can_treat_it():
    data = turn_position()
    data["troopers"][1]["state"] = "unconscious"
    data["troopers"][1]["wounds"] = 1
    words = text(data, 0, "wounded")
    assert words.startswith("Alguacil (Combi) a2 is unconscious")
    assert "Alguacil (paramedic) a5 can treat it" in words
    data["troopers"][3]["state"] = "dead"
    data["troopers"][3]["wounds"] = 2
    assert "treat" not in text(data, 0, "wounded")
    assert "wounded" not in keys(turn_position(), 0)


# --- the enemy's turn ----------------------------------------------------------------------------


def aro_state() -> State:
    """The Corregidor's HMG moves into the sight of a Keisotsu asked for its reaction."""
    data = position(
        [
            alguacil("a1", (5, 11), kind="hmg"),
            alguacil("a4", (7, 12), kind="lt"),
            keisotsu("k1", (5, 4)),
            keisotsu("k3", (8, 2), kind="lt"),
        ],
        lieutenants=("a4", "k3"),
        orders={0: {"regular": 2, "lieutenant": 1}},
    )
    state, _ = run(
        data,
        [
            {"type": "order", "seat": 0, "trooper": "a1"},
            {"type": "declare", "seat": 0, "skill": "move", "path": [[5, 10]]},
        ],
    )
    assert state.turn.pending.kind == "aro"
    return state


def test_a_reaction_asked_says_who_acts_who_may_answer_and_what_each_answer_means():
    state = aro_state()
    assert keys(state, 1) == ["aro", "policies"]
    words = text(state, 1, "aro")
    assert words.startswith("The enemy's Alguacil (HMG) a1 is acting within reach")
    assert "Keisotsu (Combi) k1" in words and "shoot back" in words and "dodge" in words
    assert "let it pass" in words
    assert keys(state, 0) == []


def test_the_standing_reactions_tip_names_the_panel_by_its_heading_in_each_language():
    # The English catalogue once turned the tip back into « Your reactions (ORA) », the French
    # acronym, while the panel beside the board reads "Your reactions (ARO)".
    state = aro_state()
    for language in ("en", "fr"):
        with translation.override(language):
            heading = translation.gettext("Your reactions (ARO)")
            tip = [t.text for t in tips(SYSTEM.view(state, 1), 1) if t.key == "policies"][0]
        assert heading in tip, (language, tip)


def test_a_failed_guts_roll_and_a_new_lieutenant_to_appoint():
    data = turn_position(pending={"seat": 0, "kind": "guts", "trooper": "a2", "options": []})
    assert keys(data, 0) == ["guts"]
    assert text(data, 0, "guts").startswith("Alguacil (Combi) a2 survived a hit")
    data = turn_position(pending={"seat": 0, "kind": "appoint_lieutenant"})
    assert keys(data, 0) == ["appoint"]
    assert "will not know" in text(data, 0, "appoint")


def test_no_tips_for_a_spectator_or_once_the_game_is_over():
    state = aro_state()
    assert keys(state, 1) == ["aro", "policies"]  # the seat asked...
    assert tips(SYSTEM.view(state, None), None) == []  # ...but not someone watching
    assert tips(SYSTEM.view(state, 0), 1) == []  # another seat's view is not theirs
    over = walk(lambda s: s.score is not None, {"reactions": "auto"})
    assert keys(over, 0) == [] and keys(over, 1) == []


# --- whole games ---------------------------------------------------------------------------------


def random_game(seed: int, config: dict | None = None):
    """The positions of a random game of the starter rosters, every one of them."""
    rng = Rng(f"coach-{seed}")
    rnd = random.Random(seed)
    state = SYSTEM.setup(config or {}, 2, rng).state
    for _ in range(2000):
        yield state
        acting = SYSTEM.to_act(state)
        if not acting:
            return
        state = SYSTEM.apply(
            state, acting[0], rnd.choice(SYSTEM.legal_moves(state, acting[0])), rng
        ).state


# A bare id (not after its profile's label, as the board names a trooper: "Alguacil (HMG) a1")
# or a hex.
ID_OR_HEX = re.compile(r"(?<!\) )\b[abkd]\d+\b|\(\s*-?\d+,\s*-?\d+\s*\)|\[\s*-?\d+,\s*-?\d+\s*\]")


@pytest.mark.parametrize("seed", [1, 2])
def test_in_a_whole_game_tips_are_short_linked_and_name_no_bare_id_or_hex(seed):
    seen = set()
    config = {"hidden_deployment": True, "scenario": ("annihilation", "zone_control")[seed % 2]}
    for state in random_game(seed, config):
        for seat in (0, 1):
            for language in ("en", "fr"):
                with translation.override(language):
                    found = tips(SYSTEM.view(state, seat), seat)
                    assert len(found) <= MAX_TIPS
                    for t in found:
                        assert t.section in RULES_SECTIONS
                        assert not ID_OR_HEX.search(t.text), t.text
                        seen.add(t.key)
    assert {"deploy", "lieutenant", "orders", "skills"} <= seen


def test_every_section_a_tip_links_to_has_its_heading_and_its_id_on_the_rules_page():
    page = RULES.read_text(encoding="utf-8")
    assert set(RULES_HEADINGS) == set(RULES_SECTIONS)
    for section in RULES_SECTIONS:
        assert f'id="{section}"' in page


# --- hidden information --------------------------------------------------------------------------


def with_other_secrets(state: State, seat: int) -> State:
    """The same game with everything `seat` may not know changed: the other side's Lieutenant
    (another trooper that looks the same to `seat`), its hidden trooper moved elsewhere in its
    zone, its standing reactions, and the dice's seed."""
    data = copy.deepcopy(state_to_json(state))
    other = str(1 - seat)
    secret = data["hidden"][other]
    theirs = [t for t in data["troopers"] if t["seat"] == 1 - seat]
    lieutenant = next((t for t in theirs if t["id"] == secret.get("lieutenant")), None)
    if lieutenant is not None:
        from games.engine.infinity.data import profiles

        public = profiles()[lieutenant["profile"]].public
        twin = next(
            (
                t
                for t in theirs
                if t is not lieutenant
                and t["profile"] == public
                and t["state"] == lieutenant["state"]
            ),
            None,
        )
        if twin is not None:
            twin["profile"], lieutenant["profile"] = lieutenant["profile"], twin["profile"]
            secret["lieutenant"] = twin["id"]
    for tid in secret.get("policies", {}):
        secret["policies"][tid] = {
            "on_sight": "shoot",
            "on_template": "dodge",
            "weapon": None,
            "max_range": 3,
        }
    taken = {tuple(t["hex"]) for t in data["troopers"] if t["hex"]}
    rows = data["zones"]["deployment"][other]["rows"]
    for tid in secret.get("hidden_deployment", []):
        t = next(t for t in theirs if t["id"] == tid)
        if t["hex"] is None:
            continue
        free = [
            [q, row - q // 2]
            for q in range(data["board"]["cols"])
            for row in range(rows[0], rows[1] + 1)
            if (q, row - q // 2) not in taken
            and not any(s["hex"] == [q, row - q // 2] for s in data["scenery"])
        ]
        t["hex"] = free[-1]
    secret["ambush"] = []
    data["hidden"]["engine"] = {"rng": {"seed": "another seed", "counter": 7}}
    return state_from_json(data)


@pytest.mark.parametrize("seed", [3, 4])
def test_the_other_sides_secrets_change_no_tip(seed):
    changed = shown = 0
    for n, state in enumerate(random_game(seed, {"hidden_deployment": True})):
        if n % 3:
            continue
        for seat in (0, 1):
            swapped = with_other_secrets(state, seat)
            if state_to_json(swapped)["hidden"] != state_to_json(state)["hidden"]:
                changed += 1
            with translation.override("en"):
                mine = tips(SYSTEM.view(state, seat), seat)
                again = tips(SYSTEM.view(swapped, seat), seat)
            assert mine == again
            shown += bool(mine)
    assert changed and shown  # the secrets did differ, and there were tips to compare
