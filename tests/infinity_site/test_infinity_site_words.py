"""Sentences in French and English naming troopers and players, for every event a game produces,
and the step viewer per order."""

from __future__ import annotations

import pytest
from django.utils import translation

from games.engine.infinity.system import SYSTEM
from games.engine.protocol import event_for_seat
from games.engine.rng import Rng
from games.infinity_site.describe import SENTENCES, describe
from games.infinity_site.names import profile_label, trooper_label, weapon_name
from games.infinity_site.site import SITE


def random_events(config, seed):
    start = SYSTEM.setup(config, 2, Rng(seed))
    state, rng, chooser = start.state, start.rng, Rng(f"c{seed}")
    events = [e.to_json() for e in start.events]
    while SYSTEM.outcome(state) is None:
        seat = SYSTEM.to_act(state)[0]
        move, chooser = chooser.choice(SYSTEM.legal_moves(state, seat))
        step = SYSTEM.apply(state, seat, move, rng)
        state, rng = step.state, step.rng
        events += [e.to_json() for e in step.events]
    return events


@pytest.fixture(scope="module")
def events():
    out = []
    for n, config in enumerate(
        [
            {},
            {"scenario": "civilian_evacuation", "reactions": "auto"},
            {"hidden_deployment": True, "civilians": "mixed"},
        ]
    ):
        out += random_events(config, f"words{n}")
    return out


@pytest.mark.parametrize("language", ["fr", "en"])
def test_every_event_reads_as_a_sentence_in_both_languages(events, language):
    seen = set()
    with translation.override(language):
        for stored in events:
            e = event_for_seat(stored, 0) or event_for_seat(stored, 1) or {}
            text = describe(e, ["Anna", "Bruno"])
            assert "%(" not in text and not set(text.split()) & set(SENTENCES), (e, text)
            seen.add(e["kind"])
    assert {"OrderSpent", "Contest", "SaveRolled", "TurnStarted", "GameEnded"} <= seen
    assert seen <= set(SENTENCES)


def test_sentences_name_troopers_and_players():
    event = {"kind": "OrderSpent", "seat": 1, "trooper": "k5", "fireteam": False}
    event["order"] = "irregular"
    with translation.override("en"):
        text = describe(event, ["Anna", "Bruno"])
    assert text == "Bruno gives an irregular order to Keisotsu (HMG) k5."
    with translation.override("fr"):
        assert trooper_label("a1") == "Alguacil (Mitrailleuse) a1"
        assert trooper_label("a4") == "Alguacil (Combi) a4"  # the Lieutenant looks plain


def test_an_enemy_marker_is_named_as_the_board_names_it_a_to_one_says_so():
    view = {"markers": [{"marker": "m1", "kind": "to"}, {"marker": "m2", "kind": "camouflage"}]}
    with translation.override("fr"):
        assert trooper_label("m1", view) == "marqueur camouflé TO m1"
        assert trooper_label("m2", view) == "marqueur camouflé m2"
        assert trooper_label("m3") == "marqueur camouflé m3"  # no view: what it is, unsaid
    with translation.override("en"):
        assert trooper_label("m1", view) == "TO camouflage marker m1"


def test_face_to_face_dice_are_shown_side_by_side():
    contest = {
        "kind": "Contest",
        "attacker": "a1",
        "target": "k1",
        "weapon": "hmg",
        "sv": 17,
        "mods": {"range": 3, "fireteam": 3},
        "dice": [15, 12, 3],
        "opposed": "attack",
        "opposed_sv": 16,
        "opposed_dice": [14, 19],
        "hits": 1,
        "criticals": 0,
    }
    with translation.override("en"):
        text = describe(contest)
    assert "15 12 3 face to face with 14 19" in text and "17 to succeed" in text
    assert "range +3" in text and "fireteam +3" in text and "1 hit" in text


def test_the_step_viewer_shows_each_order_in_steps(events):
    start = SYSTEM.start_view({}, 2)
    with translation.override("en"):
        sequences = SITE.steps(
            start, [{**e["data"], "kind": e["kind"]} for e in events[:400]], ["Anna", "Bruno"]
        )
    assert sequences and all(seq for seq in sequences)
    titles = {step.title for seq in sequences for step in seq}
    assert "First skill" in titles
    assert any(step.pieces for seq in sequences for step in seq)


