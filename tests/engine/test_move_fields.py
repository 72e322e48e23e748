"""The shared readers of move fields (games/engine/move_fields.py), and each system's decoder
still refusing a malformed move with its own code and sentence after it took them up."""

from __future__ import annotations

from importlib import import_module

import pytest

from games.engine.move_fields import (
    as_hex,
    filled,
    read_hex,
    read_int,
    read_list,
    read_pair,
    read_str,
    read_strs,
)
from games.engine.protocol import IllegalMove, MalformedMove


def test_a_hex_is_two_whole_numbers_and_a_boolean_is_not_one():
    assert as_hex([2, -1]) == (2, -1)
    assert as_hex((2, -1)) == (2, -1)
    for bad in ([2, True], [2], [1, 2, 3], "2,-1", None, [2.0, 1]):
        assert as_hex(bad) is None


def test_each_reader_returns_its_value_typed():
    assert read_int(3, "tile") == 3
    assert read_str("a1", "figure") == "a1"
    assert read_hex([0, 1], "hex") == (0, 1)
    assert read_pair([[0, 1], "x"], "swap") == ([0, 1], "x")
    assert read_list([1, "a"], "path") == [1, "a"]
    assert read_strs(["a", "b"], "targets") == ("a", "b")


@pytest.mark.parametrize(
    ("read", "value", "sentence"),
    [
        (read_int, True, "'tile' must be a whole number."),
        (read_str, 3, "'tile' must be a text."),
        (read_hex, [0, "1"], "'tile' must be a hex as [q, r]."),
        (read_pair, [0], "'tile' must be a list of two."),
        (read_list, (0, 1), "'tile' must be a list."),
        (read_strs, ["a", 1], "'tile' must be a list of names."),
    ],
)
def test_each_reader_refuses_a_wrong_value_as_a_malformed_move_naming_the_field(
    read, value, sentence
):
    with pytest.raises(MalformedMove) as refused:
        read(value, "tile")
    assert refused.value.code == "malformed"
    assert str(refused.value) == sentence


def test_a_range_and_a_system_sentence_and_code_are_the_callers():
    assert read_int(5, "facing", lo=0, hi=5) == 5
    with pytest.raises(MalformedMove, match=r"^facing is 0 to 5, not 6\.$"):
        read_int(6, "facing", "{name} is {lo} to {hi}, not {value}.", lo=0, hi=5)

    def refuse(reason: str, /, **values: object) -> IllegalMove:
        return IllegalMove(reason, "invalid_move", **values)

    with pytest.raises(IllegalMove) as refused:
        read_hex("x", "at", 'Not a hex: "{value}".', refuse)
    assert (refused.value.code, str(refused.value)) == ("invalid_move", 'Not a hex: "x".')


def test_a_reader_raises_its_template_and_values_for_a_site_to_translate():
    """A site translates the template and names the field its own way (refusal_sentence.py):
    a sentence filled in before it is raised is one no catalogue knows."""
    with pytest.raises(MalformedMove) as refused:
        read_int(9, "facing", "{name} is {lo} to {hi}, not {value!r}.", lo=0, hi=5)
    assert refused.value.template == "{name} is {lo} to {hi}, not {value!r}."
    assert refused.value.values == {"name": "facing", "value": 9, "lo": 0, "hi": 5}
    assert refused.value.reason == "facing is 0 to 5, not 9."


def test_a_position_reader_fills_its_sentence_in_for_its_own_error():
    class PositionError(ValueError):
        pass

    with pytest.raises(PositionError, match=r"^not a hex: 'x'$"):
        read_hex("x", "hex", "not a hex: {value!r}", filled(PositionError))


# Each system's sentences, as its decoder wrote them before the readers were shared.
SENTENCES = [
    ("neuroshima", {"type": "PlaceHQ", "hex": [0, True]}, "'hex' must be a whole number."),
    ("neuroshima", {"type": "PlaceHQ", "hex": [0]}, "'hex' must be a hex as [q, r]."),
    ("neuroshima", {"type": "Discard", "tile_index": True}, "'tile_index' must be a whole number."),
    ("skirmish", {"type": "place_prison", "hex": [0]}, "A hex is a pair of integers [q, r]."),
    ("skirmish", {"type": "choose_first", "first": 3}, "The move needs a text field 'first'."),
    ("skirmish", {"type": "flee_declaration", "models": "x"}, "The move needs a list 'models'."),
    ("paintball", {"type": "grenade_scatter", "hex": [0, 1, 2]}, "Not a hex: [0, 1, 2]."),
    ("paintball", {"type": "aim"}, "The move needs a figure."),
    (
        "paintball",
        {"type": "shoot", "figure": "a", "targets": [1]},
        "targets must be a list of names.",
    ),
    (
        "paintball",
        {"type": "face", "figure": "a", "facing": True},
        "facing must be a whole number.",
    ),
    (
        "infinity",
        {"type": "deploy", "trooper": "a", "hex": [0, "x"]},
        "hex must be a pair of whole numbers [q, r].",
    ),
    ("infinity", {"type": "deploy", "trooper": 5, "hex": [0, 0]}, "trooper must be a string."),
    (
        "infinity",
        {"type": "deploy", "trooper": "a", "hex": [0, 0], "facing": 7},
        "facing must be a whole number from 0 to 5.",
    ),
    ("infinity", {"type": "order", "join": [1]}, "join must be a list of ids."),
    ("infinity", {"type": "deploy", "hex": [0, 0]}, "The move needs a trooper."),
    ("hexpanse", {"do": "place", "hex": [0, True]}, '"hex" must be a hex written "q,r".'),
    ("hexpanse", {"do": "place", "option": "1"}, '"option" must be a whole number.'),
    ("hexpanse", {"do": "place", "unit": 1}, '"unit" must be a text.'),
    ("hexpanse", {"do": "place", "swap": [[0, 0]]}, '"swap" is a list of two hexes.'),
    ("hexpanse", {"do": "place", "skip": 1}, '"skip" is true or false.'),
    ("hexpanse", {"do": "fly"}, "Unknown move 'fly'."),
    ("hexpanse", {"do": "place", "place": [{"unit": "ogre"}]}, "Unknown unit kind 'ogre'."),
    ("hexpanse", {"do": "gain", "b": 1, "a": 2}, "Unknown move fields: a, b."),
]


@pytest.mark.parametrize(("system", "move", "sentence"), SENTENCES)
def test_every_decoder_keeps_its_own_code_and_sentence(system, move, sentence):
    decode = import_module(f"games.engine.{system}.moves").decode
    with pytest.raises(IllegalMove) as refused:
        decode(move)
    assert refused.value.code == ("invalid_move" if system == "hexpanse" else "malformed")
    assert str(refused.value) == sentence


def test_hexpanse_still_reads_a_hex_written_as_text():
    decode = import_module("games.engine.hexpanse.moves").decode
    assert decode({"do": "place", "hex": "1,-2"}).hex == (1, -2)
