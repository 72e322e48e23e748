"""A figure's things read through `possessive`: "le lanceur de Rouge 3" and, before a vowel,
"le lanceur d'Orange 2", never "de Orange 2"; English keeps "Red 3's gun".

Every figure the site names today is "Rouge n" or "Bleu n" (consonants), so the vowel cases use
a figure id outside the red/blue naming, which `figure_name` shows as it is."""

from __future__ import annotations

from django.utils import translation

from games.hexboard.picks import Choice
from games.paintball_site.describe import describe
from games.paintball_site.panel import prompt
from games.paintball_site.pieces import marshal_svg
from games.paintball_site.site import SITE
from tests.catalogue_support import names_after_de

# Shaped as games/engine/paintball/shooting.py and marshals.py emit them.
SAVING = {"kind": "SavingRolled", "figure": "r3", "die": 5, "saved": True}
JAM_CLEARED = {"kind": "JamCleared", "figure": "r3", "marshal": "m1"}
GOGGLES = {"kind": "GogglesChecked", "figure": "r3", "die": 3, "disqualified": False}


def told(event, figure, language="fr"):
    with translation.override(language):
        return describe({**event, "figure": figure})


def test_a_figures_roll_and_gun_elide_de_before_a_vowel():
    assert told(SAVING, "Orange 2").startswith("Jet de sauvegarde d'Orange 2 (5)")
    assert told(SAVING, "r3").startswith("Jet de sauvegarde de Rouge 3 (5)")
    assert told(SAVING, "r3", "en").startswith("Red 3's saving roll (5)")
    assert told(JAM_CLEARED, "Orange 2") == "Le lanceur d'Orange 2 est propre : il rejoue."
    assert told(JAM_CLEARED, "b1", "en") == "Blue 1's gun is clean: it plays again."
    assert told(GOGGLES, "Orange 2").startswith("Un commissaire vérifie les lunettes d'Orange 2")


def test_a_busy_marshals_title_elides_before_a_vowel():
    with translation.override("fr"):
        assert "le lanceur d&#x27;Orange 2</title>" in marshal_svg(
            "m1", {"hex": [0, 0], "busy": {"jam": "Orange 2"}}
        )
        assert "le lanceur de Bleu 4</title>" in marshal_svg(
            "m1", {"hex": [0, 0], "busy": {"jam": "b4"}}
        )
    with translation.override("en"):
        assert "Blue 4&#x27;s gun</title>" in marshal_svg(
            "m1", {"hex": [0, 0], "busy": {"jam": "b4"}}
        )


def test_the_waiting_line_puts_no_de_before_the_teams_name():
    view = {"pending": {"seat": "red", "kind": "retreat"}}  # a decision the red team makes
    with translation.override("fr"):
        assert SITE.decision(view, 1) == ("On attend Rouge, qui doit décider.", False)
    with translation.override("en"):
        assert SITE.decision(view, 1) == ("Waiting for Red to decide.", False)


def test_the_move_prompt_names_the_figure_through_possessive():
    with translation.override("fr"):
        choice = Choice(selection={"who": "Orange 2"}, step="step")
        assert prompt(choice, [{"type": "act"}]) == (
            "Choisissez la première case du mouvement d'Orange 2."
        )


# Placeholders of this site's sentences that hold a figure's or a team's name.
NAME_PLACEHOLDERS = ("fig", "team", "who", "targets", "player", "figures", "name")


def test_no_french_sentence_puts_a_name_placeholder_after_a_bare_de():
    assert names_after_de("games.paintball_site", NAME_PLACEHOLDERS) == []
