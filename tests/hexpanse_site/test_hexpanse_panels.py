"""The seat's panel without a database: what to do next in every state, the move being built
with its preview, warnings before self-harm, decisions, and sentences in French and English
that name players and units."""

from __future__ import annotations

import pytest
from django.utils import translation

from games.engine.hexpanse.system import SYSTEM
from games.engine.rng import Rng
from games.hexboard.turn import turn_context
from games.hexpanse_site import panels
from games.hexpanse_site.describe import describe
from games.hexpanse_site.site import SITE
from tests.engine.hexpanse.hxp import load, play, position

URLS = {"page": "/m/1/", "post": "/m/1/move", "since": "/m/1/since/", "steps": "", "replay": ""}


def panel_of(state, seat, query=None, names=("Anna", "Bruno", "Carla")):
    view = SYSTEM.view(state, seat)
    legal = SYSTEM.legal_moves(state, seat) if seat is not None else []
    turn = turn_context(SITE, view=view, seat=seat, legal=legal, query={}, urls=URLS, version=1)
    return panels.build_panel(turn, seat, query or {}, list(names)), view


def test_every_state_says_what_to_do_next():
    setup = SYSTEM.setup({"first_player": 0}, 2, Rng("words")).state
    with translation.override("en"):
        assert panel_of(setup, 0)[0].instruction == "Choose your faction."
        assert panel_of(setup, 1)[0].instruction.startswith("Waiting for Anna")
        game = load(position())
        assert "2 actions left" in panel_of(game, 0)[0].instruction
        market = play(game, {"seat": 0, "do": "end_actions"}).state
        assert panel_of(market, 0)[0].instruction.startswith("Market:")
    with translation.override("fr"):
        assert panel_of(setup, 0)[0].instruction == "Choisissez votre faction."
        assert "2 actions restantes" in panel_of(game, 0)[0].instruction


def test_picking_a_kind_then_a_hex_builds_the_engines_move():
    state = load(position())
    panel, _ = panel_of(state, 0, {"k": "place:normal"})
    assert panel.built.step == "hex" and len(panel.layer["targets"]) == 37
    panel, _ = panel_of(state, 0, {"k": "place:normal", "hex": "1,0"})
    assert panel.confirm is not None
    assert '"do":"place"' in panel.confirm.move and '"hex":"1,0"' in panel.confirm.move
    assert any("ghost" in str(p) for p in panel.layer["pieces"])


def test_a_pattern_is_previewed_where_it_falls_and_turns_by_cycling():
    state = load(position(hands=[["A19"], []], units={"0,0": (1, "normal")}))
    panel, _ = panel_of(state, 0, {"k": "play:A19:1", "at": "0,0"})
    assert panel.rotate is not None and panel.confirm is not None
    marks = [str(p) for p in panel.layer["pieces"] if "pattern-attack" in str(p)]
    assert len(marks) == 2  # the two attacked cells, drawn before confirming
    turned, _ = panel_of(state, 0, {"k": "play:A19:1", "at": "0,0", "rot": "1"})
    assert turned.confirm.move != panel.confirm.move


def test_a_warlord_on_its_skull_is_warned_before_it_moves_or_attacks():
    pos = position(units={"0,0": (0, "warlord"), "1,0": (1, "normal")}, life=[1, 6])
    state = load(pos)
    with translation.override("en"):
        moving, _ = panel_of(state, 0, {"k": "move_warlord", "to": "0,1"})
        assert any("skull" in w for w in moving.warnings)
        attacking, _ = panel_of(state, 0, {"k": "attack", "from": "0,0", "to": "1,0"})
        assert any("skull" in w for w in attacking.warnings)
        placing, _ = panel_of(state, 0, {"k": "place:normal", "hex": "2,0"})
        assert placing.warnings == []


def test_an_attack_on_ones_own_units_is_warned():
    state = load(position(hands=[["A19"], []], units={"0,0": (0, "normal"), "0,1": (1, "normal")}))
    with translation.override("en"):
        panel, _ = panel_of(state, 0, {"k": "play:A19:1", "at": "0,0", "rot": "0"})
    assert any("your own units" in w for w in panel.warnings)


