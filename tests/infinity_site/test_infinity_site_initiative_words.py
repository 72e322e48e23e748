"""The set-up choices' sentences read as one story: a French newcomer read « Jet d'initiative :
10 contre 11 : Ordinateur (facile) l'emporte. » then « nouveau jouera en premier. », which
looks like a mistake when nothing says the winner chose it."""

from __future__ import annotations

from django.utils import translation

from games.infinity_site.describe import describe


def test_a_roll_off_winner_who_lets_the_other_play_first_is_told_so():
    names = ["anna", "Ordinateur"]
    let = {"kind": "InitiativeChosen", "seat": 1, "first": 0}
    took = {"kind": "InitiativeChosen", "seat": 1, "first": 1}
    with translation.override("fr"):
        assert describe(let, names) == "Ordinateur laisse anna jouer en premier."
        assert describe(took, names) == "Ordinateur jouera en premier."
    with translation.override("en"):
        assert describe(let, names) == "Ordinateur lets anna play first."
        assert describe(took, names) == "Ordinateur will play first."


def test_who_deploys_first_is_told_as_who_plays_first_is():
    names = ["anna", "Ordinateur"]
    let = {"kind": "DeploymentChosen", "seat": 1, "first": 0}
    took = {"kind": "DeploymentChosen", "seat": 0, "first": 0}
    with translation.override("fr"):
        assert describe(let, names) == "Ordinateur laisse anna déployer en premier."
        assert describe(took, names) == "anna déploiera en premier."
    with translation.override("en"):
        assert describe(let, names) == "Ordinateur lets anna deploy first."
        assert describe(took, names) == "anna will deploy first."
