"""The fireteam's +1 burst with MULTI and direct template weapons (T: 'Explication sur le Bonus
de +1 à la Rafale' and its example): the bonus goes to the burst of the ammunition fired; in ARO
a special ammunition fires burst 2, the integrated one (AP + DA) still not at all; a direct
template weapon is laid twice. The example's MULTI Sniper Rifle has no profile here: its
numbers are the MULTI Rifle's special ones (burst 2 + 1)."""

import pytest

from games.engine.infinity import common as cm
from games.engine.infinity.data import weapon

TEAM_OF_THREE = cm.bonus_for(3)


@pytest.mark.parametrize(("mode", "burst"), [("N", 4), ("AP", 3), ("DA", 3), ("AP+DA", 2)])
def test_example_a_linked_multi_rifle_in_the_active_turn(mode, burst):
    """« Un Fusil MULTI tirant la Munition Normale en tour actif aura une R 4, en tirant une
    Munition Spéciale il aura une R 3, et en tirant une Munition Spéciale Intégrée il aura une
    R 2 »."""
    w = weapon("multi_rifle")
    assert cm.burst_for(w, w.modes[mode], TEAM_OF_THREE, reactive=False) == burst


def test_example_in_aro_the_special_ammunition_has_burst_2_but_not_the_integrated_one():
    """« Avec ce Bonus appliqué en ORA, … le Fusil MULTI [a] une R 2 pour tirer une Munition
    Spéciale, mais [il ne peut] toujours pas tirer une Munition Spéciale Intégrée »."""
    w = weapon("multi_rifle")
    assert cm.burst_for(w, w.modes["AP"], TEAM_OF_THREE, reactive=True) == 2
    assert w.modes["AP+DA"].no_aro


def test_example_a_linked_direct_template_weapon_is_laid_twice():
    """« Les armes à Gabarit Direct (Chain Rifles, Lance-flammes…), grâce à ce Bonus, agissent
    comme si elles avaient R 2 »."""
    for wid in ("chain_rifle", "light_flamethrower"):
        w = weapon(wid)
        assert cm.burst_for(w, w.modes["N"], TEAM_OF_THREE, reactive=False) == 2
        assert cm.burst_for(w, w.modes["N"], cm.NO_BONUS, reactive=False) == 1