def test_the_french_catalogue_has_every_sentence_translated_and_none_fuzzy():
    """A fuzzy entry is skipped when compiled: the French page then shows English."""
    from pathlib import Path

    import games.infinity_site

    po = Path(games.infinity_site.__file__).parent / "locale/fr/LC_MESSAGES/django.po"
    entries = po.read_text().split("\n\n")[1:]  # the header is fuzzy by convention
    fuzzy = [e for e in entries if "#, fuzzy" in e and not e.lstrip().startswith("#~")]
    assert not fuzzy, fuzzy
    untranslated = [e for e in entries if e.rstrip().endswith('msgstr ""')]
    assert not untranslated, untranslated
    with translation.override("fr"):
        assert SITE.move_label({"type": "end_turn", "policies": {"a1": _AUTO}}, {}).startswith(
            "Terminer le tour"
        )


_AUTO = {"on_sight": "shoot", "on_template": "dodge"}


@pytest.mark.parametrize("language", ["en", "fr"])
def test_every_command_type_has_words_in_both_languages(language):
    """A type neither the button words nor the board sentences knew used to bounce between
    move_label and _describe_choice until RecursionError (a Guts move did, mid-game)."""
    from games.engine.infinity.moves import TYPES

    with translation.override(language):
        for kind in TYPES:
            move = {"type": kind, "trooper": "a1", "to": [0, 0]}
            label = SITE.move_label(move, {})
            assert label and label != kind, kind
    with translation.override("fr"):
        assert "Bravoure" in SITE.move_label({"type": "guts", "trooper": "a1", "to": [0, 1]}, {})


def told(*events):
    """Each event's sentence, in French and in English."""
    out = {}
    for language in ("fr", "en"):
        with translation.override(language):
            out[language] = [describe(e, ["Anna", "Bruno"]) for e in events]
    return out["fr"], out["en"]


def test_a_frenzy_awakened_is_told_in_both_languages():
    (french,), (english,) = told({"kind": "FrenzyAwakened", "seat": 1, "trooper": "k5"})
    assert "k5" in french and "Frénésie" in french and "Impétueux" in french
    assert "k5" in english and "Frenzy" in english and "Impetuous" in english


def test_a_synchronised_pair_and_its_link_are_told_in_both_languages():
    spent = {"kind": "OrderSpent", "seat": 0, "order": "regular", "trooper": "a1"}
    spent |= {"troopers": ["a1", "a2"], "synchronised": True}
    lost = {"kind": "RemoteDisconnected", "trooper": "a2", "controller": "a1"}
    back = {"kind": "RemoteReconnected", "trooper": "a2", "controller": "a1"}
    french, english = told(spent, lost, back)
    assert "G : Synchronisé" in french[0] and "a2" in french[0]
    assert "G: Synchronised" in english[0] and "a2" in english[0]
    assert all("a1" in text and "a2" in text for text in french[1:] + english[1:])
    assert french[1] != english[1] and french[2] != english[2]


def test_a_dogged_trooper_fighting_on_is_told_in_both_languages():
    (french,), (english,) = told({"kind": "DoggedFightsOn", "seat": 0, "trooper": "a1"})
    assert "Tenace" in french and "a1" in french
    assert "Dogged" in english and "a1" in english


def test_a_shot_at_scenery_is_told_in_both_languages():
    events = [
        {"kind": "SkillDeclared", "seat": 0, "index": 1, "skill": "bs_attack", "trooper": "a1"}
        | {"weapon": "missile_launcher", "mode": "N", "structure": [6, 8]},
        {"kind": "StructureShot", "attacker": "a1", "weapon": "missile_launcher", "sv": 5}
        | {"mods": {"range": 0, "speculative": -6}, "dice": [1], "hex": [6, 8], "hits": 1},
        {"kind": "StructureSaved", "hex": [6, 8], "attacker": "a1", "critical": False}
        | {"dam": 14, "arm": 2, "dice": [1, 20, 3], "lost": 2},
        {"kind": "StructureDestroyed", "hex": [6, 8]},
    ]
    for texts in told(*events):
        assert all("%(" not in text and text for text in texts)
        assert "a1" in texts[0] and "-6" in texts[1] and "2" in texts[2]
    assert "décor" in told(events[3])[0][0]


