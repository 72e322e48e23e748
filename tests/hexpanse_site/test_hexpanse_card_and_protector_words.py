"""What the Hexpanse walk left (the walk's own tests are in test_hexpanse_walk_words.py): a card play says what its option did, and the Protector's
question tells the defender which unit is attacked and by whom (public facts only)."""

from __future__ import annotations

from django.utils import translation

from games.engine.hexpanse.system import SYSTEM
from games.hexpanse_site import labels
from games.hexpanse_site.describe import describe
from tests.engine.hexpanse.hxp import play, position

NAMES = ("anna", "bruno")


def test_a_card_play_says_what_its_option_does():
    event = {"kind": "CardPlayed", "seat": 0, "card": "A08", "option": 2}
    with translation.override("en"):
        said = describe(event, NAMES)
    assert "Space Truckers" in said
    assert "Bring back up to 2 units from your healing ship to your reserve" in said
    with translation.override("fr"):
        said = describe(event, NAMES)
    assert "joue Routiers de l'espace, option 2 : « Ramenez jusqu'à 2 unités" in said


def test_the_protectors_question_names_the_attacked_unit_and_the_attacker():
    units = {
        "3,-3": (0, "warlord"),
        "-3,3": (1, "warlord"),
        "0,0": (0, "elite"),
        "1,0": (1, "normal"),
        "2,0": (1, "minor", "M01"),
    }
    written = position(minors=[["M06"], ["M01"]], units=units, policy=["ask", "ask"], elite=1)
    asked = play(written, {"seat": 0, "do": "attack", "from": "0,0", "to": "1,0"}).state
    assert asked.pending[0].kind == "protect"
    for seat in (1, None):  # the defender's view, and a spectator's
        view = SYSTEM.view(asked, seat)
        with translation.override("en"):
            question = labels.pending_sentence(view, NAMES)
        assert "an elite unit of anna attacks a normal unit of yours" in question, question
    with translation.override("fr"):
        question = labels.pending_sentence(SYSTEM.view(asked, 1), NAMES)
    assert "une unité d'élite d'anna attaque une de vos unités, une unité normale," in question