def test_the_defender_decides_about_its_protector_in_the_attackers_turn():
    units = {
        "0,0": (0, "normal"),
        "1,0": (1, "normal"),
        "2,0": (1, "minor", "M01"),
        "-3,3": (1, "warlord"),
    }
    pos = position(minors=[["M06"], ["M01"]], units=units)
    asked = play(pos, {"seat": 0, "do": "attack", "from": "0,0", "to": "1,0"}).state
    with translation.override("en"):
        defender, _ = panel_of(asked, 1)
        assert "Protector" in defender.instruction
        labels = [i.label for _, items in defender.menu for i in items]
        assert "Sacrifice the Protector" in labels and "Let the unit fall" in labels
        attacker, _ = panel_of(asked, 0)
        assert attacker.instruction.startswith("Waiting for Bruno")


@pytest.mark.parametrize(
    ("language", "expected"),
    [
        ("en", "Anna places the mercenary The Baron."),
        ("fr", "Anna place le mercenaire Baron."),
    ],
)
def test_sentences_name_players_and_units(language, expected):
    event = {"kind": "UnitPlaced", "seat": 0, "unit": "merc", "card": "C09", "hex": "0,0"}
    with translation.override(language):
        assert describe(event, ["Anna", "Bruno"]) == expected
        won = describe(
            {"kind": "GameWon", "winner": [1], "how": "mission", "mission": "MS03"},
            ["Anna", "Bruno"],
        )
        assert "Bruno" in won and "0,0" not in describe(event, ["Anna", "Bruno"])


def test_every_event_the_engine_says_has_a_sentence():
    """Random games in every mode: no event kind falls back to its bare name."""
    for seats, config in ((2, {"mode": "amiral", "variants": {"expert": True}}), (3, {})):
        start = SYSTEM.setup(config, seats, Rng("sentences"))
        state, rng, chooser = start.state, start.rng, Rng("pick")
        events = list(start.events)
        while SYSTEM.outcome(state) is None:
            seat = SYSTEM.to_act(state)[0]
            move, chooser = chooser.choice(SYSTEM.legal_moves(state, seat))
            step = SYSTEM.apply(state, seat, move, rng)
            state, rng = step.state, step.rng
            events += step.events
        for e in events:
            data = e.for_seat(None) or {}
            if data:
                assert describe(data, ["A", "B", "C"]) != data["kind"], data


def test_setup_choices_say_what_they_mean():
    setup = SYSTEM.setup({"first_player": 0, "mode": "amiral"}, 2, Rng("choices")).state
    with translation.override("en"):
        panel, _ = panel_of(setup, 0)
        notes = {i.label: i.note for _, items in panel.menu for i in items}
        assert "Then your warlord takes 1 wound." in notes["Take the Union of Trade Worlds"]
        state = setup
        while state.setup is not None and state.setup.step != "mission":
            seat = SYSTEM.to_act(state)[0]
            state = SYSTEM.apply(state, seat, SYSTEM.legal_moves(state, seat)[0], Rng("x")).state
        picker = SYSTEM.to_act(state)[0]
        panel, _ = panel_of(state, picker)
        drawings = [i.drawing for _, items in panel.menu for i in items if i.drawing]
        assert len(drawings) == 3  # the three missions on offer, drawn for the picker only
        other, _ = panel_of(state, 1 - picker)
        assert not any(i.drawing for _, items in other.menu for i in items)


def test_a_move_placing_units_elsewhere_shows_their_ghosts():
    """An ability or card that places units (salvage, recover, resurrect, destroy-and-place)
    lists them under `place` with the engine's `unit` key: the preview draws each one."""
    from games.hexpanse_site import preview

    state = load(position())
    move = {"seat": 0, "do": "ability", "place": [{"hex": "1,0", "unit": "normal"}]}
    drawn, _arrows = preview.ghosts(SYSTEM.view(state, 0), 0, move)
    assert any("ghost" in str(piece) for piece in drawn)
