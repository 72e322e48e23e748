"""French elides "de" before a name that starts with a vowel: "Au tour d'émile", "Le chef de
guerre d'anna se déplace", never "de anna"; English keeps "anna's" and "of anna"."""

from __future__ import annotations

from django.utils import translation

from games.engine.hexpanse.system import SYSTEM
from games.engine.rng import Rng
from games.hexpanse_site import panels, preview
from games.hexpanse_site.describe import describe
from tests.catalogue_support import names_after_de
from tests.engine.hexpanse.hxp import load, play, position
from tests.hexpanse_site.test_hexpanse_panels import panel_of


def warlord_walk():
    """Anna's (seat 0's) warlord walks one hex, then her turn ends: the engine's real events."""
    state = load(position(units={"0,0": (0, "warlord"), "1,0": (1, "normal")}))
    walked = play(state, {"seat": 0, "do": "move_warlord", "to": "0,1"})
    ended = play(walked.state, {"seat": 0, "do": "end_actions"}, {"seat": 0, "do": "end_turn"})
    return walked.events + ended.events


def told(kind, names, language="fr"):
    event = next(e for e in warlord_walk() if e["kind"] == kind)
    with translation.override(language):
        return describe(event, names)


def test_the_warlord_of_a_vowel_named_player_reads_d_apostrophe_in_french():
    assert told("WarlordMoved", ["anna", "bruno"]) == "Le chef de guerre d'anna se déplace."
    assert told("WarlordWounded", ["émile", "bruno"]).startswith(
        "Le chef de guerre d'émile prend 1 dégât"
    )
    assert told("WarlordMoved", ["bruno", "anna"]) == "Le chef de guerre de bruno se déplace."
    assert told("WarlordMoved", ["anna", "bruno"], "en") == "The warlord of anna moves."


def test_whose_turn_it_is_elides_in_french_and_keeps_the_possessive_in_english():
    assert told("TurnStarted", ["bruno", "émile"]) == "Au tour d'émile."
    assert told("TurnStarted", ["anna", "bruno"]) == "Au tour de bruno."
    assert told("TurnStarted", ["bruno", "émile"], "en") == "émile's turn."


def test_the_waiting_line_never_puts_de_before_the_name():
    setup = SYSTEM.setup({"first_player": 0}, 2, Rng("words")).state
    with translation.override("fr"):
        line = panel_of(setup, 1, names=("anna", "bruno"))[0].instruction
        assert line == "On attend anna (pas encore de faction)."
    with translation.override("en"):
        line = panel_of(setup, 1, names=("anna", "bruno"))[0].instruction
        assert line == "Waiting for anna (no faction yet)."


def test_a_units_title_and_a_cards_pattern_elide_before_a_vowel():
    state = load(position(units={"0,0": (0, "warlord"), "1,0": (1, "normal")}))
    view = SYSTEM.view(state, 0)
    warlord = {"kind": "warlord", "owner": 0}
    with translation.override("fr"):
        title = preview.unit_title(warlord, view, ["anna", "bruno"])
        assert title.startswith("le chef de guerre d'anna (")
        soldier = preview.unit_title({"kind": "normal", "owner": 1}, view, ["anna", "bruno"])
        assert soldier.startswith("une unité normale de bruno (")
        assert "Modèle d&#x27;Escadron d&#x27;attaque Icare" in str(
            panels.card_info("A24")["patterns"]
        )
    with translation.override("en"):
        assert preview.unit_title(warlord, view, ["anna", "bruno"]).startswith(
            "the warlord of anna ("
        )
        assert "Pattern of Icarus Attack Squadron" in str(panels.card_info("A24")["patterns"])


# Placeholders of this site's sentences that hold a player's, a unit's or a card's name.
NAME_PLACEHOLDERS = ("p", "v", "who", "unit", "u", "c", "name", "m", "t", "f")


def test_no_french_sentence_puts_a_name_placeholder_after_a_bare_de():
    assert names_after_de("games.hexpanse_site", NAME_PLACEHOLDERS) == []
