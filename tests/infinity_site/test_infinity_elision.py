"""French elides "de" before a name that starts with a vowel: "tour actif d'anna", "Tir
spéculatif d'Alguacil", "En attente des réactions d'ASJ", never "de anna"; English keeps
"anna's"."""

from __future__ import annotations

import pytest
from django.utils import translation

from games.engine.infinity.system import SYSTEM
from games.engine.protocol import ArmyProblem
from games.engine.rng import Rng
from games.infinity_site.army_builder import BUILDER
from games.infinity_site.describe import describe
from games.infinity_site.picking import current_order
from games.infinity_site.site import SITE
from tests.catalogue_support import names_after_de


@pytest.fixture(scope="module")
def played():
    """A seeded random game up to the first order the JSA (seat 1) may react to: its events and
    the view of the Corregidor player (seat 0) waiting for those reactions."""
    start = SYSTEM.setup({"reactions": "ask"}, 2, Rng("elision"))
    state, rng, chooser = start.state, start.rng, Rng("elision-moves")
    events = [{"kind": e.kind, **e.data} for e in start.events]
    while SYSTEM.outcome(state) is None:
        view = SYSTEM.view(state, 0)
        pending = (view.get("turn") or {}).get("pending") or {}
        if pending.get("seat") == 1 and current_order(view).get("stage") in ("aro1", "aro2"):
            return events, view
        seat = SYSTEM.to_act(state)[0]
        move, chooser = chooser.choice(SYSTEM.legal_moves(state, seat))
        step = SYSTEM.apply(state, seat, move, rng)
        state, rng = step.state, step.rng
        events += [{"kind": e.kind, **e.data} for e in step.events]
    raise AssertionError("the game ended before the JSA could react")


def told(event, names, language="fr"):
    with translation.override(language):
        return describe(event, names)


def test_the_active_turn_names_its_player_with_an_elided_de(played):
    events, _ = played
    turn = next(e for e in events if e["kind"] == "TurnStarted")
    active = turn["seat"]
    names = ["bruno", "bruno"]
    names[active] = "anna"
    assert told(turn, names).startswith(f"Tour de jeu {turn['game_turn']} : tour actif d'anna, ")
    names[active] = "bruno"
    assert ": tour actif de bruno, " in told(turn, names)
    names[active] = "anna"
    assert ": anna's active turn, " in told(turn, names, "en")


def test_a_speculative_shot_and_a_retreat_elide_before_a_vowel():
    shot = {"kind": "SpeculativeShot", "attacker": "a1", "sv": 9, "mods": {}, "die": 4}
    shot["success"] = True
    assert told(shot, []).startswith("Tir spéculatif d'Alguacil (Mitrailleuse) a1 (9 pour")
    assert told(shot, [], "en").startswith("Alguacil (HMG) a1's speculative shot (9 to")
    retreat = {"kind": "RetreatDeclared", "seat": 1, "casualties": 80}
    assert told(retreat, ["bruno", "émile"]) == "L'armée d'émile est en Retraite !"
    assert told(retreat, ["émile", "bruno"]) == "L'armée de bruno est en Retraite !"
    assert told(retreat, ["bruno", "émile"], "en") == "émile's army is in Retreat!"
    broken = {"kind": "LinkBroken", "seat": 0, "reason": "order", "members": []}
    assert told(broken, ["anna", "bruno"]).startswith("Le lien de l'équipe d'anna est brisé")


def test_the_waiting_lines_name_the_asj_without_de_asj(played):
    _, view = played
    with translation.override("fr"):
        assert SITE.decision(view, 0) == ("En attente des réactions d'ASJ.", False)
    with translation.override("en"):
        assert SITE.decision(view, 0) == ("Waiting for JSA's reactions.", False)
    start = SYSTEM.setup({}, 2, Rng("x")).state  # the JSA won the initiative and chooses
    with translation.override("fr"):
        assert SITE.decision(SYSTEM.view(start, 0), 0) == ("On attend ASJ.", False)


def test_too_many_troopers_of_a_unit_never_reads_trop_de_before_its_name():
    problem = ArmyProblem("over_ava", unit="alguacil")
    army = {"sectorial": "corregidor", "points_limit": 300}
    with translation.override("fr"):
        text = BUILDER.explain(problem, army, price=None)
    assert text.startswith("Alguacil en trop : l'armée sectorielle en permet ")


# Placeholders of this site's sentences that hold a player's, a trooper's or a unit's name.
NAME_PLACEHOLDERS = (
    "who",
    "player",
    "unit",
    "leader",
    "target",
    "patient",
    "trooper",
    "attacker",
    "civilian",
    "members",
    "others",
)


def test_no_french_sentence_puts_a_name_placeholder_after_a_bare_de():
    assert names_after_de("games.infinity_site", NAME_PLACEHOLDERS) == []


def test_an_army_lists_description_puts_a_space_before_the_colon_in_french():
    from games.engine.infinity import armies as rules

    army = {"sectorial": "corregidor", "units": rules.starter("corregidor")["units"]}
    with translation.override("fr"):
        french = BUILDER.describe(army)
    with translation.override("en"):
        english = BUILDER.describe(army)
    assert " : " in french and french.split(" : ")[1]
    assert ": " in english and " : " not in english
