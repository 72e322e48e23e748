"""Army lists (tier 2: points, SWC and AVA for Corregidor and the JSA, spec Appendix A and B):
the price of a list and every reason it cannot be played; lists in a game's config, with ids
unique even in a mirror match; the command line's `new` with a list."""

import json
import subprocess
import sys

import pytest

from games.engine.infinity import armies
from games.engine.infinity.data import rosters
from games.engine.infinity.system import SYSTEM
from games.engine.rng import Rng


def listing(sectorial, *profiles, **extra):
    return {"sectorial": sectorial, "units": [{"profile": p} for p in profiles], **extra}


def codes(army):
    return [p.code for p in SYSTEM.price_army(army).problems]


def test_the_starter_rosters_are_valid_lists_with_their_points_and_swc():
    corregidor = SYSTEM.price_army(armies.starter("corregidor"))
    assert corregidor.valid and corregidor.total == 145
    # HMG 1 + grenadier 1 + Lieutenant 1 (Appendix A); the Mobile Brigada's MULTI has none.
    assert corregidor.figures["swc_halves"] == 6 and corregidor.figures["troopers"] == 9
    # Part C's JSA: Keisotsu (Lieutenant, HMG, grenadier, combi) + Domaru, no paramedic.
    jsa = SYSTEM.price_army(armies.starter("jsa"))
    assert jsa.valid and jsa.total == 149 and [u.subtotal for u in jsa.units][-1] == 27
    assert "jsa.keisotsu.paramedic" not in [u["profile"] for u in armies.starter("jsa")["units"]]


# B.15: « 150 points (starter) », SWC = points ÷ 50.
STARTER_POINTS = 150


@pytest.mark.parametrize("key", sorted(rosters()))
def test_every_starter_roster_is_within_the_starter_points_and_their_swc(key):
    army = {**armies.starter(key), "points_limit": STARTER_POINTS}
    price = SYSTEM.price_army(army)
    assert price.figures["swc_halves"] <= price.figures["swc_allowed_halves"] == 6
    assert price.total <= STARTER_POINTS
    assert codes(army) == []


def test_a_game_set_up_before_the_correction_keeps_its_two_mobile_brigadas():
    """A config stored without `setup_version` (setup.SETUP_VERSIONS): its match's log replays."""
    old = SYSTEM.setup({}, 2, Rng("lists")).state
    assert [(t.id, t.profile) for t in old.army(0) if t.id.startswith("b")] == [
        ("b1", "corregidor.mobile_brigada.hmg"),
        ("b2", "corregidor.mobile_brigada.multi"),
    ]
    new = SYSTEM.setup(SYSTEM.validate_config({}, 2), 2, Rng("lists")).state
    assert [t.id for t in new.army(0)] == ["a1", "a2", "a3", "a4", "a5", "b1", "a6", "a7", "a8"]
    assert new.trooper("b1").profile == "corregidor.mobile_brigada.multi"
    assert new.seats[0].army_points == 145


def test_a_game_set_up_before_the_jsas_correction_keeps_its_paramedic():
    """A config stored with `setup_version` 1 or 2 (setup.SETUP_VERSIONS) fields the JSA it had
    then, k4 a paramedic (152 points); a new game's k4 is a combi (149)."""
    for stored in ({}, {"setup_version": 2}):
        old = SYSTEM.setup(stored, 2, Rng("lists")).state
        assert old.trooper("k4").profile == "jsa.keisotsu.paramedic"
        assert old.seats[1].army_points == 152
    new = SYSTEM.setup(SYSTEM.validate_config({}, 2), 2, Rng("lists")).state
    assert [t.id for t in new.army(1)] == ["k1", "k2", "k3", "k4", "k5", "k6", "d1", "d2", "d3"]
    assert new.trooper("k4").profile == "jsa.keisotsu.combi"
    assert new.seats[1].army_points == 149


def test_a_points_limit_brings_the_swc_allowance_of_one_per_fifty_points():
    army = listing(
        "corregidor",
        "corregidor.alguacil.lt",
        "corregidor.mobile_brigada.hmg",
        "corregidor.alguacil.hmg",
        points_limit=100,
    )
    price = SYSTEM.price_army(army)
    assert price.total == 72 and price.figures["swc_allowed_halves"] == 4
    assert codes(army) == ["over_swc"]  # 1 + 2 + 1 = 4 SWC, 2 allowed
    assert "over_points_limit" in codes({**army, "points_limit": 60})


