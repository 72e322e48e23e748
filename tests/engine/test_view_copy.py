"""The engines' one copy of a view (`games.engine.view_copy.copied`)."""

from fractions import Fraction

from games.engine.view_copy import copied


def test_a_copied_view_changes_apart_from_the_original_and_keeps_its_tuples():
    view = {"troopers": [{"id": "t1", "hex": (3, 4), "tags": ["a"]}], "turn": 2, "x": None}
    copy = copied(view)
    assert copy == view
    copy["troopers"][0]["tags"].append("b")
    copy["troopers"][0]["hex"] = (0, 0)
    copy["turn"] = 3
    assert view == {"troopers": [{"id": "t1", "hex": (3, 4), "tags": ["a"]}], "turn": 2, "x": None}
    assert type(copied((1, [2]))) is tuple
    inner = [2]
    outer = copied((1, inner))
    assert outer[1] is not inner


def test_an_object_that_is_not_json_data_is_copied_deeply_too():
    weird = {"w": [Fraction(1, 3)]}
    copy = copied(weird)
    assert copy == weird and copy["w"] is not weird["w"]
