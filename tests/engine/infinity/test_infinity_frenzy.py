"""Frenzy and the fireteam (rules seed 003, 'INFINITY FIRETEAMS : TROUPES LIEES': « Les troupes
avec les Caractéristiques Frénésie ou Impétueuse qui sont membres d'une Équipe Liée deviennent
automatiquement Non Impétueuse … Exemple : Une troupe qui souffre de Frénésie rejoint une Équipe
Liée … »; spec FT-25). The Wulvers are test profiles (data/profiles.json marks them as guesses):
only their Frenzy and their unit, linkable in the Caledonian army, matter here."""

from infh import declare, keisotsu, of, order, position, run, shoot, team, trooper

from games.engine.infinity.position import state_from_json, state_to_json
from games.engine.infinity.turns import order_pool

WULVERS = ["w1", "w2", "w3"]


def wulvers(enraged=False, linked=False):
    """Three Frenzied Wulvers (w1 may lead) four hexes from two Keisotsu."""
    troopers = [
        trooper(
            "w1", 0, "caledonian.wulver.rifle", (5, 10), **({"enraged": True} if enraged else {})
        ),
        trooper("w2", 0, "caledonian.wulver.rifle", (6, 10)),
        trooper("w3", 0, "caledonian.wulver.rifle", (4, 10)),
        keisotsu("k1", (5, 6)),
        keisotsu("k2", (6, 6)),
    ]
    teams = [team(0, "w1", WULVERS)] if linked else []
    return position(
        troopers, fireteams=teams, lieutenants=("w2", "k2"), sectorials=("caledonian", "jsa")
    )


def impetuous(state):
    return dict(order_pool(state, 0).impetuous)


def wounds_k(state, target, *, burst, fireteam=False):
    """An order of w1 (alone, or leading its team) shooting `target` once home; the Keisotsu
    let it pass; the one hit fails its save."""
    first = order(0, fireteam=True) if fireteam else order(0, "w1")
    return run(
        state,
        [first, shoot(0, "w1", "rifle", (target, burst)), {"type": "aro_done", "seat": 1}]
        + [declare(0, "none")],
        dice={"w1.bs": [1] + [20] * (burst - 1), f"{target}.arm": [1]},
    )


def test_a_frenzied_trooper_is_not_impetuous_until_it_wounds_an_enemy():
    state = state_from_json(wulvers())
    assert impetuous(state) == {}
    state, events = wounds_k(state, "k1", burst=3)
    assert state.trooper("k1").state == "unconscious"
    assert of(events, "FrenzyAwakened") == [{"kind": "FrenzyAwakened", "trooper": "w1", "seat": 0}]
    assert state.trooper("w1").fury == "impetuous"
    assert impetuous(state) == {"w1": 1}  # its free impetuous order from the next pool on


def test_example_frenzy_wounds_caused_inside_the_team_are_forgotten_when_it_leaves():
    """« Même si elle cause des blessures lorsqu'elle est membre de l'Équipe Liée, quand elle
    quittera celle-ci elle ne gagnera pas l'Ordre Impétueux gratuit … Elle devra causer une
    blessure d'elle même, hors d'une Équipe Liée, pour gagner l'Ordre Impétueux. »"""
    state = state_from_json(wulvers(linked=True))
    state, events = wounds_k(state, "k1", burst=4, fireteam=True)  # 3 linked: +1 burst
    assert state.trooper("k1").state == "unconscious" and not of(events, "FrenzyAwakened")
    state, _ = run(state, [{"type": "fireteam_break", "seat": 0}])
    assert state.live_team(0) is None
    assert not state.trooper("w1").enraged and impetuous(state) == {}
    state, events = wounds_k(state, "k2", burst=3)  # now on its own
    assert of(events, "FrenzyAwakened") and impetuous(state) == {"w1": 1}


def test_example_frenzy_a_wound_caused_before_joining_returns_on_leaving():
    """« Si elle avait causé une blessure avant de rejoindre l'Équipe, elle serait devenue Non
    Impétueuse le temps de son adhésion, et redeviendrait Impétueuse dès son départ. »"""
    state, _ = wounds_k(state_from_json(wulvers()), "k1", burst=3)
    assert impetuous(state) == {"w1": 1}
    form = {"type": "fireteam_form", "seat": 0, "leader": "w1", "members": WULVERS}
    state, events = run(state, [form])
    assert of(events, "FireteamFormed")
    assert state.trooper("w1").fury_on_join == "impetuous"
    assert impetuous(state) == {}  # Non Impetuous while linked
    state, _ = run(state, [{"type": "fireteam_break", "seat": 0}])
    assert impetuous(state) == {"w1": 1}


def test_a_frenzied_member_leaving_by_its_own_order_gets_back_its_fury():
    state = state_from_json(wulvers(enraged=True, linked=True))
    assert impetuous(state) == {}
    state, events = run(state, [order(0, "w2")])  # example 9: a member given its own order
    assert of(events, "MemberLeft") or of(events, "LinkBroken")
    assert impetuous(state) == {"w1": 1}


def test_the_fury_state_is_an_optional_field_of_the_position():
    data = wulvers()
    assert "enraged" not in data["troopers"][0]
    state = state_from_json(data)
    assert state_to_json(state)["troopers"][0]["enraged"] is False
    data["troopers"][0]["enraged"] = True
    assert state_from_json(data).trooper("w1").fury == "impetuous"
    assert state_from_json(data).trooper("w2").fury == "frenzy"


def test_a_civilian_led_by_a_trooper_that_turns_impetuous_is_released():
    """CIV-6: civilians « Immobilisés car leur synchronisation a été cassée (car leurs
    Contrôleurs … sont devenus Impétueux à cause de Frénésie …) »."""
    data = wulvers()
    data["civilians"] = [{"id": "c1", "hex": [5, 11], "kind": "neutral", "synced_to": "w1"}]
    state, events = wounds_k(state_from_json(data), "k1", burst=3)
    assert of(events, "FrenzyAwakened")
    assert of(events, "CivilianReleased")[0]["civilian"] == "c1"
    assert state.civilian("c1").synced_to is None and state.civilian("c1").state == "immobilised"