def test_the_i_kohl_modifier_is_named_in_both_languages():
    from games.infinity_site.skill_words import mods_text

    with translation.override("fr"):
        assert mods_text({"berserk": 9, "i_kohl": -9}) == "berserk +9, i-Kohl -9"
    with translation.override("en"):
        assert mods_text({"i_kohl": -3}) == "i-Kohl -3"


def test_a_nanoscreen_placed_and_switched_off_is_told_in_both_languages():
    french, english = told(
        {"kind": "ScreenPlaced", "trooper": "g1", "side": 1},
        {"kind": "ScreenDown", "trooper": "g1", "ammo": "Fire"},
    )
    assert "Nano-écran" in french[0] and "nord-est" in french[0] and "g1" in french[0]
    assert "Nanoscreen" in english[0] and "north-east" in english[0]
    assert "incendiaire (INC)" in french[1] and "désactivé" in french[1]
    assert "incendiary (INC)" in english[1] and "switches off" in english[1]


def test_a_servant_pair_and_its_treatment_are_told_in_both_languages():
    spent = {"kind": "OrderSpent", "seat": 0, "order": "regular", "trooper": "z1"}
    spent |= {"troopers": ["z1", "y1"], "synchronised": True, "servant": True}
    treated = {"kind": "Treated", "trooper": "y1", "patient": "p1", "method": "servant"}
    treated |= {"controller": "z1", "success": True, "die": 4, "sv": 13}
    french, english = told(spent, treated)
    assert "G : Serviteur" in french[0] and "G: Servant" in english[0]
    assert all(w in french[1] for w in ("y1", "p1", "z1", "VOL 4 contre 13"))
    assert all(w in english[1] for w in ("y1", "p1", "z1", "WIP 4 against 13"))


def test_the_lieutenant_order_spent_on_guts_is_told_in_both_languages():
    used = {"kind": "LieutenantOrderUsed", "seat": 0, "use": "guts", "trooper": "a1"}
    passed = {"kind": "GutsPassed", "trooper": "a1", "lieutenant": True}
    french, english = told(used, passed)
    assert "Ordre Spécial du Lieutenant" in french[0] and "a1" in french[0]
    assert "Lieutenant special order" in english[0] and "a1" in english[0]
    assert "Lieutenant" in french[1] and "Lieutenant" in english[1]


def test_a_trooper_fleeing_in_retreat_is_told_in_both_languages():
    declared = {"kind": "SkillDeclared", "seat": 0, "index": 1, "skill": "withdraw"}
    declared |= {"trooper": "a1"}
    fled = {"kind": "Withdrew", "trooper": "a1", "seat": 0}
    french, english = told(declared, fled)
    assert "fuit" in french[0] and "Retraite" in french[1] and "a1" in french[1]
    assert "flees" in english[0] and "Retreat" in english[1] and "a1" in english[1]


def test_crazykoalas_are_told_in_both_languages():
    events = [
        {"kind": "KoalaDeployed", "seat": 0, "carrier": "m1", "koala": "m1.k1", "hex": [2, 7]},
        {"kind": "KoalasLost", "seat": 0, "carrier": "m1"},
        {"kind": "KoalaMoved", "koala": "m1.k1", "hex": [2, 6]},
        {"kind": "KoalaTriggered", "koala": "m1.k1", "seat": 0, "target": "w1"},
        {"kind": "KoalaExploded", "koala": "m1.k1", "target": "w1", "dodged": False},
        {"kind": "KoalaExploded", "koala": "m1.k1", "target": "w1", "dodged": True},
    ]
    french, english = told(*events)
    assert all("CrazyKoala" in text for text in french + english)
    assert "w1" in french[3] and "Anna" in french[3] and "Choc" in french[4]
    assert "w1" in english[3] and "Shock" in english[4] and "dodged" in english[5]
    assert all(f != e for f, e in zip(french, english, strict=True))