def test_ava_one_lieutenant_and_a_group_of_ten_are_checked():
    brigada = ["corregidor.mobile_brigada.multi"] * 7
    assert codes(listing("corregidor", "corregidor.alguacil.lt", *brigada)) == ["over_ava"]
    assert codes(listing("corregidor", "corregidor.alguacil.combi")) == ["one_lieutenant"]
    two = listing("jsa", "jsa.keisotsu.lt", "jsa.keisotsu.lt")
    assert codes(two) == ["one_lieutenant"]
    eleven = listing("jsa", "jsa.keisotsu.lt", *["jsa.keisotsu.combi"] * 10)
    assert codes(eleven) == ["group_size"]


def test_profiles_outside_the_sectorial_or_unknown_have_no_price():
    price = SYSTEM.price_army(listing("corregidor", "corregidor.alguacil.lt", "jsa.keisotsu.hmg"))
    assert price.total is None and [(p.code, p.unit) for p in price.problems] == [
        ("not_in_sectorial", "u2")
    ]
    assert codes(listing("corregidor", "nope")) == ["unknown_profile"]
    assert codes(listing("nomads", "corregidor.alguacil.lt")) == ["unknown_sectorial"]
    assert codes(listing("corregidor", "corregidor.alguacil.fo")) == ["not_in_sectorial"]
    assert "corregidor.alguacil.fo" not in armies.offered("corregidor")


def test_lists_in_a_config_give_every_trooper_a_unique_id_and_one_lieutenant():
    mine = listing(
        "corregidor",
        "corregidor.alguacil.lt",
        "corregidor.alguacil.paramedic",
        "corregidor.mobile_brigada.multi",
    )
    config = SYSTEM.config_with_armies({}, [mine, mine])
    state = SYSTEM.setup(config, 2, Rng("lists")).state
    assert [t.id for t in state.army(0)] == ["a1", "a2", "b1"]
    assert [t.id for t in state.army(1)] == ["a3", "a4", "b2"]  # a mirror: ids run on
    assert state.hidden[0].lieutenant == "a1" and state.hidden[1].lieutenant == "a3"
    assert state.seats[0].army_points == 67 and state.seats[1].sectorial == "corregidor"
    kept = SYSTEM.config_with_armies({"armies": ["jsa", "corregidor"]}, [mine, None])
    assert kept["armies"][1] == "corregidor"


def test_a_list_that_cannot_be_played_is_refused_with_its_reasons():
    bad = listing("corregidor", "corregidor.alguacil.combi")
    with pytest.raises(ValueError, match="one_lieutenant"):
        SYSTEM.validate_config({"armies": [bad, "jsa"]}, 2)
    fine = listing("corregidor", "corregidor.alguacil.lt", "corregidor.mobile_brigada.hmg")
    with pytest.raises(ValueError, match="over_points_limit"):
        SYSTEM.validate_config({"armies": [fine, "jsa"], "points_limit": 50}, 2)
    assert SYSTEM.points_limit({"points_limit": 150}) == 150


def test_new_on_the_command_line_takes_a_full_list(tmp_path):
    scenario = tmp_path / "scenario.json"
    scenario.write_text(json.dumps({"scenario": "annihilation"}))
    mine = tmp_path / "mine.json"
    mine.write_text(
        json.dumps(listing("jsa", "jsa.keisotsu.lt", "jsa.domaru.chain", "jsa.domaru.chain"))
    )
    theirs = tmp_path / "theirs.json"
    theirs.write_text(json.dumps({"roster": "corregidor"}))
    done = subprocess.run(
        [sys.executable, "-m", "games.engine.infinity", "new", scenario, mine, theirs],
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 0, done.stdout
    position = json.loads(done.stdout)
    assert [t["id"] for t in position["troopers"]][:3] == ["k1", "d1", "d2"]
    assert position["seats"][0]["army_points"] == 63
