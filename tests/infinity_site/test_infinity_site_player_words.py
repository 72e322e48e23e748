"""What a new player reads in the hand instead of the engine's ids and coordinates: a fireteam's
button names its troopers, a hex to deploy to is named by where it lies for that player."""

from __future__ import annotations

from django.utils import translation

from games.infinity_site.site import SITE
from tests.infinity_site.positions import DEPLOYING_JSA, duel, trooper


def _view(troopers):
    return {**duel(troopers, DEPLOYING_JSA), "seat": 1}


def test_the_fireteam_button_names_its_troopers_not_their_ids():
    view = _view(
        [
            trooper("k1", 1, "jsa.keisotsu.combi", [5, 1], 3),
            trooper("k2", 1, "jsa.keisotsu.hmg", [6, 1], 3),
            trooper("k3", 1, "jsa.keisotsu.lt", [7, 0], 3),
        ]
    )
    move = {"type": "fireteam_form", "seat": 1, "leader": "k3", "members": ["k3", "k1", "k2"]}
    with translation.override("fr"):
        french = SITE.move_label(move, view)
    with translation.override("en"):
        english = SITE.move_label(move, view)
    # The Lieutenant k3 reads as the plain Combi the enemy sees (its own player's hand too).
    assert french == (
        "Former une équipe liée : Keisotsu (Combi) k3, Keisotsu (Combi) k1, Keisotsu (Mitrailleuse) k2"
    ), french
    assert english.startswith("Form a fireteam: Keisotsu"), english