def test_weapons_read_in_french_on_french_pages_but_proper_names():
    """Weapons by the French text's names: « Fusil Combi » in French, but « Chain Rifle » as the
    French text writes it (seed 003: « un Highlander armé d'un Chain Rifle »); names the French
    books keep (Spitfire, Contender, D.E.P.) stay as they are."""
    with translation.override("fr"):
        assert weapon_name("combi_rifle") == "Fusil Combi"
        assert weapon_name("chain_rifle") == "Chain Rifle"
        assert profile_label("jsa.domaru.chain") == "Domaru Butai (Chain Rifle)"
        assert weapon_name("spitfire") == "Spitfire" and weapon_name("contender") == "Contender"
        assert profile_label("nomads.moran.crazykoala") == "Moran Maasai Hunter (CrazyKoalas)"
    with translation.override("en"):
        assert weapon_name("chain_rifle") == "Chain Rifle"


def test_a_profiles_label_follows_the_readers_language_each_time():
    # Labels are kept per language (names._profile_label): the reader's language still wins.
    for _ in range(2):
        with translation.override("fr"):
            assert profile_label("corregidor.alguacil.paramedic") == "Alguacil (infirmier)"
        with translation.override("en"):
            assert profile_label("corregidor.alguacil.paramedic") == "Alguacil (paramedic)"


def test_the_initiative_roll_off_says_a_tie_is_rolled_again_and_who_won_it():
    tie = {"kind": "InitiativeRolled", "dice": [4, 4]}
    won = {"kind": "InitiativeRolled", "dice": [8, 5]}
    lost = {"kind": "InitiativeRolled", "dice": [3, 12]}
    names = ["anna", "bruno"]
    with translation.override("fr"):
        french = [describe(e, names) for e in (tie, won, lost)]
    with translation.override("en"):
        english = [describe(e, names) for e in (tie, won, lost)]
    assert french[0] == "Jet d'initiative : 4 contre 4, égalité : on relance."
    assert french[1] == "Jet d'initiative : 8 contre 5 : anna l'emporte."
    assert english[2] == "Initiative roll-off: 3 against 12: bruno wins it."
    assert english[0] == "Initiative roll-off: 4 against 4, a tie: rolled again."


def test_the_boards_scenery_is_named_in_the_readers_language():
    """A French page titled its hexes « low wall », « building », « rough »."""
    view = SYSTEM.start_view({}, 2)
    with translation.override("en"):
        english = str(SITE.grid(view)[1])
    with translation.override("fr"):
        french = str(SITE.grid(view)[1])
    assert "<title>low wall</title>" in english and "<title>building</title>" in english
    assert "<title>difficult terrain</title>" in english
    assert "<title>muret</title>" in french and "<title>bâtiment</title>" in french
    assert "<title>terrain difficile</title>" in french
    for english_word in ("low wall", "building", "rough"):
        assert f"<title>{english_word}</title>" not in french


def test_a_marker_taken_off_the_table_while_deploying_is_told_in_both_languages():
    lifted = {"kind": "MarkerLifted", "seat": 1, "marker": "m1"}
    with translation.override("fr"):
        assert describe(lifted, ["anna", "bruno"]) == (
            "bruno retire de la table le marqueur camouflé m1."
        )
    with translation.override("en"):
        assert describe(lifted, ["anna", "bruno"]) == (
            "bruno takes camouflage marker m1 off the table."
        )


def test_discover_and_a_sweep_tell_their_roll_and_outcome_in_both_languages():
    """The two WIP rolls that find something or nothing share one sentence maker
    (describe._wip_roll): each outcome still says its own words, with the die and its value."""
    roll = {"trooper": "a1", "sv": 12, "die": 7, "success": True}
    events = [
        {"kind": "DiscoverRolled", **roll, "marker": "m2", "mods": {"discover": -3}},
        {"kind": "DiscoverRolled", **roll, "marker": "m2", "mods": {}, "success": False},
        {"kind": "MinesweepRolled", **roll, "seat": 0, "mines": ["m1"], "koalas": ["x1.k1"]},
        {"kind": "MinesweepRolled", **roll, "seat": 0, "mines": [], "success": False},
    ]
    french, english = told(*events)
    assert "looks for camouflage marker m2: WIP 7 against 12" in english[0]
    assert english[1].endswith("nothing.") and "success (mine m1, a CrazyKoala)" in english[2]
    assert "failure (no mine around)" in english[3]
    assert "trouvé !" in french[0] and "rien." in french[1]
    assert "VOL 7 contre 12, réussi (" in french[2] and "raté" in french[3]
    assert all("a1" in text for text in french + english)
