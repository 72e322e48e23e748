"""Each player's mark on the campaign map is unique in the campaign (colours may look alike)."""

from __future__ import annotations

from games.campaigns.presenters import distinct_initials


def test_names_that_begin_differently_keep_two_letters():
    assert distinct_initials(["anna", "bruno", "carla"]) == {
        "anna": "AN",
        "bruno": "BR",
        "carla": "CA",
    }


def test_names_that_share_a_beginning_get_more_of_it():
    marks = distinct_initials(["anna", "anatole", "bruno"])
    assert marks == {"anna": "ANN", "anatole": "ANA", "bruno": "BR"}


def test_numbered_names_are_told_apart_by_their_end():
    names = ["loadtest1", "loadtest2", "loadtest10", "player"]
    marks = distinct_initials(names)
    assert len(set(marks.values())) == len(names)
    assert marks["loadtest1"].startswith("LO") and marks["loadtest2"] == "LO2"
    assert marks["player"] == "PL"


def test_even_a_name_that_ends_another_gets_a_mark_of_its_own():
    marks = distinct_initials(["abcd", "abcdabcd"])
    assert len(set(marks.values())) == 2
